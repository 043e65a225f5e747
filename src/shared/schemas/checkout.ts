import { z } from 'zod';
import { governorateCodes } from '../domain/governorates.js';
import { normalizeEgyptianMobile } from '../domain/phone.js';
import { orderStatuses } from '../domain/order-status.js';
import { MAX_LINE_QUANTITY, MAX_ORDER_QUANTITY, orderLineKey } from '../domain/cart.js';
import { paymentMethods, paymentStates } from '../domain/payments.js';
import { promotionKinds } from '../domain/promotion-codes.js';

/**
 * Field error messages are stable codes; the client translates `validation.<code>`.
 * The same schema validates the checkout form in the browser and the order on the server.
 */
const required = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');

/** What the browser may say about a line: which product, which options, how many. Nothing else. */
export const checkoutLineSchema = z.object({
  productId: z.number({ error: 'invalid' }).int('invalid').positive('invalid'),
  color: z.string().max(40).nullable().optional(),
  size: z.string().max(40).nullable().optional(),
  quantity: z.number({ error: 'quantity_invalid' }).int('quantity_invalid').min(1, 'quantity_invalid').max(MAX_LINE_QUANTITY, 'quantity_too_many'),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const customerSchema = z.object({
  fullName: required(120).refine((v) => v.length >= 3, 'too_short'),
  phone: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .refine((v) => normalizeEgyptianMobile(v) !== null, 'phone_invalid')
    .transform((v) => normalizeEgyptianMobile(v) ?? v),
  email: z
    .string()
    .trim()
    .max(254, 'too_long')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'email_invalid')
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  governorate: z.enum(governorateCodes as [string, ...string[]], { error: 'governorate_required' }),
  city: required(120),
  address: required(500).refine((v) => v.length >= 8, 'address_short'),
  notes: z.string().trim().max(1000, 'too_long').optional(),
});
export type Customer = z.input<typeof customerSchema>;

/** Cash on delivery, or an online method the shop offers (the server refuses one it does not: `payment_unavailable`). */
const paymentMethodSchema = z.enum(paymentMethods, { error: 'payment_invalid' });
/** Paymob needs an e-mail for an online payment, and the shopper's receipt goes to it. */
const emailForOnline = (order: { paymentMethod: string; email?: string }) => order.paymentMethod === 'cod' || !!order.email;
const emailForOnlineIssue = { message: 'email_required_online', path: ['email'] };

/** What the checkout form checks in the browser: the customer, the way to pay, and the e-mail an online payment needs. */
export const checkoutFormSchema = customerSchema.extend({ paymentMethod: paymentMethodSchema }).refine(emailForOnline, emailForOnlineIssue);

export const checkoutSchema = customerSchema
  .extend({
    paymentMethod: paymentMethodSchema,
    /** The shopper's promotion code, as typed (the server normalises it and decides; promotions.ts). */
    couponCode: z.string().trim().max(64, 'code_invalid').optional(),
    lines: z
      .array(checkoutLineSchema)
      .min(1, 'cart_empty')
      .max(50, 'too_many_lines')
      // The caps hold after repeats of a line are merged, not only per line as sent.
      .superRefine((lines, ctx) => {
        const units = new Map<string, number>();
        let total = 0;
        lines.forEach((line, index) => {
          const key = orderLineKey(line);
          const before = units.get(key) ?? 0;
          units.set(key, before + line.quantity);
          total += line.quantity;
          if (before <= MAX_LINE_QUANTITY && before + line.quantity > MAX_LINE_QUANTITY)
            ctx.addIssue({ code: 'custom', message: 'quantity_too_many', path: [index, 'quantity'] });
        });
        if (total > MAX_ORDER_QUANTITY) ctx.addIssue({ code: 'custom', message: 'order_too_many' });
      }),
  })
  .refine(emailForOnline, emailForOnlineIssue);
export type CheckoutRequest = z.input<typeof checkoutSchema>;
export type CheckoutInput = z.output<typeof checkoutSchema>;

export const orderLineSchema = z.object({
  productId: z.number(),
  name: z.string(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unitPrice: z.number(),
  discount: z.number(),
  unitPaid: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** How an order is paid, as its owner and the admin see it (payments.ts). */
export const orderPaymentSchema = z.object({
  method: z.enum(paymentMethods),
  state: z.enum(paymentStates),
  /** The code to pay with at an Aman kiosk, once Paymob issued it; else null. */
  billReference: z.string().nullable(),
  /** While unpaid: when the order is cancelled and its stock released (ISO). */
  dueAt: z.string().nullable(),
  /** Piastres given back so far. */
  refunded: z.number(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** A promotion an order got, as its page, e-mails and the admin show it: its code or name and what it took off (piastres). */
export const orderPromotionSchema = z.object({
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(promotionKinds),
  amount: z.number(),
});
export type OrderPromotionView = z.infer<typeof orderPromotionSchema>;

/** An order as its owner sees it. Money in piastres, always EGP. */
export const orderSchema = z.object({
  number: z.string(),
  status: z.enum(orderStatuses),
  customerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  governorate: z.string(),
  city: z.string(),
  address: z.string(),
  notes: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods),
  payment: orderPaymentSchema,
  currency: z.literal('EGP'),
  subtotal: z.number(),
  /** Taken off the subtotal by promotions (piastres). */
  discount: z.number(),
  shippingFee: z.number(),
  total: z.number(),
  lines: z.array(orderLineSchema),
  /** The offers the order got: each one's code or name and what it took off (or the delivery it saved). */
  promotions: z.array(orderPromotionSchema),
  createdAt: z.string(),
  /**
   * The buyer's "Review your order" link (decision 038), signed, while the delivered order may be
   * reviewed; given only to whoever opened the order with its token or from their account.
   */
  reviewLink: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * `POST /api/orders`: the order and the token of its private link (`/order/:number?token=`); for an
 * online payment, where to send the shopper to pay (Paymob's Unified Checkout), or null when the
 * payment could not be started (the order page offers another try or cash on delivery).
 */
export const placedOrderSchema = z.object({ order: orderSchema, accessToken: z.string(), paymentUrl: z.string().nullable() });

/** `POST /api/orders/:number/payment?token=`: pay an unpaid order again online, or by cash on delivery instead. */
export const paymentChoiceSchema = z.object({ method: z.enum(paymentMethods, { error: 'payment_invalid' }) });
/** Its answer: the order as it is now, and where to pay (null for cash on delivery, or when Paymob could not be reached). */
export const paymentChoiceResultSchema = z.object({ order: orderSchema, paymentUrl: z.string().nullable() });

/** 409 body detail: lines that cannot be served, with what is left. */
export const stockProblemSchema = z.object({
  productId: z.number(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  name: z.string(),
  requested: z.number(),
  available: z.number(),
});
export type StockProblem = z.infer<typeof stockProblemSchema>;

/** Why a checkout form posted without scripts was refused, as the page words it (`checkout.<failure>`). */
export type CheckoutFailure = 'failed' | 'tooManyOrders' | 'tooMany' | 'emptyCart' | 'coupon' | 'blocked';

/**
 * What the server's render of `/checkout` starts from (decision 025): the key of the next attempt,
 * and after a form posted without scripts was refused, the values as typed, the field codes, the
 * lines short of stock and the failure.
 */
export interface CheckoutSubmission {
  key: string | null;
  values: Partial<Record<keyof Customer, string>> | null;
  fields: Record<string, string>;
  problems: StockProblem[];
  failure: CheckoutFailure | null;
}
