import { formatPiastres } from './currency.js';
import { findGovernorate } from './governorates.js';
import { normalizeLanguage, type Language } from './languages.js';
import type { OrderStatusValue } from './order-status.js';
import { whatsappChatUrl, whatsappNumber } from './phone.js';

/**
 * Cash-on-delivery confirmation (issue 16, decision 022): before shipping, the merchant asks the
 * customer on WhatsApp to confirm the order and records the answer. `awaiting` until an answer is
 * recorded; `no_answer` may later become an answer.
 */
export const confirmationAnswers = ['confirmed', 'no_answer', 'refused'] as const;
export type ConfirmationAnswer = (typeof confirmationAnswers)[number];
export const confirmationStates = ['awaiting', ...confirmationAnswers] as const;
export type ConfirmationState = (typeof confirmationStates)[number];

/** The confirmation states of an order still to be confirmed: never asked, or asked without an answer. */
export const unansweredStates: readonly ConfirmationState[] = ['awaiting', 'no_answer'];

/** True while an answer may be recorded: before the order ships (a confirmed order may still be refused). */
export function canRecordConfirmation(status: OrderStatusValue): boolean {
  return status === 'pending' || status === 'confirmed';
}

/** The status an answer moves the order to: a pending order the customer confirmed becomes confirmed; nothing else moves (a refusal is cancelled by hand). */
export function statusAfterAnswer(status: OrderStatusValue, answer: ConfirmationAnswer): OrderStatusValue | null {
  return answer === 'confirmed' && status === 'pending' ? 'confirmed' : null;
}

/** True for an order the merchant still has to confirm: pending, and neither confirmed nor refused by the customer. */
export function awaitsConfirmation(status: OrderStatusValue, confirmation: ConfirmationState): boolean {
  return status === 'pending' && unansweredStates.includes(confirmation);
}

/** Recorded answers over a period; `rate` is confirmed ÷ (confirmed + refused), a fraction 0-1, null when nobody answered. */
export function confirmationRate(counts: { confirmed: number; refused: number }): number | null {
  const answered = counts.confirmed + counts.refused;
  return answered === 0 ? null : counts.confirmed / answered;
}

/** What the confirmation message tells the customer; money in piastres (EGP), `governorate` its code. */
export interface ConfirmationOrder {
  number: string;
  customerName: string;
  governorate: string;
  city: string;
  address: string;
  total: number;
  /** `options`: the chosen colour and size in the order's language, or null. */
  lines: ReadonlyArray<{ name: string; options: string | null; quantity: number }>;
}

interface MessageTexts {
  hello: (name: string, shop: string) => string;
  received: (number: string) => string;
  total: (money: string) => string;
  deliverTo: (address: string) => string;
  reply: string;
  /** Between a line's name and its options. */
  listSep: string;
}

/**
 * The message in each language. A customer's message, not the admin's interface: it is written in
 * the order's language whatever the admin reads, so it lives here beside the rule that builds it
 * rather than in the admin's translation files (decision 022).
 */
const texts: Record<Language, MessageTexts> = {
  en: {
    hello: (name, shop) => `Hello ${name}, this is ${shop}.`,
    received: (number) => `We received your order ${number}:`,
    total: (money) => `Total: ${money}, cash on delivery`,
    deliverTo: (address) => `Delivery to: ${address}`,
    reply: 'Please reply "Yes" to confirm your order, or tell us if anything should change.',
    listSep: ', ',
  },
  fr: {
    hello: (name, shop) => `Bonjour ${name}, ici ${shop}.`,
    received: (number) => `Nous avons bien reçu votre commande ${number} :`,
    total: (money) => `Total : ${money}, paiement à la livraison`,
    deliverTo: (address) => `Livraison à : ${address}`,
    reply: 'Merci de répondre « Oui » pour confirmer votre commande, ou dites-nous si quelque chose doit changer.',
    listSep: ', ',
  },
  de: {
    hello: (name, shop) => `Hallo ${name}, hier ist ${shop}.`,
    received: (number) => `Wir haben Ihre Bestellung ${number} erhalten:`,
    total: (money) => `Gesamt: ${money}, Zahlung bei Lieferung`,
    deliverTo: (address) => `Lieferung an: ${address}`,
    reply: 'Bitte antworten Sie mit „Ja“, um Ihre Bestellung zu bestätigen, oder sagen Sie uns, wenn sich etwas ändern soll.',
    listSep: ', ',
  },
  ar: {
    hello: (name, shop) => `مرحبًا ${name}، معك ${shop}.`,
    received: (number) => `وصلنا طلبك رقم ${number}:`,
    total: (money) => `الإجمالي: ${money}، الدفع عند الاستلام`,
    deliverTo: (address) => `التوصيل إلى: ${address}`,
    reply: 'من فضلك ردّ بـ«نعم» لتأكيد طلبك، أو أخبرنا إن كنت تريد تغيير أي شيء.',
    listSep: '، ',
  },
};

/**
 * The confirmation message in language `lng` (the order's): greeting, the order's number, one line
 * per product (quantity × name, options), the total in EGP as the shop writes money in that
 * language, the delivery address, and the request to reply.
 */
export function confirmationMessage(order: ConfirmationOrder, lng: string, shopName: string): string {
  const language = normalizeLanguage(lng);
  const w = texts[language];
  const governorate = findGovernorate(order.governorate);
  const place = governorate ? (language === 'ar' ? governorate.ar : governorate.en) : order.governorate;
  const lines = order.lines.map((l) => `- ${l.quantity} × ${l.name}${l.options ? ` (${l.options})` : ''}`);
  const address = [order.address, order.city, place].filter(Boolean).join(w.listSep);
  return [
    w.hello(order.customerName, shopName),
    w.received(order.number),
    ...lines,
    w.total(formatPiastres(order.total, language)),
    w.deliverTo(address),
    '',
    w.reply,
  ].join('\n');
}

/** The link that opens a WhatsApp chat with a customer's `phone` (any accepted written form) and `text` typed in; null when the phone is not an Egyptian mobile. */
export function whatsappLink(phone: string, text: string): string | null {
  const number = whatsappNumber(phone);
  return number ? whatsappChatUrl(number, text) : null;
}
