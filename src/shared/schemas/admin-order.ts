import { z } from 'zod';
import { orderStatuses } from '../domain/order-status.js';
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
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * `GET /api/admin/orders?status=&q=&from=&to=&page=&pageSize=`, newest first. Matches are counted
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
  actor: z.string().nullable(),
  at: z.string(),
});

/** `GET /api/admin/orders/:id`: the order, what it may become next, and how it got here. */
export const adminOrderSchema = orderSchema.extend({
  id: z.number(),
  userId: z.number().nullable(),
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
