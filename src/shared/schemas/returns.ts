import { z } from 'zod';
import { MAX_RETURN_PHOTOS, MAX_RETURN_WINDOW_DAYS, refundMethods, RETURN_NOTE_MAX, returnKinds, returnReasons, returnStates } from '../domain/returns.js';
import { paymentMethods } from '../domain/payments.js';
import { idSchema } from './params.js';

/**
 * Returns and exchanges on the wire (issue 33, decision 043): the shopper's request and what their
 * order page shows, the merchant's list, a return's page and each step. Money in piastres; field
 * errors are stable codes the client translates.
 */

const note = z
  .string()
  .max(RETURN_NOTE_MAX * 2, 'too_long')
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(RETURN_NOTE_MAX, 'too_long'));

/** The lines asked back: each order line at most once, with a quantity. */
const askedLines = z
  .array(z.object({ lineId: idSchema, quantity: z.coerce.number().int('invalid').min(1, 'invalid').max(1000, 'invalid') }), { error: 'return_lines_required' })
  .min(1, 'return_lines_required')
  .max(100)
  .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, { message: 'invalid' });

/** What the shopper sends (beside up to three photos in the same multipart request; `lines` as JSON text there). */
export const returnRequestSchema = z.object({
  kind: z.enum(returnKinds, { error: 'required' }),
  reason: z.enum(returnReasons, { error: 'required' }),
  note: note.default(''),
  lines: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, askedLines),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;

export const returnPhotoSchema = z.object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() });
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

/** One line of a return: the order line, what was asked, and (once received) what went back to stock. */
export const returnLineSchema = z.object({
  lineId: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unitPaid: z.number().int(),
  quantity: z.number().int(),
  restocked: z.number().int(),
});

/** A return as its shopper sees it on the order page. */
export const shopperReturnSchema = z.object({
  number: z.string(),
  kind: z.enum(returnKinds),
  state: z.enum(returnStates),
  reason: z.enum(returnReasons),
  note: z.string(),
  /** The merchant's note when deciding (a refusal's reason), or null. */
  decisionNote: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  refundMethod: z.enum(refundMethods).nullable(),
  /** The exchange's new order number, once sent. */
  exchangeOrderNumber: z.string().nullable(),
  lines: z.array(returnLineSchema),
  photos: z.array(returnPhotoSchema).max(MAX_RETURN_PHOTOS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShopperReturn = z.infer<typeof shopperReturnSchema>;

/** `GET /api/orders/:number/returns?token=`: whether a return may be asked, of which units, and the order's returns. */
export const orderReturnsSchema = z.object({
  /** Null when a return may be asked; else why not (returns_off, not_delivered, window_closed, nothing_left). */
  refusal: z.enum(['returns_off', 'not_delivered', 'window_closed', 'nothing_left']).nullable(),
  /** When the window closes, once delivered (null otherwise or with returns off). */
  windowEndsAt: z.string().nullable(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      name: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      /** Units not yet in a return. */
      returnable: z.number().int(),
      unitPaid: z.number().int(),
    }),
  ),
  returns: z.array(shopperReturnSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

/** One row of the merchant's list. */
export const adminReturnRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  kind: z.enum(returnKinds),
  state: z.enum(returnStates),
  reason: z.enum(returnReasons),
  units: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminReturnRow = z.infer<typeof adminReturnRowSchema>;

/** `GET /api/admin/returns?state=&orderId=&page=&pageSize=`, newest first. */
export const adminReturnsQuerySchema = z
  .object({
    state: z.enum(returnStates).optional(),
    orderId: idSchema.optional(),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AdminReturnsQuery = z.infer<typeof adminReturnsQuerySchema>;

export const adminReturnListSchema = z.object({
  items: z.array(adminReturnRowSchema),
  total: z.number().int(),
  /** False when more than `total` match (counted only so far, decision 014). */
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReturnList = z.infer<typeof adminReturnListSchema>;

/** A return's page for the merchant: the shopper's view, the order's payment, and what a refund may give. */
export const adminReturnSchema = shopperReturnSchema.extend({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string(),
  phone: z.string(),
  paymentMethod: z.enum(paymentMethods),
  /** Whether the order was paid online with money left to give back through the provider. */
  providerRefundable: z.boolean(),
  /** The refund the page offers: the returned units' paid prices, at most what is left on the order. */
  refundDue: z.number().int(),
  exchangeOrderId: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

/** Approve or refuse: a note the shopper reads (required to refuse). */
export const returnDecisionSchema = z.object({ note: note.default('') }).strict();
export const returnRefuseSchema = z.object({ note: note.pipe(z.string().min(3, 'too_short')) }).strict();

/** The parcel came back: per return line, how many units go back on the shelf (0 for a damaged one). */
export const returnReceiptSchema = z
  .object({ restock: z.array(z.object({ lineId: idSchema, quantity: z.number().int().min(0).max(1000) })).max(100) })
  .strict();
export type ReturnReceipt = z.infer<typeof returnReceiptSchema>;

/** The refund: the method, and optionally a smaller amount (piastres) than the one the server computes. */
export const returnRefundSchema = z
  .object({ method: z.enum(refundMethods), amount: z.number({ error: 'amount_invalid' }).int('amount_invalid').positive('amount_invalid').optional() })
  .strict();
export type ReturnRefundRequest = z.infer<typeof returnRefundSchema>;

/** The return window, days after delivery (0: returns off). */
export const returnSettingsSchema = z.object({ windowDays: z.number().int().min(0).max(MAX_RETURN_WINDOW_DAYS) }).strict();
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;
