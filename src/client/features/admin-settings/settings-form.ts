import { z } from 'zod';
import { governorates } from '../../../shared/domain/governorates';
import { adminSettingsSchema, type AdminSettings } from '../../../shared/schemas/settings';

/**
 * The settings form holds what the merchant types (money as EGP text with up to 2 decimals) and
 * is checked by the very schema the server uses: the text is turned into piastres and numbers,
 * then piped into `adminSettingsSchema`, so field paths and error codes are the server's.
 */
const arabicDigits = /[\u0660-\u0669\u06f0-\u06f9]/g;
const western = (text: string) => text.replace(arabicDigits, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/**
 * Parses a typed number: Arabic digits allowed, commas (and the Arabic ٬) group thousands as in
 * the product form, a dot or the Arabic ٫ marks decimals. NaN when it is not a number, undefined
 * when empty.
 */
function parseNumber(text: string): number | undefined {
  const clean = western(text)
    .replace(/[\s,٬]/g, '')
    .replace('٫', '.');
  if (clean === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** EGP text to integer piastres; more than 2 decimals is not a valid amount. */
function toPiastres(text: string): number | undefined {
  const n = parseNumber(text);
  if (n === undefined || Number.isNaN(n)) return n;
  const piastres = Math.round(n * 100);
  return Math.abs(piastres - n * 100) < 1e-6 ? piastres : 0.5;
}

export const piastresToText = (p: number) => (p / 100).toFixed(2);

const text = z.string();
export const settingsFormSchema = z
  .object({
    shopName: text,
    phone: text,
    whatsapp: text,
    email: text,
    address: text,
    currencyRates: z.object({ USD: text, EUR: text, GBP: text }),
    freeShippingThreshold: text,
    shippingFees: z.record(z.string(), text),
  })
  .transform((v) => ({
    ...v,
    currencyRates: { USD: parseNumber(v.currencyRates.USD), EUR: parseNumber(v.currencyRates.EUR), GBP: parseNumber(v.currencyRates.GBP) },
    freeShippingThreshold: toPiastres(v.freeShippingThreshold),
    shippingFees: Object.fromEntries(Object.entries(v.shippingFees).map(([code, fee]) => [code, toPiastres(fee)])),
  }))
  .pipe(adminSettingsSchema);

export type SettingsFormValues = z.input<typeof settingsFormSchema>;

/** The stored settings as form text. */
export function toFormValues(s: AdminSettings): SettingsFormValues {
  return {
    shopName: s.shopName,
    phone: s.phone,
    whatsapp: s.whatsapp,
    email: s.email,
    address: s.address,
    currencyRates: { USD: String(s.currencyRates.USD), EUR: String(s.currencyRates.EUR), GBP: String(s.currencyRates.GBP) },
    freeShippingThreshold: piastresToText(s.freeShippingThreshold),
    shippingFees: Object.fromEntries(governorates.map((g) => [g.code, piastresToText(s.shippingFees[g.code] ?? g.fee)])),
  };
}
