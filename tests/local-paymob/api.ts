// The local Paymob's API (docs/contracts/paymob.md §0, §1, §6, §7): create an intention, auth
// tokens, transaction inquiry, a transaction by id, refunds. Answers are DRF-style, as Paymob's:
// `{"detail": "..."}` or errors keyed by field.
import {
  buildTransaction,
  hex,
  keep,
  methodOf,
  paymentsOf,
  paymobTime,
  profileId,
  type Intention,
  type Item,
  type LocalPaymobOptions,
  type Method,
  type State,
  type TransactionObject,
} from './model.js';

export interface Reply {
  status: number;
  body: unknown;
}

const detail = (status: number, text: string): Reply => ({ status, body: { detail: text } });
const required = ['This field is required.'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const positiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** `Authorization: Token <secret key>`, as intention, refund, void and capture require. */
export function checkSecretKey(authorization: string | undefined, options: LocalPaymobOptions): Reply | null {
  if (!authorization) return detail(401, 'Authentication credentials were not provided.');
  return authorization === `Token ${options.secretKey}` ? null : detail(401, 'Invalid token.');
}

function integrationsOf(value: unknown, options: LocalPaymobOptions): Array<{ integrationId: number; method: Method }> | Reply {
  if (!Array.isArray(value) || value.length === 0) return { status: 400, body: { payment_methods: required } };
  const known = Object.entries(options.integrations) as Array<[Method, number]>;
  const methods = [];
  for (const entry of value) {
    // An integration id, or a method's name as the SDK examples send ("card", "wallet", "kiosk").
    const match = known.find(([method, id]) => entry === id || entry === String(id) || entry === method);
    if (!match) return detail(404, `Integration ID/Name does not exist in our system . ${String(entry)}`);
    methods.push({ integrationId: match[1], method: match[0] });
  }
  return methods;
}

function itemsOf(value: unknown, amount: number): Item[] | Reply {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return { status: 400, body: { items: ['Expected a list of items.'] } };
  const items: Item[] = [];
  for (const item of value) {
    if (!isRecord(item) || !filled(item.name)) return { status: 400, body: { items: { name: required } } };
    if (typeof item.amount !== 'number' || !Number.isSafeInteger(item.amount)) return { status: 400, body: { items: { amount: required } } };
    const quantity = item.quantity ?? 1;
    if (!positiveInteger(quantity)) return { status: 400, body: { items: { quantity: ['Ensure this value is greater than or equal to 1.'] } } };
    const description = typeof item.description === 'string' ? item.description : null;
    items.push({ name: String(item.name), amount: item.amount, quantity, description, image: null });
  }
  // Item amounts are unit amounts: Paymob's own WooCommerce plugin totals amount × quantity.
  const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  if (items.length > 0 && total !== amount) return detail(400, `The items' total (${total}) does not match the amount (${amount}).`);
  return items;
}

function optionalUrl(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  return value;
}

/** POST /v1/intention/ (D-CI): validates, stores, answers 201 with the documented shape. */
export function createIntention(state: State, options: LocalPaymobOptions, body: unknown): Reply {
  if (!isRecord(body)) return detail(400, 'JSON parse error.');
  if (!positiveInteger(body.amount)) return { status: 400, body: { amount: ['A valid positive integer is required.'] } };
  if (body.currency !== 'EGP') return { status: 400, body: { currency: ["The currency must match the integration's currency (EGP)."] } };
  const methods = integrationsOf(body.payment_methods, options);
  if (!Array.isArray(methods)) return methods;
  const billing = body.billing_data;
  if (!isRecord(billing)) return { status: 400, body: { billing_data: required } };
  for (const field of ['first_name', 'last_name', 'email', 'phone_number']) {
    if (!filled(billing[field])) return { status: 400, body: { billing_data: { [field]: required } } };
  }
  const items = itemsOf(body.items, body.amount);
  if (!Array.isArray(items)) return items;
  const reference = body.special_reference;
  if (reference !== undefined && reference !== null && !filled(reference)) return { status: 400, body: { special_reference: ['Not a valid string.'] } };
  const specialReference = typeof reference === 'string' ? reference : null;
  if (specialReference !== null && [...state.intentions.values()].some((i) => i.specialReference === specialReference)) {
    return detail(400, 'Duplicate special_reference: an intention with this reference already exists (duplicate order with same id).');
  }
  const notificationUrl = optionalUrl(body.notification_url);
  const redirectionUrl = optionalUrl(body.redirection_url);
  if (notificationUrl === undefined) return { status: 400, body: { notification_url: ['Enter a valid URL.'] } };
  if (redirectionUrl === undefined) return { status: 400, body: { redirection_url: ['Enter a valid URL.'] } };
  if (body.expiration !== undefined && !positiveInteger(body.expiration)) return { status: 400, body: { expiration: ['A valid integer is required.'] } };

  const intention: Intention = {
    id: `pi_test_${hex(16)}`,
    clientSecret: `egy_csk_test_${hex(16)}`,
    orderId: state.nextOrderId++,
    amount: body.amount,
    currency: 'EGP',
    methods,
    items,
    billing,
    specialReference,
    notificationUrl,
    redirectionUrl,
    extras: isRecord(body.extras) ? body.extras : {},
    expiration: typeof body.expiration === 'number' ? body.expiration : null,
    created: paymobTime(),
  };
  state.intentions.set(intention.clientSecret, intention);
  return { status: 201, body: intentionAnswer(intention) };
}

function intentionAnswer(intention: Intention) {
  return {
    payment_keys: intention.methods.map((m) => ({ integration: m.integrationId, key: `ZXlK${hex(24)}`, gateway_type: 'MIGS', iframe_id: null })),
    intention_order_id: intention.orderId,
    id: intention.id,
    intention_detail: { amount: intention.amount, items: intention.items, currency: intention.currency, billing_data: intention.billing },
    client_secret: intention.clientSecret,
    payment_methods: intention.methods.map((m) => ({
      integration_id: m.integrationId,
      alias: null,
      name: null,
      method_type: m.method === 'kiosk' ? 'kiosk' : m.method === 'wallet' ? 'wallet' : 'online',
      currency: intention.currency,
      live: false,
      use_cvc_with_moto: false,
    })),
    special_reference: intention.specialReference,
    extras: { creation_extras: intention.extras, confirmation_extras: null },
    confirmed: false,
    status: 'intended',
    created: intention.created,
    card_detail: null,
    card_tokens: [],
    object: 'paymentintention',
  };
}

/** POST /api/auth/tokens {api_key} → {token, profile}. */
export function issueToken(state: State, options: LocalPaymobOptions, body: unknown): Reply {
  if (!isRecord(body) || body.api_key !== options.apiKey) return detail(401, 'Incorrect authentication credentials.');
  const token = `ZXlKaGJHY2lPaUpJVXpVeE1pSXNJblI1Y0NJNklrcFhWQ0o5.${hex(24)}`;
  state.tokens.add(token);
  state.tokensIssued++;
  return { status: 201, body: { token, profile: { id: profileId } } };
}

/** POST /api/ecommerce/orders/transaction_inquiry: the order's latest payment (refunds are children of it). */
export function inquire(state: State, body: unknown): Reply {
  if (!isRecord(body) || typeof body.auth_token !== 'string' || !state.tokens.has(body.auth_token)) {
    return detail(401, 'Incorrect authentication credentials.');
  }
  const reference = body.merchant_order_id;
  const orderId = body.order_id === undefined ? undefined : Number(body.order_id);
  if (reference === undefined && orderId === undefined) return detail(400, 'merchant_order_id or order_id is required.');
  const intention = [...state.intentions.values()].find((i) => (reference !== undefined ? i.specialReference === String(reference) : i.orderId === orderId));
  const latest = intention ? paymentsOf(state, intention).at(-1) : undefined;
  return latest ? { status: 200, body: latest } : detail(404, 'Not found.');
}

/** GET /api/acceptance/transactions/:id with `Authorization: Bearer <auth token>`. */
export function transactionById(state: State, authorization: string | undefined, id: number): Reply {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
  if (token === undefined || !state.tokens.has(token)) return detail(401, 'Incorrect authentication credentials.');
  const tx = state.transactions.get(id);
  return tx ? { status: 200, body: tx } : detail(404, 'Not found.');
}

const wholeNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

/**
 * POST /api/acceptance/void_refund/refund {transaction_id, amount_cents} (numbers or digit
 * strings). Refuses kiosk, unknown, unsuccessful and over-refunded transactions; on success
 * stores the child, marks the parent, and names both for the callbacks that follow.
 */
export function refund(state: State, body: unknown): Reply & { callbacks?: TransactionObject[] } {
  if (!isRecord(body)) return detail(400, 'JSON parse error.');
  const id = wholeNumber(body.transaction_id);
  const amount = wholeNumber(body.amount_cents);
  if (id === null) return { status: 400, body: { transaction_id: required } };
  if (amount === null || amount <= 0) return { status: 400, body: { amount_cents: ['Ensure this value is greater than 0.'] } };
  const parent = state.transactions.get(id);
  const intention = state.owners.get(id);
  if (!parent || !intention || parent.has_parent_transaction) return detail(400, 'Transaction not found.');
  if (methodOf(parent) === 'kiosk') return detail(400, 'Kiosk transactions cannot be refunded.');
  if (!parent.success || parent.pending) return detail(400, 'The transaction is not successful: it cannot be refunded.');
  const left = parent.amount_cents - (parent.refunded_amount_cents ?? 0);
  if (amount > left) return detail(400, `The refund amount exceeds the refundable amount (${left}).`);

  const child = buildTransaction(state, intention, methodOf(parent), 'success');
  Object.assign(child, {
    amount_cents: amount,
    integration_id: parent.integration_id,
    is_standalone_payment: false,
    is_refund: true,
    has_parent_transaction: true,
    parent_transaction: parent.id,
    source_data: { ...parent.source_data },
  });
  child.data = { klass: 'Refund', txn_response_code: 'APPROVED', message: 'Approved', refunded_transaction: parent.id };
  keep(state, intention, child);
  parent.is_refunded = true;
  parent.refunded_amount_cents = (parent.refunded_amount_cents ?? 0) + amount;
  parent.updated_at = paymobTime();
  return { status: 200, body: child, callbacks: [parent, child] };
}
