import { z } from 'zod';
import { orderStatuses } from '../domain/order-status.js';
import { confirmationAnswers, confirmationStates } from '../domain/cod-confirmation.js';
import { orderSchema } from './checkout.js';

/** One row of `GET /api/admin/orders`. Money in piastres (EGP); `governorate` is its code. */
export const adminOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(orderStatuses),
  customerName: z.string(),
  phone: z.string(),
  governorate: z.string(),
  total: z.number(),
  /** The customer's answer to the WhatsApp confirmation, 'awaiting' until one is recorded. */
  confirmation: z.enum(confirmationStates),
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * `GET /api/admin/orders?status=&confirmation=awaiting&q=&from=&to=&page=&pageSize=`, newest first;
 * `confirmation=awaiting` keeps the pending orders the customer has neither confirmed nor refused. Matches are counted
 * only so far past the page (decision 014): `totalExact: false` means at least `total` match.
 */
export const adminOrderListSchema = z.object({
  items: z.array(adminOrderRowSchema),
  total: z.number(),
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** A status change; `from` is null for the order's creation, `actor` null when the shop made it. */
export const orderHistoryEntrySchema = z.object({
  from: z.enum(orderStatuses).nullable(),
  to: z.enum(orderStatuses),
  note: z.string().nullable(),
  /** The confirmation answer the entry records (`from` = `to` when the status did not move), or null. */
  confirmation: z.enum(confirmationAnswers).nullable(),
  actor: z.string().nullable(),
  at: z.string(),
});

/**
 * `GET /api/admin/orders/:id`: the order, what it may become next, and how it got here.
 * `whatsapp` opens a chat with the customer with the confirmation message typed in the order's
 * language (decision 022); null when the phone is not an Egyptian mobile.
 */
export const adminOrderSchema = orderSchema.extend({
  id: z.number(),
  userId: z.number().nullable(),
  language: z.string(),
  confirmation: z.enum(confirmationStates),
  confirmationAt: z.string().nullable(),
  whatsapp: z.string().nullable(),
  nextStatuses: z.array(z.enum(orderStatuses)),
  history: z.array(orderHistoryEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** `POST /api/admin/orders/:id/status`. */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(orderStatuses, { error: 'status_invalid' }),
    note: z.string().trim().max(500).optional(),
    /** For 'shipped': what the customer's e-mail tells them (carrier, tracking number); kept in the history's note. */
    trackingNote: z.string().trim().max(300).optional(),
  })
  .strict();
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** Answer of a status change: the status the order now has. */
export const orderStatusChangedSchema = z.object({ ok: z.literal(true), status: z.enum(orderStatuses) });

/** `POST /api/admin/orders/:id/confirmation`: the customer's answer on WhatsApp, in one click. */
export const orderConfirmationSchema = z.object({ answer: z.enum(confirmationAnswers, { error: 'answer_invalid' }) }).strict();
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/** Answer of a recorded confirmation: the answer kept and the order's status after it ("confirmed" confirms a pending order). */
export const orderConfirmationRecordedSchema = z.object({ ok: z.literal(true), confirmation: z.enum(confirmationAnswers), status: z.enum(orderStatuses) });
