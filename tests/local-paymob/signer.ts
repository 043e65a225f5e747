// The local Paymob's own signer (docs/contracts/paymob.md §3a, §4). Written apart from the shop's
// src/server/payments/paymob-hmac.ts on purpose, and not imported from it: the two check each other.
import crypto from 'node:crypto';

/** The signed names as Paymob lists them; `order` is `order.id` in a callback and `order` (or `order_id`) in a redirect. */
const SIGNED = [
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
  'order',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
];

/** Flattens nested objects into dotted names (`{ a: { b: 1 } }` → `{ 'a.b': 1 }`), keeping the parent too. */
function flatten(value: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix + key;
    into[name] = inner;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) flatten(inner as Record<string, unknown>, `${name}.`, into);
  }
  return into;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function hmac(message: string, secret: string): string {
  return crypto.createHmac('sha512', secret).update(message).digest('hex');
}

/** The string Paymob signs for a processed callback's `obj`. */
export function callbackString(obj: Record<string, unknown>): string {
  const flat = flatten(obj);
  return SIGNED.map((name) => text(name === 'order' ? flat['order.id'] : flat[name])).join('');
}

/** The `?hmac=` of a processed callback. */
export function signCallback(obj: Record<string, unknown>, secret: string): string {
  return hmac(callbackString(obj), secret);
}

/** The `hmac` parameter of a redirect's flat query (`order`, or `order_id` when `order` is absent). */
export function signRedirect(query: Record<string, string>, secret: string): string {
  return hmac(SIGNED.map((name) => (name === 'order' ? (query.order ?? query.order_id ?? '') : (query[name] ?? ''))).join(''), secret);
}
