import type { Kysely, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database, OrderStatus } from '../db/schema.js';
import type { ConfirmationAnswer } from '../../shared/domain/cod-confirmation.js';
import type { PaymentState } from '../../shared/domain/payments.js';
import type { CourierReason } from '../../shared/domain/order-risk.js';

type Q = Kysely<Database> | Transaction<Database>;

/** One entry of an order's history: a status change, a confirmation answer or a payment's move. */
export interface HistoryEntry {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  actorId: number | null;
  note: string | null;
  at: string;
  /** The confirmation answer the entry records, if any. */
  confirmation?: ConfirmationAnswer | null;
  /** The payment state the entry records, with Paymob's transaction id, if any. */
  paymentState?: PaymentState | null;
  transactionId?: string | null;
  /** Why the courier brought the parcel back, on a move to refused or returned. */
  courierReason?: CourierReason | null;
}

/** A status change as its history row stores it. */
export const historyRow = (entry: HistoryEntry) => ({
  order_id: entry.orderId,
  from_status: entry.from,
  to_status: entry.to,
  actor_user_id: entry.actorId,
  note: entry.note,
  confirmation: entry.confirmation ?? null,
  payment_state: entry.paymentState ?? null,
  transaction_id: entry.transactionId ?? null,
  courier_reason: entry.courierReason ?? null,
  created_at: entry.at,
});

/** Notes a status change in the order's history; `actorId` null means the shop itself did it. */
export async function addStatusHistory(db: Q, entry: HistoryEntry): Promise<void> {
  await db.insertInto('order_status_history').values(historyRow(entry)).execute();
}

/** An order's status changes, oldest first, with the name of who made each (null: the shop). */
export async function findOrderHistory(db: Q, orderId: number) {
  const rows = await db
    .selectFrom('order_status_history')
    .leftJoin('users', 'users.id', 'order_status_history.actor_user_id')
    .select([
      'order_status_history.from_status',
      'order_status_history.to_status',
      'order_status_history.note',
      'order_status_history.confirmation',
      'order_status_history.payment_state',
      'order_status_history.transaction_id',
      'order_status_history.courier_reason',
      'order_status_history.created_at',
      'users.name as actor',
    ])
    .where('order_status_history.order_id', '=', orderId)
    .orderBy('order_status_history.id')
    .execute();
  return rows.map((h) => ({
    from: h.from_status,
    to: h.to_status,
    note: h.note,
    confirmation: h.confirmation,
    paymentState: h.payment_state,
    transactionId: h.transaction_id,
    courierReason: h.courier_reason,
    actor: h.actor,
    at: toIso(h.created_at),
  }));
}
