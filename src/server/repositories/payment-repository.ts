import type { Kysely, Selectable, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database, OrderStatus, PaymentAttemptState, PaymentAttemptTable, PaymentTransactionTable } from '../db/schema.js';
import type { PaymentFlag, PaymentMethod, PaymentState } from '../../shared/domain/payments.js';

type Q = Kysely<Database> | Transaction<Database>;

/** What the payment use cases read of an order. */
export interface OrderPaymentRow {
  id: number;
  number: string;
  status: OrderStatus;
  method: PaymentMethod;
  state: PaymentState;
  flag: PaymentFlag | null;
  total: number;
  refunded: number;
  dueAt: string | null;
  stockRestored: boolean;
  language: string;
  email: string | null;
  userId: number | null;
  customerName: string;
  phone: string;
  governorate: string;
  city: string;
  address: string;
}

const orderColumns = [
  'id',
  'number',
  'status',
  'payment_method',
  'payment_state',
  'payment_flag',
  'total',
  'refunded',
  'payment_due_at',
  'stock_restored',
  'language',
  'email',
  'user_id',
  'customer_name',
  'phone',
  'governorate',
  'city',
  'address',
] as const;

/** An order's payment as it stands, by id or by number. */
export async function findOrderPayment(db: Q, by: { id: number } | { number: string }): Promise<OrderPaymentRow | undefined> {
  const query = db.selectFrom('orders').select(orderColumns);
  const row = await ('id' in by ? query.where('id', '=', by.id) : query.where('number', '=', by.number)).executeTakeFirst();
  return (
    row && {
      id: row.id,
      number: row.number ?? '',
      status: row.status,
      method: row.payment_method,
      state: row.payment_state,
      flag: row.payment_flag,
      total: row.total,
      refunded: row.refunded,
      dueAt: row.payment_due_at === null ? null : toIso(row.payment_due_at),
      stockRestored: row.stock_restored === 1,
      language: row.language,
      email: row.email,
      userId: row.user_id,
      customerName: row.customer_name,
      phone: row.phone,
      governorate: row.governorate,
      city: row.city,
      address: row.address,
    }
  );
}

/**
 * Moves an order's payment from `from` to `to` only if it is still in `from` (so two processes
 * applying the same news cannot both move it), with what moves along: the status (only if still
 * `status.from`), the method, the deadline, the flag and the refunded amount. False when the order
 * had moved meanwhile.
 */
export async function movePayment(
  db: Q,
  orderId: number,
  from: PaymentState,
  to: PaymentState,
  now: string,
  also: {
    status?: { from: OrderStatus; to: OrderStatus };
    method?: PaymentMethod;
    dueAt?: string | null;
    flag?: PaymentFlag | null;
    refunded?: { from: number; to: number };
    stockRestored?: boolean;
  } = {},
): Promise<boolean> {
  let update = db
    .updateTable('orders')
    .set({
      payment_state: to,
      updated_at: now,
      ...(also.status ? { status: also.status.to } : {}),
      ...(also.method ? { payment_method: also.method } : {}),
      ...(also.dueAt !== undefined ? { payment_due_at: also.dueAt } : {}),
      ...(also.flag !== undefined ? { payment_flag: also.flag } : {}),
      ...(also.refunded ? { refunded: also.refunded.to } : {}),
      ...(also.stockRestored ? { stock_restored: 1 } : {}),
    })
    .where('id', '=', orderId)
    .where('payment_state', '=', from);
  if (also.status) update = update.where('status', '=', also.status.from);
  if (also.refunded) update = update.where('refunded', '=', also.refunded.from);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Closes the payment of an order cancelled while unpaid (the admin's cancel): `expired`, so money
 * that still arrives for it is flagged, as after a deadline. Nothing for any other payment state.
 */
export async function closeUnpaidPayment(db: Q, orderId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_state: 'expired', payment_due_at: null, updated_at: now })
    .where('id', '=', orderId)
    .where('payment_state', 'in', ['awaiting_payment', 'payment_failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Raises a flag on an order (money the merchant must look at), whatever its state. */
export async function flagPayment(db: Q, orderId: number, flag: PaymentFlag, now: string): Promise<void> {
  await db.updateTable('orders').set({ payment_flag: flag, updated_at: now }).where('id', '=', orderId).execute();
}

export interface AttemptRow {
  id: number;
  orderId: number;
  method: PaymentMethod;
  reference: string;
  amount: number;
  state: PaymentAttemptState;
  intentionId: string | null;
  clientSecret: string | null;
  paymobOrderId: string | null;
  transactionId: string | null;
  billReference: string | null;
  createdAt: string;
}

const attemptOf = (row: Selectable<PaymentAttemptTable>): AttemptRow => ({
  id: row.id,
  orderId: row.order_id,
  method: row.method,
  reference: row.reference,
  amount: row.amount,
  state: row.state,
  intentionId: row.intention_id,
  clientSecret: row.client_secret,
  paymobOrderId: row.provider_order_id,
  transactionId: row.transaction_id,
  billReference: row.bill_reference,
  createdAt: toIso(row.created_at),
});

/** Starts an attempt: its reference is unique, its amount the order's total. */
export async function insertAttempt(
  db: Q,
  attempt: { orderId: number; method: PaymentMethod; reference: string; amount: number },
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('payment_attempts')
    .values({
      order_id: attempt.orderId,
      provider: 'paymob',
      method: attempt.method,
      reference: attempt.reference,
      amount: attempt.amount,
      state: 'created',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What Paymob answered when the attempt's intention was made. */
export async function setAttemptIntention(
  db: Q,
  id: number,
  intention: { intentionId: string; clientSecret: string; paymobOrderId: string | null },
  now: string,
) {
  await db
    .updateTable('payment_attempts')
    .set({ intention_id: intention.intentionId, client_secret: intention.clientSecret, provider_order_id: intention.paymobOrderId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** An attempt's state and what Paymob said of it (its transaction, a kiosk code). */
export async function updateAttempt(
  db: Q,
  id: number,
  change: { state: PaymentAttemptState; transactionId?: string; billReference?: string | null; paymobOrderId?: string },
  now: string,
) {
  await db
    .updateTable('payment_attempts')
    .set({
      state: change.state,
      updated_at: now,
      ...(change.transactionId ? { transaction_id: change.transactionId } : {}),
      ...(change.billReference ? { bill_reference: change.billReference } : {}),
      ...(change.paymobOrderId ? { provider_order_id: change.paymobOrderId } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** The attempt with this reference (Paymob's merchant_order_id), or with this Paymob order id. */
export async function findAttempt(db: Q, by: { reference: string } | { paymobOrderId: string }): Promise<AttemptRow | undefined> {
  const query = db.selectFrom('payment_attempts').selectAll();
  const row = await (
    'reference' in by ? query.where('reference', '=', by.reference) : query.where('provider_order_id', '=', by.paymobOrderId)
  ).executeTakeFirst();
  return row && attemptOf(row);
}

/** An order's attempts, oldest first (a handful: the order page limits them). */
export async function listAttempts(db: Q, orderId: number): Promise<AttemptRow[]> {
  const rows = await db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map(attemptOf);
}

/** The attempt whose transaction paid the order (the one a refund goes back through), if any. */
export async function findPaidAttempt(db: Q, orderId: number): Promise<AttemptRow | undefined> {
  const row = await db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '=', 'succeeded')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && attemptOf(row);
}

type NewTransaction = Omit<PaymentTransactionTable, 'id' | 'created_at'>;

/**
 * Records a transaction outcome or refund once: false when this (transaction, outcome) was already
 * recorded (a repeated callback, or the same news from inquiry), whichever process recorded it.
 * On PostgreSQL a second process's insert waits for the first's commit, then finds it there.
 */
export async function recordTransaction(db: Q, entry: NewTransaction, now: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_transactions')
    .values({ ...entry, created_at: now })
    .onConflict((oc) => oc.columns(['transaction_id', 'outcome']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The reason and the admin of a refund whose callback recorded it first. */
export async function noteRefundReason(db: Q, transactionId: string, reason: string | null, actorId: number | null): Promise<void> {
  await db
    .updateTable('payment_transactions')
    .set({ reason, actor_user_id: actorId, source: 'admin' })
    .where('transaction_id', '=', transactionId)
    .where('kind', '=', 'refund')
    .execute();
}

/** An order's recorded transactions and refunds, oldest first, with who made each refund. */
export async function listTransactions(db: Q, orderId: number) {
  const rows = await db
    .selectFrom('payment_transactions as t')
    .leftJoin('users as u', 'u.id', 't.actor_user_id')
    .select(['t.transaction_id', 't.kind', 't.outcome', 't.amount', 't.source', 't.reason', 't.created_at', 'u.name as actor'])
    .where('t.order_id', '=', orderId)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    transactionId: r.transaction_id,
    kind: r.kind,
    outcome: r.outcome,
    amount: r.amount,
    source: r.source,
    reason: r.reason,
    actor: r.actor,
    at: toIso(r.created_at),
  }));
}
