import { z } from 'zod';
import { governorates } from '../../../shared/domain/governorates';
import { parseEgp, parseTypedNumber } from '../../../shared/domain/currency';
import { adminSettingsSchema, type AdminSettings } from '../../../shared/schemas/settings';

/**
 * The settings form holds what the merchant types (money as EGP text with up to 2 decimals) and
 * is checked by the very schema the server uses: the text is turned into piastres and numbers,
 * then piped into `adminSettingsSchema`, so field paths and error codes are the server's.
 */
/** Empty fields reach the schema as undefined, so it reports them as `required`. */
const parseNumber = (text: string) => parseTypedNumber(text) ?? undefined;
/** More than 2 decimals parses as NaN, which the schema reports as `number_invalid`. */
const toPiastres = (text: string) => parseEgp(text) ?? undefined;

export const piastresToText = (p: number) => (p / 100).toFixed(2);

const text = z.string();
export const settingsFormSchema = z
  .object({
    shopName: text,
    phone: text,
    whatsapp: text,
    email: text,
    address: text,
    notificationEmail: text,
    currencyRates: z.object({ USD: text, EUR: text, GBP: text }),
    freeShippingThreshold: text,
    shippingFees: z.record(z.string(), text),
    measurement: z.object({ ga4Id: text, metaPixelId: text }),
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
    notificationEmail: s.notificationEmail,
    currencyRates: { USD: String(s.currencyRates.USD), EUR: String(s.currencyRates.EUR), GBP: String(s.currencyRates.GBP) },
    freeShippingThreshold: piastresToText(s.freeShippingThreshold),
    shippingFees: Object.fromEntries(governorates.map((g) => [g.code, piastresToText(s.shippingFees[g.code] ?? g.fee)])),
    measurement: { ...s.measurement },
  };
}
