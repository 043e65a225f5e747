import { westernDigits } from './digits.js';

/**
 * Egyptian mobile numbers: 01 then 0, 1, 2 or 5 (Vodafone, Etisalat, Orange, WE) then 8 digits.
 * Accepted as typed locally (010...), internationally (+2010..., 002010..., 2010...), with spaces,
 * dashes, dots or parentheses, and in Arabic-Indic or Persian digits.
 */

/** The number in local form `01XXXXXXXXX`, or null when it is not an Egyptian mobile number. */
export function normalizeEgyptianMobile(input: string): string | null {
  let digits = westernDigits(input.trim()).replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('20') && digits.length === 12) digits = `0${digits.slice(2)}`;
  return /^01[0125]\d{8}$/.test(digits) ? digits : null;
}

/** True for a valid Egyptian mobile number in any accepted form. */
export function isEgyptianMobile(input: string): boolean {
  return normalizeEgyptianMobile(input) !== null;
}

/** International display form, e.g. `+20 100 555 0123`, for a normalised local number. */
export function formatEgyptianMobile(local: string): string {
  const n = normalizeEgyptianMobile(local);
  if (!n) return local;
  return `+20 ${n.slice(1, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}

/**
 * The number as WhatsApp's links want it (`wa.me/<number>`): country code and number, digits only,
 * e.g. `201005550123`; null when it is not an Egyptian mobile number.
 */
export function whatsappNumber(input: string): string | null {
  const local = normalizeEgyptianMobile(input);
  return local ? `20${local.slice(1)}` : null;
}

/** `https://wa.me/<digits>?text=<message>`: a WhatsApp chat with an international number (digits kept, the rest dropped) and `text` typed in. */
export function whatsappChatUrl(international: string, text: string): string {
  return `https://wa.me/${international.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** What a typed phone number can match, in local form: the whole number, or the beginning of one. */
export interface MobileSearch {
  phone: string | null;
  phonePrefix: string | null;
}

/** A searched phone number in any written form (`010 055…`, `+20 10…`, Arabic digits), in local form: whole (11 digits) or begun (4-10). */
export function mobileSearch(input: string): MobileSearch {
  const term = westernDigits(input.trim());
  const none = { phone: null, phonePrefix: null };
  if (!/^[+\d\s\-().]+$/.test(term)) return none;
  let digits = term.replace(/\D/g, '');
  if (digits.startsWith('0020')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('20')) digits = `0${digits.slice(2)}`;
  else if (digits.startsWith('1')) digits = `0${digits}`;
  if (/^01\d{9}$/.test(digits)) return { phone: digits, phonePrefix: null };
  if (/^01\d{2,8}$/.test(digits)) return { phone: null, phonePrefix: digits };
  return none;
}

/** A phone number put into running text: left to right inside an Arabic sentence (bidi.ts). */
export { ltrIsolate } from './bidi.js';
