import { z } from 'zod';
import { isUndelivered, orderStatuses } from '../domain/order-status.js';
import { confirmationAnswers, confirmationStates } from '../domain/cod-confirmation.js';
import { paymentFlags, paymentMethods, paymentStates } from '../domain/payments.js';
import { orderSchema } from './checkout.js';
import { courierReasons } from '../domain/order-risk.js';
import { orderReviewSchema, phoneRecordSchema } from './risk.js';

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
  paymentMethod: z.enum(paymentMethods),
  paymentState: z.enum(paymentStates),
  /** Set when money arrived that the merchant must look at (paid after expiry, paid twice). */
  paymentFlag: z.enum(paymentFlags).nullable(),
  createdAt: z.string(),
  /** The phone's record with the shop (decision 042), counted for the page's phones in one query. */
  phoneRecord: phoneRecordSchema,
  /** True while the order waits in the Review filter. */
  toReview: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/**
 * `GET /api/admin/orders?status=&payment=&confirmation=awaiting&q=&from=&to=&page=&pageSize=`, newest first;
 * `payment=` one payment state (payments.ts), or `flagged` for orders with a payment flag;
 * `confirmation=awaiting` keeps the pending orders the customer has neither confirmed nor refused; `review=waiting`
 * keeps the orders the risk rules flagged and nobody has reviewed yet (decision 042). Matches are counted
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
  /** The payment state the entry records (a payment's move; `from` = `to` when the status did not move), or null. */
  paymentState: z.enum(paymentStates).nullable(),
  /** Paymob's transaction id behind that move, or null. */
  transactionId: z.string().nullable(),
  /** Why the courier brought the parcel back (a move to refused or returned), or null. */
  courierReason: z.enum(courierReasons).nullable(),
  actor: z.string().nullable(),
  at: z.string(),
});

/** One try at paying online: a Paymob intention and what came of it. */
export const paymentAttemptSchema = z.object({
  method: z.enum(paymentMethods),
  /** Our `special_reference` (Paymob's `merchant_order_id`), unique per attempt. */
  reference: z.string(),
  intentionId: z.string().nullable(),
  /** Paymob's order id (`intention_order_id`). */
  paymobOrderId: z.string().nullable(),
  /** Paymob's id of the transaction that settled it, or null. */
  transactionId: z.string().nullable(),
  amount: z.number(),
  state: z.enum(['created', 'pending', 'succeeded', 'failed', 'not_started']),
  billReference: z.string().nullable(),
  createdAt: z.string(),
});

/** A transaction Paymob reported (callback, inquiry) or a refund the admin made, as recorded once. */
export const paymentTransactionSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(['payment', 'refund']),
  outcome: z.enum(['succeeded', 'failed', 'pending']),
  amount: z.number(),
  source: z.enum(['callback', 'inquiry', 'admin']),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  at: z.string(),
});

/** The order page's payment panel. */
export const adminPaymentSchema = z.object({
  flag: z.enum(paymentFlags).nullable(),
  /** Piastres a refund may still give back (0 when nothing was paid online or all of it went back). */
  refundable: z.number(),
  attempts: z.array(paymentAttemptSchema),
  transactions: z.array(paymentTransactionSchema),
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
  paymentDetails: adminPaymentSchema,
  /** The phone's record with the shop, this order included (decision 042). */
  phoneRecord: phoneRecordSchema,
  /** Why the risk rules flagged the order and whether it was reviewed; null when it was not flagged. */
  review: orderReviewSchema.nullable(),
  /** Whether the order's phone is on the blocklist now. */
  phoneBlocked: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** `POST /api/admin/orders/:id/status`. */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(orderStatuses, { error: 'status_invalid' }),
    note: z.string().trim().max(500).optional(),
    /** For 'shipped': what the customer's e-mail tells them (carrier, tracking number); kept in the history's note. */
    trackingNote: z.string().trim().max(300).optional(),
    /** For 'refused' and 'returned': why the courier brought the parcel back (required then). */
    courierReason: z.enum(courierReasons, { error: 'reason_required' }).optional(),
  })
  .strict()
  .refine((v) => !isUndelivered(v.status) || v.courierReason !== undefined, { message: 'reason_required', path: ['courierReason'] });
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** Answer of a status change: the status the order now has. */
export const orderStatusChangedSchema = z.object({ ok: z.literal(true), status: z.enum(orderStatuses) });

/** `POST /api/admin/orders/:id/confirmation`: the customer's answer on WhatsApp, in one click. */
export const orderConfirmationSchema = z.object({ answer: z.enum(confirmationAnswers, { error: 'answer_invalid' }) }).strict();
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/** Answer of a recorded confirmation: the answer kept and the order's status after it ("confirmed" confirms a pending order). */
export const orderConfirmationRecordedSchema = z.object({ ok: z.literal(true), confirmation: z.enum(confirmationAnswers), status: z.enum(orderStatuses) });

/** `POST /api/admin/orders/:id/refunds`: give back part or all of what was paid online (piastres), with the reason the shopper is told. */
export const refundRequestSchema = z
  .object({
    amount: z.number({ error: 'amount_invalid' }).int('amount_invalid').positive('amount_invalid'),
    reason: z.string({ error: 'required' }).trim().min(1, 'required').max(300, 'too_long'),
  })
  .strict();
export type RefundRequest = z.infer<typeof refundRequestSchema>;
/** Its answer: the payment state after the refund and what is still refundable. */
export const refundMadeSchema = z.object({ ok: z.literal(true), paymentState: z.enum(paymentStates), refundable: z.number() });
