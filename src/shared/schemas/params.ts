import { z } from 'zod';
import { languages } from '../domain/languages.js';

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

/**
 * `?lng=` of a product feed: one of the shop's languages, English when absent. Unlike a page's, a
 * feed's language is never guessed from cookies or headers (Merchant Center and Meta send none), and
 * a mistyped one is refused rather than answered in English under the wrong name. Other parameters
 * are ignored, not refused: a scheduler's cache-buster must not break a merchant's feed.
 */
export const feedQuery = z.object({ lng: z.enum(languages, { error: 'language_invalid' }).default('en') });
