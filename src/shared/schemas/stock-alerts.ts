import { z } from 'zod';
import { newsletterSchema } from './newsletter.js';

/**
 * Back-in-stock alerts (issue 34, decision 046): the shopper's request on a sold-out product or
 * variant, the confirmation and unsubscribe links, and the admin's counts. Error messages are
 * stable codes the client translates.
 */
export const stockAlertRequestSchema = z
  .object({
    productId: z.number().int().positive(),
    /** The sold-out option, or null for the product (one without options, or every option sold out). */
    variantId: z.number().int().positive().nullable(),
    email: newsletterSchema.shape.email,
  })
  .strict();
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** The link's token of a confirmation e-mail. */
export const stockAlertConfirmSchema = z.object({ token: z.string().min(20).max(100) }).strict();

/** The signed one-click unsubscribe link (`/stock-alerts/unsubscribe?id=&sig=`). */
export const stockAlertUnsubscribeSchema = z.object({ id: z.coerce.number().int().positive(), sig: z.string().min(20).max(100) });

/** What the confirmation and unsubscribe pages show: the product the alert is for, in the page's language. */
export const stockAlertAnswerSchema = z.object({
  product: z.object({ id: z.number().int(), name: z.string() }),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;
