/**
 * Egyptian mobile numbers: 01 then 0, 1, 2 or 5 (Vodafone, Etisalat, Orange, WE) then 8 digits.
 * Accepted as typed locally (010...), internationally (+2010..., 002010..., 2010...), with spaces,
 * dashes, dots or parentheses, and in Arabic-Indic or Persian digits.
 */
const arabicDigits = /[\u0660-\u0669\u06f0-\u06f9]/g;

function westernDigits(text: string): string {
  return text.replace(arabicDigits, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

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
