import { describe, expect, it } from 'vitest';
import {
  awaitsConfirmation,
  canRecordConfirmation,
  confirmationMessage,
  confirmationRate,
  statusAfterAnswer,
  whatsappLink,
  type ConfirmationOrder,
} from './cod-confirmation.js';
import { orderStatuses } from './order-status.js';

const order: ConfirmationOrder = {
  number: 'NSM-100042',
  customerName: 'Mona Adel',
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square, flat 4',
  total: 125050,
  lines: [
    { name: 'Jasmine Candle', options: 'Amber, 50 ml', quantity: 2 },
    { name: 'Oud Diffuser', options: null, quantity: 1 },
  ],
};

describe('confirmationMessage', () => {
  it('writes the order, its lines, the total in EGP and the address in English', () => {
    // Intl puts a no-break space between the currency and the amount.
    expect(confirmationMessage(order, 'en', 'Nasma').replace(/\u00a0/g, ' ')).toBe(
      [
        'Hello Mona Adel, this is Nasma.',
        'We received your order NSM-100042:',
        '- 2 × Jasmine Candle (Amber, 50 ml)',
        '- 1 × Oud Diffuser',
        'Total: EGP 1,250.50, cash on delivery',
        'Delivery to: 12 Victor Emmanuel Square, flat 4, Smouha, Alexandria',
        '',
        'Please reply "Yes" to confirm your order, or tell us if anything should change.',
      ].join('\n'),
    );
  });

  it('writes Arabic with Arabic punctuation, the governorate in Arabic and money as the shop writes it', () => {
    const ar = { ...order, customerName: 'منى عادل', city: 'سموحة', lines: [{ name: 'شمعة الياسمين', options: 'كهرماني، 50 مل', quantity: 2 }] };
    const text = confirmationMessage(ar, 'ar-EG', 'نسمة');
    const lines = text.split('\n');
    expect(lines[0]).toBe('مرحبًا منى عادل، معك نسمة.');
    expect(lines[1]).toBe('وصلنا طلبك رقم NSM-100042:');
    expect(lines[2]).toBe('- 2 × شمعة الياسمين (كهرماني، 50 مل)');
    // Latin digits in Arabic (decision 004), the Egyptian pound's Arabic symbol.
    expect(lines[3]).toMatch(/^الإجمالي: .*1,250\.50.*ج\.م\..*، الدفع عند الاستلام$/);
    expect(lines[4]).toBe('التوصيل إلى: 12 Victor Emmanuel Square, flat 4، سموحة، الإسكندرية');
    expect(lines.at(-1)).toBe('من فضلك ردّ بـ«نعم» لتأكيد طلبك، أو أخبرنا إن كنت تريد تغيير أي شيء.');
  });

  it('speaks French and German, and English for a language the shop does not speak', () => {
    expect(confirmationMessage(order, 'fr', 'Nasma')).toContain('Nous avons bien reçu votre commande NSM-100042 :');
    expect(confirmationMessage(order, 'de', 'Nasma')).toContain('Wir haben Ihre Bestellung NSM-100042 erhalten:');
    expect(confirmationMessage(order, 'it', 'Nasma')).toBe(confirmationMessage(order, 'en', 'Nasma'));
  });
});

describe('whatsappLink', () => {
  it('opens a chat with the number in international form and the text encoded', () => {
    const href = whatsappLink('+20 100 555 0123', 'Hello & bye?\nYes');
    expect(href).toBe('https://wa.me/201005550123?text=Hello%20%26%20bye%3F%0AYes');
    const url = new URL(href!);
    expect(url.searchParams.get('text')).toBe('Hello & bye?\nYes');
  });

  it('encodes Arabic and accepts Arabic-Indic digits', () => {
    const href = whatsappLink('٠١٠٠٥٥٥٠١٢٣', 'نعم')!;
    expect(href.startsWith('https://wa.me/201005550123?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe('نعم');
  });

  it('has no link for a number that is not an Egyptian mobile', () => {
    expect(whatsappLink('0225550123', 'Hello')).toBeNull();
  });
});

describe('confirmation rules', () => {
  it('records answers before the order ships', () => {
    expect(orderStatuses.filter(canRecordConfirmation)).toEqual(['pending', 'confirmed']);
  });

  it('confirms a pending order on a "confirmed" answer and moves nothing else', () => {
    expect(statusAfterAnswer('pending', 'confirmed')).toBe('confirmed');
    expect(statusAfterAnswer('confirmed', 'confirmed')).toBeNull();
    expect(statusAfterAnswer('pending', 'refused')).toBeNull();
    expect(statusAfterAnswer('pending', 'no_answer')).toBeNull();
  });

  it('awaits confirmation while pending and neither confirmed nor refused', () => {
    expect(awaitsConfirmation('pending', 'awaiting')).toBe(true);
    expect(awaitsConfirmation('pending', 'no_answer')).toBe(true);
    expect(awaitsConfirmation('pending', 'refused')).toBe(false);
    expect(awaitsConfirmation('confirmed', 'awaiting')).toBe(false);
    expect(awaitsConfirmation('shipped', 'no_answer')).toBe(false);
  });

  it('rates confirmed over answered', () => {
    expect(confirmationRate({ confirmed: 3, refused: 1 })).toBe(0.75);
    expect(confirmationRate({ confirmed: 0, refused: 0 })).toBeNull();
  });
});
