import { z } from 'zod';
import { normalizeOrderNumber } from '../domain/order-search.js';
import { orderStatuses } from '../domain/order-status.js';
import { customerSchema, orderSchema } from './checkout.js';

/**
 * `POST /api/orders/track`: an order number and the phone number given at checkout, as typed
 * (`nsm 100123`, `+20 100…`, Arabic-Indic digits); parsed to `NSM-100123` and `01XXXXXXXXX`.
 * The same schema checks the form in the browser.
 */
export const orderTrackSchema = z.object({
  number: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(40, 'order_number_invalid')
    .refine((v) => normalizeOrderNumber(v) !== null, 'order_number_invalid')
    .transform((v) => normalizeOrderNumber(v) ?? v),
  phone: customerSchema.shape.phone,
});
export type OrderTrackRequest = z.input<typeof orderTrackSchema>;

/** One status the order reached and when; the admin's notes and names are not part of it. */
export const trackedStatusSchema = z.object({ status: z.enum(orderStatuses), at: z.string() });

/**
 * What a number and phone number show (decision 024): the status, its history, the lines and the
 * amounts. Who and where (name, phone, e-mail, address, delivery notes) stay with the order's
 * private link and the account; the governorate explains the shipping fee.
 */
export const trackedOrderSchema = orderSchema
  .pick({
    number: true,
    status: true,
    governorate: true,
    paymentMethod: true,
    currency: true,
    subtotal: true,
    shippingFee: true,
    total: true,
    lines: true,
    createdAt: true,
  })
  .extend({ history: z.array(trackedStatusSchema) });
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;
