import { formatPiastres } from '../../shared/domain/currency.js';
import { formatEgyptianMobile, ltrIsolate } from '../../shared/domain/phone.js';
import { findGovernorate } from '../../shared/domain/governorates.js';
import { languageDir, normalizeLanguage } from '../../shared/domain/languages.js';
import { formatShopTime } from '../../shared/domain/shop-time.js';
import type { MessageOrder, OutboxMessage } from './kinds.js';
import type { MailWords, OptionLabels } from './option-labels.js';
import { stockAlertBody } from './stock-alert-mail.js';

/** Whether an order message is about an order paid online (older messages carry no method: cash on delivery). */
const online = (method: string | undefined) => method !== undefined && method !== 'cod';

/** What a message shows of the shop, from the merchant's settings. */
export interface MailShop {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

export interface RenderedMail {
  subject: string;
  /** A whole HTML document (`<html lang dir>`), inline styles only. */
  html: string;
  /** The plain-text part. */
  text: string;
  /** A one-click unsubscribe address (`List-Unsubscribe`, RFC 8058), for messages a shopper asked for. */
  unsubscribe?: string | undefined;
}

/**
 * The shop's colours (src/client/styles.css): the amber of the logo on ivory, ink for text. An
 * e-mail client keeps no stylesheet, so each is written inline where it is used.
 */
const colour = { amber: '#b8741a', amberDark: '#8a5510', ivory: '#fbf7f0', sand: '#f3eadb', ink: '#2b2e22', muted: '#6a6858', line: '#e3d9c6' };

/** A link drawn as a button, or, once a secret link was blanked after sending, a note saying so. */
export interface Action {
  label: string;
  href: string;
}

/** What one e-mail says, before it is written as HTML and as text. */
export interface MailBody {
  subject: string;
  heading: string;
  greeting?: string;
  paragraphs: string[];
  /** A boxed block under the paragraphs (a tracking note). */
  box?: { title: string; text: string };
  order?: MessageOrder;
  /** How the order is paid, as its block says it; cash on delivery unless a payment message says otherwise. */
  payment?: string;
  /** Rows of a table of items other than an order's (the low-stock list): header, then rows. */
  table?: { head: string[]; rows: string[][] };
  actions: Action[];
  /** A quieter line after the buttons. */
  after?: string;
  /** Why the shopper gets this, with a small link to stop it (an alert's one-click unsubscribe) and the API's address of it, for the header. */
  optOut?: { text: string; label: string; href: string; header: string };
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Numbers in groups (phone numbers) kept left to right inside right-to-left text. */
const ltr = ltrIsolate;
/** The same in HTML, where mail clients honour `dir` more widely than the isolate characters: escaped, for a text whose other words are ours. */
const ltrHtml = (s: string): string => `<span dir="ltr" style="unicode-bidi:isolate;white-space:nowrap;">${escapeHtml(s)}</span>`;

/** The language's words for a message (mail.json), its direction and its way of writing money and dates. */
function wordsFor(message: OutboxMessage, labels: OptionLabels) {
  const lng = normalizeLanguage(message.language);
  const t: MailWords = labels.mail(lng);
  return { lng, t, dir: languageDir(lng), money: (piastres: number) => formatPiastres(piastres, lng) };
}

/** A promotion's line in an order's totals: "Discount (CODE)" or "Free delivery (offer)". */
const promotionLabel = (t: MailWords, p: NonNullable<MessageOrder['promotions']>[number]) =>
  p.kind === 'free_delivery' ? t('freeDeliveryOffer', { name: p.name }) : t('discount', { name: p.name });

/** A path of the shop as a whole address. */
export const absolute = (origin: string, path: string): string => new URL(path, origin).href;

/** The content of each kind of message. */
function bodyOf(message: OutboxMessage, shop: MailShop, labels: OptionLabels): MailBody {
  const { t, money } = wordsFor(message, labels);
  const link = (label: string, path: string): Action[] => [{ label, href: path ? absolute(message.origin, path) : '' }];
  switch (message.kind) {
    case 'order_received': {
      const { order } = message;
      return {
        subject: t('orderReceived.subject', { number: order.number }),
        heading: t('orderReceived.heading'),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs: [t(online(message.paymentMethod) ? 'orderReceived.introOnline' : 'orderReceived.intro', { number: order.number })],
        order,
        ...(online(message.paymentMethod) ? { payment: t('notPaidYet') } : {}),
        actions: link(t('viewOrder'), order.link),
      };
    }
    case 'merchant_new_order': {
      const { order } = message;
      const total = money(order.total);
      return {
        subject: t('merchantNewOrder.subject', { number: order.number, total }),
        heading: t('merchantNewOrder.heading', { number: order.number }),
        paragraphs: [
          online(message.paymentMethod)
            ? t('merchantNewOrder.introOnline', { name: order.customerName, total })
            : t('merchantNewOrder.intro', { name: order.customerName, total }),
        ],
        order,
        actions: link(t('merchantNewOrder.open'), `/admin/orders?q=${encodeURIComponent(order.number)}`),
      };
    }
    case 'order_status': {
      const { order, status } = message;
      const key = `status.${status}`;
      return {
        subject: t(`${key}.subject`, { number: order.number }),
        heading: t(`${key}.heading`),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs: [t(`${key}.intro`, { number: order.number, total: money(order.total) })],
        box: message.trackingNote ? { title: t('status.tracking'), text: message.trackingNote } : undefined,
        order,
        // Delivered: the buyer's review link first (decision 038), then the order.
        actions: [...(message.reviewLink ? link(t('reviewOrder'), message.reviewLink) : []), ...link(t('viewOrder'), order.link)],
      };
    }
    case 'payment_received': {
      const { order } = message;
      return {
        subject: t('paymentReceived.subject', { number: order.number }),
        heading: t('paymentReceived.heading'),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs: [t('paymentReceived.intro', { number: order.number, total: money(order.total) })],
        order,
        payment: t(`paidBy.${message.method}`),
        actions: link(t('viewOrder'), order.link),
      };
    }
    case 'payment_failed': {
      const { order } = message;
      // The order's page offers another try or cash on delivery.
      return {
        subject: t('paymentFailed.subject', { number: order.number }),
        heading: t('paymentFailed.heading'),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs: [t('paymentFailed.intro', { number: order.number })],
        order,
        payment: t('notPaidYet'),
        actions: link(t('paymentFailed.button'), order.link),
      };
    }
    case 'refund_made': {
      const { order, amount, refundedTotal, reason } = message;
      return {
        subject: t('refundMade.subject', { number: order.number, amount: money(amount) }),
        heading: t('refundMade.heading'),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs: [
          t('refundMade.intro', { number: order.number, amount: money(amount) }),
          t('refundMade.soFar', { refunded: money(refundedTotal), total: money(order.total) }),
        ],
        box: reason.trim() ? { title: t('refundMade.reason'), text: reason } : undefined,
        order,
        payment: t('paidBy.online'),
        actions: link(t('viewOrder'), order.link),
      };
    }
    case 'return_update': {
      const { order, step, returnNumber } = message;
      // The units sent back; the order's block is left out: it would show the exchange's lines at no price.
      const key = `returnUpdate.${step}`;
      const kind = t(`returnUpdate.kind.${message.returnKind}`);
      const paragraphs = [t(`${key}.intro`, { number: returnNumber, order: message.forOrder, kind })];
      if (message.refund) paragraphs.push(t(`returnUpdate.refundBy.${message.refund.method}`, { amount: money(message.refund.amount) }));
      if (message.exchangeOrderNumber) paragraphs.push(t('returnUpdate.exchangeOrder', { number: message.exchangeOrderNumber }));
      return {
        subject: t(`${key}.subject`, { number: returnNumber, kind }),
        heading: t(`${key}.heading`, { kind }),
        greeting: t('greeting', { name: order.customerName }),
        paragraphs,
        box: message.note.trim() ? { title: t('returnUpdate.note'), text: message.note } : undefined,
        table: {
          head: [t('product'), t('quantity')],
          rows: message.lines.map((l) => [l.options ? `${l.name} (${l.options})` : l.name, String(l.quantity)]),
        },
        actions: link(t('viewOrder'), order.link),
      };
    }
    case 'low_stock_daily': {
      const count = message.items.length;
      return {
        subject: t('lowStock.subject', { day: message.day, count }),
        heading: t('lowStock.heading'),
        paragraphs: [t('lowStock.intro', { count })],
        table: {
          head: [t('product'), t('lowStock.stock')],
          rows: message.items.map((item) => [item.options ? `${item.name} (${item.options})` : item.name, String(item.stock)]),
        },
        actions: link(t('lowStock.open'), '/admin/products'),
      };
    }
    case 'password_reset':
      return {
        subject: t('passwordReset.subject', { shop: shop.name }),
        heading: t('passwordReset.heading'),
        greeting: t('greeting', { name: message.name }),
        paragraphs: [t('passwordReset.intro')],
        actions: link(t('passwordReset.button'), message.link),
        after: t('passwordReset.ignore'),
      };
    case 'sign_up_link':
      return {
        subject: t('signUpLink.subject', { shop: shop.name }),
        heading: t('signUpLink.heading'),
        greeting: t('greeting', { name: message.name }),
        paragraphs: [t('signUpLink.intro')],
        actions: link(t('signUpLink.button'), message.link),
        after: t('signUpLink.ignore'),
      };
    case 'staff_invite':
      return {
        subject: t('staffInvite.subject', { shop: shop.name }),
        heading: t('staffInvite.heading', { shop: shop.name }),
        greeting: t('greeting', { name: message.name }),
        paragraphs: [t('staffInvite.intro', { who: message.invitedBy, shop: shop.name, role: t(`staffInvite.roles.${message.role}`) })],
        actions: link(t('staffInvite.button'), message.link),
        after: t('staffInvite.ignore'),
      };
    case 'stock_alert_confirm':
    case 'back_in_stock':
      return stockAlertBody(message, t);
    case 'sign_up_taken':
      return {
        subject: t('signUpTaken.subject', { shop: shop.name }),
        heading: t('signUpTaken.heading'),
        greeting: t('greeting', { name: message.name }),
        paragraphs: [t('signUpTaken.intro')],
        actions: [...link(t('signUpTaken.signIn'), '/login-register'), ...link(t('signUpTaken.reset'), '/forgot-password')],
        after: t('signUpTaken.ignore'),
      };
  }
}

/** The order's delivery address as lines: name, street, city and governorate (in the message's language), phone. */
function addressLines(order: MessageOrder, lng: string): string[] {
  const governorate = findGovernorate(order.governorate);
  const region = governorate ? (lng === 'ar' ? governorate.ar : governorate.en) : order.governorate;
  return [order.customerName, order.address, `${order.city}${lng === 'ar' ? '، ' : ', '}${region}`, ltr(formatEgyptianMobile(order.phone))];
}

/**
 * Renders a message in its language (decision 021): the subject, a whole HTML document laid out in
 * the language's direction with the shop's colours, and the same words as plain text. Every value
 * that came from a person (names, addresses, notes) is escaped in the HTML.
 */
export function renderMessage(message: OutboxMessage, shop: MailShop, labels: OptionLabels): RenderedMail {
  const body = bodyOf(message, shop, labels);
  const html = htmlOf(message, shop, labels, body);
  return { subject: body.subject, html, text: textOf(message, shop, labels, body), unsubscribe: body.optOut?.header };
}

function textOf(message: OutboxMessage, shop: MailShop, labels: OptionLabels, body: MailBody): string {
  const { t, lng, money } = wordsFor(message, labels);
  const out: string[] = [shop.name, '', body.heading, ''];
  if (body.greeting) out.push(body.greeting, '');
  for (const p of body.paragraphs) out.push(p, '');
  if (body.box) out.push(`${body.box.title}:`, body.box.text, '');
  if (body.order) {
    const o = body.order;
    out.push(t('orderNumber', { number: o.number }), t('placedAt', { date: formatShopTime(o.placedAt, lng, { dateStyle: 'long', timeStyle: 'short' }) }), '');
    for (const l of o.lines) out.push(`- ${l.name}${l.options ? ` (${l.options})` : ''} × ${l.quantity}: ${money(l.lineTotal)}`);
    out.push(
      '',
      `${t('subtotal')}: ${money(o.subtotal)}`,
      ...(o.promotions ?? []).map((p) => `${promotionLabel(t, p)}: −${money(p.amount)}`),
      `${t('shipping')}: ${o.shippingFee ? money(o.shippingFee) : t('free')}`,
      `${t('total')}: ${money(o.total)}`,
      '',
      `${t('payment')}: ${body.payment ?? t('cashOnDelivery')}`,
      '',
      `${t('deliverTo')}:`,
      ...addressLines(o, lng),
    );
    if (o.notes) out.push('', `${t('notes')}: ${o.notes}`);
    out.push('');
  }
  if (body.table) {
    out.push(body.table.head.join(' | '));
    for (const row of body.table.rows) out.push(`- ${row.join(' | ')}`);
    out.push('');
  }
  for (const a of body.actions) out.push(`${a.label}: ${a.href || t('linkRemoved')}`);
  out.push('');
  if (body.after) out.push(body.after, '');
  if (body.optOut) out.push(body.optOut.text, `${body.optOut.label}: ${body.optOut.href}`, '');
  out.push('--', t('contact', { phone: ltr(shop.phone), whatsapp: ltr(shop.whatsapp) }), t('footer', { shop: shop.name, address: shop.address }), shop.email);
  return out.join('\n');
}

function htmlOf(message: OutboxMessage, shop: MailShop, labels: OptionLabels, body: MailBody): string {
  const { t, lng, dir, money } = wordsFor(message, labels);
  const e = escapeHtml;
  const start = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  const font = lng === 'ar' ? "Tahoma, 'Segoe UI', Arial, sans-serif" : "'Segoe UI', Helvetica, Arial, sans-serif";
  const cell = `padding:10px 0;border-bottom:1px solid ${colour.line};vertical-align:top;`;
  const parts: string[] = [];

  if (body.greeting) parts.push(`<p style="margin:0 0 12px;font-size:16px;">${e(body.greeting)}</p>`);
  for (const p of body.paragraphs) parts.push(`<p style="margin:0 0 16px;font-size:16px;line-height:1.6;">${e(p)}</p>`);
  if (body.box)
    parts.push(
      `<div style="margin:0 0 20px;padding:14px 16px;background:${colour.sand};border-${start}:4px solid ${colour.amber};border-radius:6px;">` +
        `<div style="font-size:13px;color:${colour.muted};margin-bottom:4px;">${e(body.box.title)}</div>` +
        `<div style="font-size:15px;white-space:pre-line;">${e(body.box.text)}</div></div>`,
    );
  if (body.order) {
    const o = body.order;
    const rows = o.lines
      .map(
        (l) =>
          `<tr><td style="${cell}">${e(l.name)}${l.options ? `<div style="font-size:13px;color:${colour.muted};">${e(l.options)}</div>` : ''}</td>` +
          `<td style="${cell}text-align:center;white-space:nowrap;">× ${l.quantity}</td>` +
          `<td style="${cell}text-align:${end};white-space:nowrap;">${e(money(l.lineTotal))}</td></tr>`,
      )
      .join('');
    const sum = (label: string, value: string, strong = false) =>
      `<tr><td colspan="2" style="padding:6px 0;${strong ? 'font-weight:bold;font-size:17px;' : `color:${colour.muted};`}">${e(label)}</td>` +
      `<td style="padding:6px 0;text-align:${end};white-space:nowrap;${strong ? `font-weight:bold;font-size:17px;color:${colour.amberDark};` : ''}">${e(value)}</td></tr>`;
    parts.push(
      `<h2 style="margin:8px 0 4px;font-size:17px;">${e(t('orderNumber', { number: o.number }))}</h2>` +
        `<p style="margin:0 0 8px;font-size:13px;color:${colour.muted};">${e(t('placedAt', { date: formatShopTime(o.placedAt, lng, { dateStyle: 'long', timeStyle: 'short' }) }))}</p>` +
        `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px;">` +
        `<tr><th style="text-align:${start};padding:8px 0;border-bottom:2px solid ${colour.line};font-size:13px;color:${colour.muted};">${e(t('product'))}</th>` +
        `<th style="padding:8px 0;border-bottom:2px solid ${colour.line};font-size:13px;color:${colour.muted};">${e(t('quantity'))}</th>` +
        `<th style="text-align:${end};padding:8px 0;border-bottom:2px solid ${colour.line};font-size:13px;color:${colour.muted};">${e(t('price'))}</th></tr>` +
        rows +
        sum(t('subtotal'), money(o.subtotal)) +
        (o.promotions ?? []).map((p) => sum(promotionLabel(t, p), `−${money(p.amount)}`)).join('') +
        sum(t('shipping'), o.shippingFee ? money(o.shippingFee) : t('free')) +
        sum(t('total'), money(o.total), true) +
        `</table>` +
        `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:16px 0 20px;font-size:15px;"><tr>` +
        `<td style="vertical-align:top;padding-${end}:12px;width:50%;"><div style="font-size:13px;color:${colour.muted};margin-bottom:4px;">${e(t('deliverTo'))}</div>` +
        addressLines(o, lng).map(e).join('<br>') +
        `</td><td style="vertical-align:top;"><div style="font-size:13px;color:${colour.muted};margin-bottom:4px;">${e(t('payment'))}</div>${e(body.payment ?? t('cashOnDelivery'))}` +
        (o.notes
          ? `<div style="font-size:13px;color:${colour.muted};margin:12px 0 4px;">${e(t('notes'))}</div><div style="white-space:pre-line;">${e(o.notes)}</div>`
          : '') +
        `</td></tr></table>`,
    );
  }
  if (body.table)
    parts.push(
      `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;font-size:15px;margin-bottom:20px;">` +
        `<tr>${body.table.head.map((h, i) => `<th style="text-align:${i ? end : start};padding:8px 0;border-bottom:2px solid ${colour.line};font-size:13px;color:${colour.muted};">${e(h)}</th>`).join('')}</tr>` +
        body.table.rows.map((row) => `<tr>${row.map((c, i) => `<td style="${cell}text-align:${i ? end : start};">${e(c)}</td>`).join('')}</tr>`).join('') +
        `</table>`,
    );
  for (const a of body.actions)
    parts.push(
      a.href
        ? `<p style="margin:8px 0 16px;"><a href="${e(a.href)}" style="display:inline-block;background:${colour.amber};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px;">${e(a.label)}</a></p>`
        : `<p style="margin:8px 0 16px;font-size:13px;color:${colour.muted};">${e(a.label)} ${e(t('linkRemoved'))}</p>`,
    );
  if (body.after) parts.push(`<p style="margin:8px 0 0;font-size:13px;color:${colour.muted};line-height:1.6;">${e(body.after)}</p>`);
  const o = body.optOut;
  if (o) parts.push(`<p style="margin:16px 0 0;font-size:13px;color:${colour.muted};">${e(o.text)} <a href="${e(o.href)}">${e(o.label)}</a></p>`);

  return (
    `<!doctype html><html lang="${lng}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${e(body.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${colour.ivory};color:${colour.ink};font-family:${font};">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${colour.ivory};"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid ${colour.line};text-align:${start};" dir="${dir}">` +
    `<tr><td style="background:${colour.amber};padding:18px 24px;color:#ffffff;font-size:22px;font-weight:bold;letter-spacing:0.5px;">${e(shop.name)}</td></tr>` +
    `<tr><td style="padding:24px;">` +
    `<h1 style="margin:0 0 16px;font-size:22px;color:${colour.ink};">${e(body.heading)}</h1>` +
    parts.join('') +
    `</td></tr>` +
    `<tr><td style="background:${colour.sand};padding:16px 24px;font-size:13px;color:${colour.muted};line-height:1.6;">` +
    `${t('contact', { phone: ltrHtml(shop.phone), whatsapp: ltrHtml(shop.whatsapp) })}<br>${e(t('footer', { shop: shop.name, address: shop.address }))}<br>` +
    `<a href="mailto:${e(shop.email)}" style="color:${colour.amberDark};">${e(shop.email)}</a>` +
    `</td></tr></table></td></tr></table></body></html>`
  );
}
