// Paymob's transaction signatures (docs/contracts/paymob.md §3a, §4): HMAC-SHA512 over the values
// of 20 fields, concatenated in a fixed order. The processed callback (a server POST) carries the
// transaction as JSON and the HMAC in `?hmac=`; the response callback (the shopper's browser, a GET)
// carries the same fields as flat query parameters.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The signed keys, in Paymob's order (lexicographic over the flattened names; note `error_occured`). */
export const signedFields = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

export type SignedField = (typeof signedFields)[number];

/**
 * A Paymob transaction as the shop reads it (amounts in piastres, ids as Paymob numbers them).
 * Only the 20 `signedFields` are covered by the HMAC: here id, paymobOrderId, amountCents,
 * currency, success, pending, errorOccured, hasParentTransaction, integrationId, isRefunded,
 * isVoided, sourceType, sourceSubType and createdAt. The rest (merchantOrderId, isRefund, isVoid,
 * refundedAmountCents, parentTransaction, billReference, message) can be altered in a replayed
 * callback without breaking its signature: decide on the signed ones, match orders by
 * paymobOrderId, and ask Paymob (inquiry) when an unsigned one matters.
 */
export interface PaymobTransaction {
  id: number;
  /** Paymob's order id: the intention's `intention_order_id`. */
  paymobOrderId: number;
  /** Our `special_reference`, echoed back as `order.merchant_order_id`. */
  merchantOrderId: string | null;
  amountCents: number;
  currency: string;
  success: boolean;
  pending: boolean;
  errorOccured: boolean;
  isRefund: boolean;
  isVoid: boolean;
  isRefunded: boolean;
  isVoided: boolean;
  refundedAmountCents: number | null;
  parentTransaction: number | null;
  hasParentTransaction: boolean;
  integrationId: number;
  /** `card`, `wallet`, `aggregator` (kiosk)…; '' when Paymob sent none. */
  sourceType: string;
  sourceSubType: string;
  /** The kiosk payment reference (`data.bill_reference`), as text. */
  billReference: string | null;
  message: string | null;
  /** As Paymob wrote it (no zone, e.g. `2024-06-13T11:33:44.592345`). */
  createdAt: string;
}

/** What the shopper's browser brings back from Paymob's checkout (the response callback). */
export interface PaymobRedirect {
  transactionId: number;
  paymobOrderId: number;
  /**
   * `merchant_order_id`, which is NOT among the signed fields: anyone can change it in the URL.
   * Find the order by `paymobOrderId` (signed), or check that this reference's order has it.
   */
  merchantOrderId: string | null;
  success: boolean;
  pending: boolean;
  amountCents: number;
}

type Query = Record<string, string | string[] | undefined>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One value as it enters the signed string: JSON booleans as `true`/`false`, numbers as plain
 * decimals, strings as received. `null` and a missing key give '' (the contract leaves null's
 * rendering UNCONFIRMED; '' is what the kiosk's empty pan gives too).
 */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  return '';
}

function objectValue(obj: Record<string, unknown>, field: SignedField): unknown {
  const dot = field.indexOf('.');
  if (dot < 0) return obj[field];
  const parent = obj[field.slice(0, dot)];
  // `order` is an object in the callback, but a bare id in some answers.
  if (field === 'order.id' && !isRecord(parent)) return parent;
  return isRecord(parent) ? parent[field.slice(dot + 1)] : undefined;
}

function hmacHex(message: string, secret: string): string {
  return createHmac('sha512', Buffer.from(secret, 'utf8')).update(message, 'utf8').digest('hex');
}

/** Hex (lowercase) HMAC-SHA512 of a processed callback's `obj` under the HMAC secret. */
export function transactionHmac(obj: Record<string, unknown>, secret: string): string {
  return hmacHex(signedFields.map((field) => render(objectValue(obj, field))).join(''), secret);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/**
 * Hex HMAC-SHA512 of a response callback's query: the same 20 fields, dotted names taken
 * literally. The order is `order`, or failing that `order_id` (the docs disagree, §4). A repeated
 * parameter counts as missing.
 */
export function redirectHmac(query: Query, secret: string): string {
  const value = (field: SignedField) => (field === 'order.id' ? (single(query.order) ?? single(query.order_id)) : single(query[field]));
  return hmacHex(signedFields.map((field) => value(field) ?? '').join(''), secret);
}

const hexHmac = /^[0-9a-f]{128}$/i;

/**
 * Constant-time comparison of the HMAC we computed with the one received. Case is ignored: both
 * are decoded to their 64 bytes and the bytes compared, so `ABC…` and `abc…` are the same MAC
 * (Paymob sends lowercase; a proxy that upper-cases it changes nothing that was signed).
 */
function sameHmac(expected: string, received: string | undefined): boolean {
  if (received === undefined || !hexHmac.test(received)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(received.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = z.string().nullable().optional();
const orderSchema = z.union([
  z.number().int(),
  z.object({
    id: z.number().int(),
    merchant_order_id: z.union([z.string(), z.number()]).nullable().optional(),
  }),
]);

/** The fields of a Paymob transaction object the shop reads; other keys are ignored. */
const transactionObjectSchema = z.object({
  id: z.number().int(),
  order: orderSchema,
  amount_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  success: z.boolean(),
  pending: z.boolean(),
  error_occured: z.boolean(),
  has_parent_transaction: z.boolean(),
  integration_id: z.number().int(),
  is_refunded: z.boolean(),
  is_voided: z.boolean(),
  is_refund: z.boolean().optional(),
  is_void: z.boolean().optional(),
  refunded_amount_cents: z.number().int().nullable().optional(),
  parent_transaction: z.number().int().nullable().optional(),
  source_data: z.object({ type: text, sub_type: text, pan: text }).nullable().optional(),
  data: z
    .object({ bill_reference: z.union([z.string(), z.number()]).nullable().optional(), message: text })
    .nullable()
    .optional(),
});

type TransactionObject = z.infer<typeof transactionObjectSchema>;

function normalise(obj: TransactionObject): PaymobTransaction {
  const order = typeof obj.order === 'number' ? { id: obj.order, merchant_order_id: null } : obj.order;
  const reference = order.merchant_order_id;
  const bill = obj.data?.bill_reference;
  return {
    id: obj.id,
    paymobOrderId: order.id,
    merchantOrderId: reference === null || reference === undefined ? null : String(reference),
    amountCents: obj.amount_cents,
    currency: obj.currency,
    success: obj.success,
    pending: obj.pending,
    errorOccured: obj.error_occured,
    isRefund: obj.is_refund ?? false,
    isVoid: obj.is_void ?? false,
    isRefunded: obj.is_refunded,
    isVoided: obj.is_voided,
    refundedAmountCents: obj.refunded_amount_cents ?? null,
    parentTransaction: obj.parent_transaction ?? null,
    hasParentTransaction: obj.has_parent_transaction,
    integrationId: obj.integration_id,
    sourceType: obj.source_data?.type ?? '',
    sourceSubType: obj.source_data?.sub_type ?? '',
    billReference: bill === null || bill === undefined ? null : String(bill),
    message: obj.data?.message ?? null,
    createdAt: obj.created_at,
  };
}

/**
 * A Paymob transaction object (callback `obj`, inquiry or refund answer) in the shop's terms.
 * Throws a ZodError when a field the shop reads is missing or of the wrong type.
 */
export function parseTransaction(obj: unknown): PaymobTransaction {
  return normalise(transactionObjectSchema.parse(obj));
}

const callbackSchema = z.object({ type: z.literal('TRANSACTION'), obj: z.record(z.string(), z.unknown()) });

/**
 * The transaction of a processed callback (`body` as JSON, `hmac` from its query), or null when
 * it is unsigned, signed with another secret, altered, not a TRANSACTION, or malformed.
 */
export function verifyProcessedCallback(body: unknown, hmac: string | undefined, secret: string): PaymobTransaction | null {
  const callback = callbackSchema.safeParse(body);
  if (!callback.success) return null;
  const obj = transactionObjectSchema.safeParse(callback.data.obj);
  if (!obj.success) return null;
  // Signed over the values as received, not as parsed: the parse must not change what is checked.
  if (!sameHmac(transactionHmac(callback.data.obj, secret), hmac)) return null;
  return normalise(obj.data);
}

const integer = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const redirectSchema = z.object({
  id: integer,
  amount_cents: integer,
  success: flag,
  pending: flag,
  merchant_order_id: z.string().optional(),
});

/**
 * What a shopper's browser brings back from Paymob (its GET query), or null when unsigned,
 * altered or malformed. The Paymob order is `order`, or `order_id` when `order` is absent.
 */
export function verifyRedirect(query: Query, secret: string): PaymobRedirect | null {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      // A signed field or the signature given twice is ambiguous: refuse it.
      if (key === 'hmac' || key === 'order' || key === 'order_id' || (signedFields as readonly string[]).includes(key)) return null;
    } else if (value !== undefined) flat[key] = value;
  }
  const parsed = redirectSchema.safeParse(flat);
  const order = integer.safeParse(flat.order ?? flat.order_id);
  if (!parsed.success || !order.success) return null;
  if (!sameHmac(redirectHmac(flat, secret), flat.hmac)) return null;
  return {
    transactionId: parsed.data.id,
    paymobOrderId: order.data,
    merchantOrderId: parsed.data.merchant_order_id || null,
    success: parsed.data.success,
    pending: parsed.data.pending,
    amountCents: parsed.data.amount_cents,
  };
}
