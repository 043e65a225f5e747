import { z } from 'zod';
import { governorateCodes } from '../domain/governorates.js';
import { paymentMethods } from '../domain/payments.js';

/** Settings the storefront may read. Currency rates: units of that currency per 1 EGP. */
export const publicSettingsSchema = z.object({
  shopName: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  address: z.string(),
  currencyRates: z.object({ EGP: z.literal(1), USD: z.number(), EUR: z.number(), GBP: z.number() }),
  /** Piastres; orders at or above it ship free (0: never free). */
  freeShippingThreshold: z.number().int(),
  /** Piastres per governorate code, every one of the 27 present (defaults filled in). */
  shippingFees: z.record(z.string(), z.number().int()),
  /** The ways to pay this shop offers: cash on delivery first, then the online ones configured (PAYMOB_INTEGRATIONS). */
  paymentMethods: z.array(z.enum(paymentMethods)),
  /** Google Analytics 4 and Meta Pixel, loaded only for a shopper who accepts measurement; '' = off (decision 047). */
  measurement: z.object({ ga4Id: z.string(), metaPixelId: z.string() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

const codes = governorateCodes as [string, ...string[]];

/** 100,000 EGP in piastres: far above any real fee or threshold, so a slipped digit is caught. */
export const maxSettingPiastres = 10_000_000;

const text = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');
const phone = text(30).regex(/^\+?[\d\s\-().]{7,30}$/, 'phone_invalid');
const piastres = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'number_invalid') })
  .int('number_invalid')
  .min(0, 'amount_negative')
  .max(maxSettingPiastres, 'amount_too_big');
/**
 * Units of the currency per 1 EGP. The pound buys well under one dollar, euro or pound sterling,
 * so a value of 1 or more is almost surely the rate typed the other way round (EGP per unit).
 */
const rate = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'number_invalid') })
  .positive('rate_positive')
  .max(1, 'rate_too_big');

/** Everything the merchant edits on the settings page; the form and `PUT /api/admin/settings` share it. */
export const adminSettingsSchema = z
  .object({
    shopName: text(80),
    phone,
    whatsapp: phone,
    email: z
      .string({ error: 'required' })
      .trim()
      .min(1, 'required')
      .max(254, 'too_long')
      .refine((v) => z.email().safeParse(v).success, 'email_invalid'),
    address: text(300),
    /** Where the merchant's own messages go (each new order, the daily low-stock list); '' = none. */
    notificationEmail: z
      .string({ error: 'required' })
      .trim()
      .max(254, 'too_long')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'email_invalid'),
    currencyRates: z.object({ USD: rate, EUR: rate, GBP: rate }).strict(),
    /** Piastres; 0 means delivery is never free. */
    freeShippingThreshold: piastres,
    /** Piastres for each of the 27 governorate codes; all must be present. */
    shippingFees: z.record(z.enum(codes), piastres),
    /** A GA4 measurement ID (G-…) and a Meta Pixel ID (digits); '' turns each off. */
    measurement: z
      .object({
        ga4Id: z
          .string({ error: 'required' })
          .trim()
          .toUpperCase()
          .refine((v) => v === '' || /^G-[A-Z0-9]{4,20}$/.test(v), 'measurement_id_invalid'),
        metaPixelId: z
          .string({ error: 'required' })
          .trim()
          .refine((v) => v === '' || /^\d{6,20}$/.test(v), 'pixel_id_invalid'),
      })
      .strict(),
  })
  .strict();
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export type AdminSettingsInput = z.input<typeof adminSettingsSchema>;
