import { describe, expect, it } from 'vitest';
import { formatPiastres } from '../../shared/domain/currency';
import { isolate } from '../../shared/domain/bidi';
import { languages } from '../../shared/domain/languages';
import type { MessageOrder, OutboxMessage } from './kinds';
import { localeFolders, OptionLabels } from './option-labels';
import { renderMessage, type MailShop } from './render';

const labels = new OptionLabels(localeFolders('dist/client-none'));
const shop: MailShop = {
  name: 'Nasma',
  phone: '+20 100 555 0123',
  whatsapp: '+20 100 555 0123',
  email: 'hello@nasma.test',
  address: '12 Street 9, Maadi, Cairo',
};
const order: MessageOrder = {
  number: 'NSM-100042',
  link: '/order/NSM-100042?token=abc',
  customerName: 'Mona <b>Adel</b>',
  phone: '01005550123',
  governorate: 'ALX',
  city: 'Smouha',
  address: '5 Fawzi Moaz St. & Co',
  notes: 'Ring twice',
  lines: [
    { name: 'Lavender essential oil', options: '30 ml', quantity: 2, unitPrice: 25000, lineTotal: 50000 },
    { name: 'Amber candle', options: null, quantity: 1, unitPrice: 32050, lineTotal: 32050 },
  ],
  subtotal: 82050,
  shippingFee: 6500,
  total: 88550,
  placedAt: '2026-11-24T10:30:00.000Z',
};
const base = { to: 'mona@example.com', origin: 'https://nasma.example' };

const every: OutboxMessage[] = languages.flatMap((language) => [
  { ...base, language, kind: 'order_received', order },
  { ...base, language, kind: 'merchant_new_order', order },
  ...(['confirmed', 'shipped', 'delivered', 'cancelled'] as const).map((status) => ({
    ...base,
    language,
    kind: 'order_status' as const,
    status,
    order,
    trackingNote: 'Bosta 7741',
    ...(status === 'delivered' ? { reviewLink: '/review/NSM-100042?e=1&token=abcdefghij' } : {}),
  })),
  ...(['card', 'wallet', 'kiosk'] as const).map((method) => ({ ...base, language, kind: 'payment_received' as const, method, order })),
  { ...base, language, kind: 'payment_failed', order },
  { ...base, language, kind: 'refund_made', order, amount: 20000, refundedTotal: 30000, reason: 'One candle arrived broken' },
  { ...base, language, kind: 'low_stock_daily', day: '2026-11-24', items: [{ productId: 3, name: 'Oud diffuser', options: '300 ml', stock: 2 }] },
  { ...base, language, kind: 'password_reset', name: 'Mona', link: '/reset-password?token=xyz' },
  { ...base, language, kind: 'sign_up_link', name: 'Mona', link: '/verify-email?token=xyz' },
  { ...base, language, kind: 'sign_up_taken', name: 'Mona' },
]);

describe('renderMessage', () => {
  it.each(every.map((m) => [`${m.kind}${'status' in m ? `/${m.status}` : ''}${'method' in m ? `/${m.method}` : ''} in ${m.language}`, m] as const))(
    '%s has its texts, direction and the shop',
    (_, message) => {
      const mail = renderMessage(message, shop, labels);
      // A missing text would show as its key (orderReceived.subject) or an unfilled {{placeholder}}.
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toMatch(
          /\{\{|\b(orderReceived|merchantNewOrder|status|paymentReceived|paymentFailed|refundMade|paidBy|lowStock|passwordReset|signUpLink|signUpTaken)\.[a-z]|\bnotPaidYet\b/,
        );
      }
      expect(mail.html).toMatch(new RegExp(`^<!doctype html><html lang="${message.language}" dir="${message.language === 'ar' ? 'rtl' : 'ltr'}">`));
      expect(mail.html).toContain('Nasma');
      expect(mail.text).toContain('hello@nasma.test');
    },
  );

  it('an order paid online is not told to pay the courier, nor is its merchant', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'order_received', order, paymentMethod: 'card' }, shop, labels);
    for (const part of [mail.html, mail.text]) {
      expect(part).not.toContain('Cash on delivery');
      expect(part).toContain('As soon as your payment arrives');
      expect(part).toContain('Not paid yet');
    }
    const merchant = renderMessage({ ...base, language: 'ar', kind: 'merchant_new_order', order, paymentMethod: 'wallet' }, shop, labels);
    expect(merchant.text).toContain('الدفع عبر الإنترنت');
  });

  it('writes the order e-mail with its lines, totals in EGP, address, cash on delivery and the link', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'order_received', order }, shop, labels);
    expect(mail.subject).toBe('We received your order NSM-100042');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Lavender essential oil');
      expect(part).toContain(formatPiastres(88550, 'en'));
      expect(part).toContain('Cash on delivery');
      expect(part).toContain('Alexandria');
      expect(part).toContain('https://nasma.example/order/NSM-100042?token=abc');
    }
  });

  it('writes Arabic right to left with the totals as the Arabic storefront shows them', () => {
    const mail = renderMessage({ ...base, language: 'ar', kind: 'order_received', order }, shop, labels);
    expect(mail.subject).toBe('استلمنا طلبك \u2068NSM-100042\u2069');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(formatPiastres(88550, 'ar'));
    expect(mail.html).toContain('الإسكندرية');
    expect(mail.text).toContain('الدفع عند الاستلام');
  });

  it('escapes what people wrote in the HTML and keeps it as written in the text', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'order_received', order }, shop, labels);
    expect(mail.html).not.toContain('<b>Adel</b>');
    expect(mail.html).toContain('Mona &#60;b&#62;Adel&#60;/b&#62;');
    expect(mail.html).toContain('5 Fawzi Moaz St. &#38; Co');
    expect(mail.text).toContain('Mona <b>Adel</b>');
  });

  it('names the status in the subject and shows the tracking note of a shipped order', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'order_status', status: 'shipped', order, trackingNote: 'Bosta, tracking 7741' }, shop, labels);
    expect(mail.subject).toBe('Your order NSM-100042 is on its way');
    expect(mail.html).toContain('Bosta, tracking 7741');
    expect(mail.text).toContain(`have ${formatPiastres(88550, 'en')} ready`);
  });

  it('a delivered order’s e-mail leads to its review page first, in the buyer’s language', () => {
    const reviewLink = '/review/NSM-100042?e=1&token=abcdefghij';
    const en = renderMessage({ ...base, language: 'en', kind: 'order_status', status: 'delivered', order, trackingNote: null, reviewLink }, shop, labels);
    expect(en.text).toContain(`Review your order: https://nasma.example${reviewLink}`);
    const ar = renderMessage({ ...base, language: 'ar', kind: 'order_status', status: 'delivered', order, trackingNote: null, reviewLink }, shop, labels);
    expect(ar.text).toContain(`قيّم طلبك: https://nasma.example${reviewLink}`);
    expect(renderMessage({ ...base, language: 'en', kind: 'order_status', status: 'delivered', order, trackingNote: null }, shop, labels).text).not.toContain(
      '/review/',
    );
  });

  it('links the merchant to the order in the admin and the shopper to reset or sign in', () => {
    expect(renderMessage({ ...base, language: 'en', kind: 'merchant_new_order', order }, shop, labels).html).toContain(
      'https://nasma.example/admin/orders?q=NSM-100042',
    );
    const taken = renderMessage({ ...base, language: 'en', kind: 'sign_up_taken', name: 'Mona' }, shop, labels);
    expect(taken.text).toContain('https://nasma.example/login-register');
    expect(taken.text).toContain('https://nasma.example/forgot-password');
    const reset = renderMessage({ ...base, language: 'fr', kind: 'password_reset', name: 'Mona', link: '/reset-password?token=xyz' }, shop, labels);
    expect(reset.text).toContain('https://nasma.example/reset-password?token=xyz');
  });

  it('tells the shopper the payment arrived, with the order paid online, not cash on delivery', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'payment_received', method: 'card', order }, shop, labels);
    expect(mail.subject).toBe('Payment received for your order NSM-100042');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(`payment of ${formatPiastres(88550, 'en')}`);
      expect(part).toContain('Paid by card, online');
      expect(part).not.toContain('Cash on delivery');
      expect(part).toContain('https://nasma.example/order/NSM-100042?token=abc');
    }
  });

  it('sends a failed payment to the order page, to pay again or choose cash on delivery', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'payment_failed', order }, shop, labels);
    expect(mail.subject).toBe('Your payment for order NSM-100042 did not go through');
    expect(mail.html).toContain('href="https://nasma.example/order/NSM-100042?token=abc"');
    expect(mail.html).toContain('Pay again or choose cash on delivery');
    expect(mail.text).toContain('Pay again or choose cash on delivery: https://nasma.example/order/NSM-100042?token=abc');
    expect(mail.text).toContain('Payment: Not paid yet');
  });

  it('names the refund, what was refunded in all and the escaped reason', () => {
    const refund = { ...base, language: 'en', kind: 'refund_made', order, amount: 20000, refundedTotal: 30000, reason: 'Broken <lid> & box' } as const;
    const mail = renderMessage(refund, shop, labels);
    expect(mail.subject).toBe(`Refund of ${formatPiastres(20000, 'en')} for your order NSM-100042`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(`Refunded on this order so far: ${formatPiastres(30000, 'en')} of ${formatPiastres(88550, 'en')}.`);
      expect(part).toContain('Paid online');
    }
    expect(mail.html).toContain('Broken &#60;lid&#62; &#38; box');
    expect(mail.text).toContain('Reason:\nBroken <lid> & box');
    // No reason given: no empty box.
    expect(renderMessage({ ...refund, reason: '' }, shop, labels).text).not.toContain('Reason:');
  });

  it('writes the payment e-mails in Arabic, right to left, with Arabic amounts', () => {
    const received = renderMessage({ ...base, language: 'ar', kind: 'payment_received', method: 'kiosk', order }, shop, labels);
    expect(received.subject).toBe('تم استلام المبلغ لطلبك \u2068NSM-100042\u2069');
    expect(received.html).toContain('dir="rtl"');
    expect(received.html).toContain(formatPiastres(88550, 'ar'));
    expect(received.text).toContain('مدفوع نقدًا في منفذ أمان');
    expect(received.text).not.toContain('الدفع عند الاستلام (');
    const failed = renderMessage({ ...base, language: 'ar', kind: 'payment_failed', order }, shop, labels);
    expect(failed.subject).toBe('لم تكتمل عملية الدفع لطلبك \u2068NSM-100042\u2069');
    expect(failed.text).toContain('ادفع مرة أخرى أو اختر الدفع عند الاستلام: https://nasma.example/order/NSM-100042?token=abc');
    const refund = renderMessage(
      { ...base, language: 'ar', kind: 'refund_made', order, amount: 20000, refundedTotal: 20000, reason: 'شمعة مكسورة' },
      shop,
      labels,
    );
    expect(refund.subject).toBe(`استرداد ${isolate(formatPiastres(20000, 'ar'))} لطلبك ${isolate('NSM-100042')}`);
    expect(refund.html).toContain('شمعة مكسورة');
    expect(refund.html).toContain('السبب');
  });

  it('says so, instead of a dead button, when a sent secret link was blanked (the admin preview)', () => {
    const mail = renderMessage({ ...base, language: 'en', kind: 'sign_up_link', name: 'Mona', link: '' }, shop, labels);
    expect(mail.html).not.toContain('href=""');
    expect(mail.html).toContain('The link was removed');
    expect(mail.text).toContain('The link was removed');
  });
});
