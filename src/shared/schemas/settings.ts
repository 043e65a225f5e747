import { z } from 'zod';

/** Settings the storefront may read. Currency rates: units of that currency per 1 EGP. */
export const publicSettingsSchema = z.object({
  shopName: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  address: z.string(),
  currencyRates: z.object({ EGP: z.literal(1), USD: z.number(), EUR: z.number(), GBP: z.number() }),
  /** Piastres; orders at or above it ship free. */
  freeShippingThreshold: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
