// What the local Paymob remembers (intentions, transactions, auth tokens, callbacks it sent) and
// how it shapes a transaction object the way Paymob's docs show it (docs/contracts/paymob.md §3).
import crypto from 'node:crypto';
import { signRedirect } from './signer.js';

export type Method = 'card' | 'wallet' | 'kiosk';
export type Outcome = 'success' | 'declined' | 'pending';
export type CallbackMode = 'send' | 'drop';

export interface LocalPaymobOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  secretKey: string;
  publicKey: string;
  apiKey: string;
  hmacSecret: string;
  integrations: Partial<Record<Method, number>>;
}

export interface Item {
  name: string;
  amount: number;
  quantity: number;
  description: string | null;
  image: null;
}

export interface Intention {
  id: string;
  clientSecret: string;
  /** Paymob's order id (`intention_order_id`, `obj.order.id`). */
  orderId: number;
  amount: number;
  currency: string;
  methods: Array<{ integrationId: number; method: Method }>;
  items: Item[];
  billing: Record<string, unknown>;
  specialReference: string | null;
  notificationUrl: string | null;
  redirectionUrl: string | null;
  extras: Record<string, unknown>;
  expiration: number | null;
  created: string;
}

/** A callback the local Paymob POSTed, with what the receiver answered (0: no answer). */
export interface Delivery {
  url: string;
  hmac: string | null;
  body: { type: 'TRANSACTION'; obj: TransactionObject };
  status: number;
}

export const profileId = 164295;
const ownerId = 302852;

/** Paymob's timestamps: local time without a zone, microseconds. */
export function paymobTime(date = new Date()): string {
  return `${date.toISOString().slice(0, 23)}000`;
}

export interface State {
  /** By client secret. */
  intentions: Map<string, Intention>;
  transactions: Map<number, TransactionObject>;
  /** Which intention each transaction belongs to. */
  owners: Map<number, Intention>;
  tokens: Set<string>;
  tokensIssued: number;
  deliveries: Delivery[];
  mode: CallbackMode;
  nextOrderId: number;
  nextTransactionId: number;
  nextBillReference: number;
}

export function createState(): State {
  return {
    intentions: new Map(),
    transactions: new Map(),
    owners: new Map(),
    tokens: new Set(),
    tokensIssued: 0,
    deliveries: [],
    mode: 'send',
    // Counters survive a reset: ids are never reused while the process lives.
    nextOrderId: 400_000_001,
    nextTransactionId: 300_000_001,
    nextBillReference: 7_001,
  };
}

/** Clears what a test created; the counters go on. */
export function resetState(state: State): void {
  state.intentions.clear();
  state.transactions.clear();
  state.owners.clear();
  state.tokens.clear();
  state.tokensIssued = 0;
  state.deliveries.length = 0;
  state.mode = 'send';
}

export const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

function sourceData(method: Method) {
  if (method === 'card') return { pan: '2346', type: 'card', tenure: null, sub_type: 'MasterCard' };
  if (method === 'wallet') return { pan: '01010101010', type: 'wallet', tenure: null, sub_type: 'wallet' };
  return { pan: '', type: 'aggregator', tenure: null, sub_type: 'AGGREGATOR' };
}

/** `data` of a transaction: what the acquirer said, per method and outcome. */
export function transactionData(method: Method, outcome: Outcome, amount: number, billReference: number | null): Record<string, unknown> {
  if (method === 'kiosk') {
    const message = outcome === 'success' ? 'Approved' : outcome === 'pending' ? 'Pending Payment' : 'Expired';
    const code = outcome === 'success' ? '00' : outcome === 'pending' ? '05' : '54';
    return { klass: 'CAGGPayment', bill_reference: billReference, message, txn_response_code: code, due_amount: amount / 100 };
  }
  if (method === 'wallet') {
    if (outcome === 'success') return { klass: 'WalletPayment', txn_response_code: '200', message: 'Transaction has been completed successfully.' };
    if (outcome === 'pending') return { klass: 'WalletPayment', txn_response_code: 'PENDING', message: 'Pending OTP' };
    return { klass: 'WalletPayment', txn_response_code: '14', message: 'Transaction declined by the wallet.' };
  }
  if (outcome === 'success')
    return { klass: 'MigsPayment', txn_response_code: 'APPROVED', acq_response_code: '00', message: 'Approved', card_num: '512345xxxxxx2346' };
  if (outcome === 'pending') return { klass: 'MigsPayment', txn_response_code: 'PENDING', message: 'Pending 3-D Secure' };
  return { klass: 'MigsPayment', txn_response_code: 'DECLINED', acq_response_code: '05', message: 'Do not honour', card_num: '512345xxxxxx2346' };
}

/** A transaction object of an intention, shaped like the docs' sample; not stored. */
export function buildTransaction(state: State, intention: Intention, method: Method, outcome: Outcome) {
  const integrationId = intention.methods.find((m) => m.method === method)?.integrationId ?? intention.methods[0]?.integrationId ?? 0;
  const now = paymobTime();
  const billReference = method === 'kiosk' ? state.nextBillReference++ : null;
  return {
    id: state.nextTransactionId++,
    pending: outcome === 'pending',
    amount_cents: intention.amount,
    success: outcome === 'success',
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: method === 'card',
    integration_id: integrationId,
    profile_id: profileId,
    has_parent_transaction: false,
    order: {
      id: intention.orderId,
      created_at: intention.created,
      delivery_needed: false,
      merchant: { id: profileId },
      collector: null,
      amount_cents: intention.amount,
      shipping_data: null,
      currency: intention.currency,
      is_payment_locked: false,
      merchant_order_id: intention.specialReference,
      wallet_notification: null,
      paid_amount_cents: outcome === 'success' ? intention.amount : 0,
      items: intention.items,
      payment_method: 'tbc',
      api_source: 'OTHER',
      data: {},
    },
    created_at: now,
    transaction_processed_callback_responses: [],
    currency: intention.currency,
    source_data: sourceData(method),
    api_source: 'IFRAME',
    terminal_id: null,
    merchant_commission: 0,
    installment: null,
    discount_details: [],
    is_void: false,
    is_refund: false,
    data: transactionData(method, outcome, intention.amount, billReference),
    is_hidden: false,
    payment_key_claims: {
      extra: intention.extras,
      user_id: ownerId,
      currency: intention.currency,
      order_id: intention.orderId,
      amount_cents: intention.amount,
      billing_data: intention.billing,
      integration_id: integrationId,
      lock_order_when_paid: false,
      next_payment_intention: intention.id,
      single_payment_attempt: false,
    },
    error_occured: false,
    is_live: false,
    other_endpoint_reference: null,
    refunded_amount_cents: null as number | null,
    source_id: -1,
    is_captured: false,
    captured_amount: null,
    merchant_staff_tag: null,
    updated_at: now,
    is_settled: false,
    bill_balanced: false,
    is_bill: false,
    owner: ownerId,
    parent_transaction: null as number | null,
  };
}

export type TransactionObject = ReturnType<typeof buildTransaction>;

export function methodOf(tx: TransactionObject): Method {
  return tx.source_data.type === 'aggregator' ? 'kiosk' : tx.source_data.type === 'wallet' ? 'wallet' : 'card';
}

export function outcomeOf(tx: TransactionObject): Outcome {
  return tx.success ? 'success' : tx.pending ? 'pending' : 'declined';
}

/** Moves a pending transaction to its outcome (a kiosk paid in cash, an OTP answered). */
export function settle(tx: TransactionObject, outcome: Outcome): void {
  const reference = typeof tx.data.bill_reference === 'number' ? tx.data.bill_reference : null;
  tx.success = outcome === 'success';
  tx.pending = outcome === 'pending';
  tx.order.paid_amount_cents = tx.success ? tx.amount_cents : 0;
  tx.data = transactionData(methodOf(tx), outcome, tx.amount_cents, reference);
  tx.updated_at = paymobTime();
}

/** Stores a transaction as its intention's. */
export function keep(state: State, intention: Intention, tx: TransactionObject): TransactionObject {
  state.transactions.set(tx.id, tx);
  state.owners.set(tx.id, intention);
  return tx;
}

/** The intention's payments (not refunds), oldest first. */
export function paymentsOf(state: State, intention: Intention): TransactionObject[] {
  return [...state.transactions.values()].filter((tx) => state.owners.get(tx.id) === intention && !tx.has_parent_transaction);
}

/** The response callback's flat query (docs/contracts/paymob.md §4), signed; with `order=` and `merchant_order_id=`. */
export function redirectQuery(tx: TransactionObject, hmacSecret: string): Record<string, string> {
  const query: Record<string, string> = {
    id: String(tx.id),
    pending: String(tx.pending),
    amount_cents: String(tx.amount_cents),
    success: String(tx.success),
    is_auth: String(tx.is_auth),
    is_capture: String(tx.is_capture),
    is_standalone_payment: String(tx.is_standalone_payment),
    is_voided: String(tx.is_voided),
    is_refunded: String(tx.is_refunded),
    is_3d_secure: String(tx.is_3d_secure),
    integration_id: String(tx.integration_id),
    profile_id: String(tx.profile_id),
    has_parent_transaction: String(tx.has_parent_transaction),
    order: String(tx.order.id),
    created_at: tx.created_at,
    currency: tx.currency,
    merchant_commission: '0',
    discount_details: '[]',
    is_void: String(tx.is_void),
    is_refund: String(tx.is_refund),
    error_occured: String(tx.error_occured),
    refunded_amount_cents: String(tx.refunded_amount_cents ?? 0),
    captured_amount: '0',
    updated_at: tx.updated_at,
    is_settled: 'false',
    bill_balanced: 'false',
    is_bill: 'false',
    owner: String(tx.owner),
    'data.message': String(tx.data.message ?? ''),
    'source_data.type': tx.source_data.type,
    'source_data.pan': tx.source_data.pan,
    'source_data.sub_type': tx.source_data.sub_type,
    txn_response_code: String(tx.data.txn_response_code ?? ''),
  };
  if (tx.order.merchant_order_id !== null) query.merchant_order_id = tx.order.merchant_order_id;
  query.hmac = signRedirect(query, hmacSecret);
  return query;
}

/** `base` with the redirect's query added (keeping any query it already had). */
export function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}
