import { z } from 'zod';

/** A database id in a URL or query: a positive 32-bit integer (larger ones cannot exist). */
export const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** `/:id` route parameters. */
export const idParams = z.object({ id: idSchema });

/** `/:number` route parameters of an order, e.g. NSM-100123. */
export const orderNumberParams = z.object({ number: z.string().regex(/^NSM-\d{6,9}$/) });

/** `?lng=`: the language asked for by a page's URL; the request-language rules read it. */
export const lngQuery = z.object({ lng: z.string().max(10).optional() }).strict();
