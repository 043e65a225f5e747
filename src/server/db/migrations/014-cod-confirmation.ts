import type { Kysely } from 'kysely';

/**
 * Cash-on-delivery confirmation on WhatsApp (issue 16, decision 022).
 *
 * `orders.confirmation`: 'awaiting' | 'confirmed' | 'no_answer' | 'refused', the customer's last
 * recorded answer; `confirmation_at` when it was recorded. Orders already there read 'awaiting'
 * (the column's default: no rewrite of a million rows on either database): an old pending order
 * is still to be confirmed, and an order that has moved on is neither in the queue (which asks
 * for pending orders) nor in the rate (which counts recorded answers).
 *
 * `order_status_history.confirmation`: the answer an entry records (from = to when the status
 * did not move), so the history says who recorded what and when in the admin's language.
 *
 * The "awaiting confirmation" filter needs no index of its own: it asks for pending orders, which
 * the (status, created_at) indexes of migrations 002/005 already walk newest first, and a pending
 * order is either awaiting, unanswered or refused (a confirmed answer confirms it), so the walk
 * skips only the few refused orders waiting for the merchant to cancel them.
 * `orders_confirmation_at` (the answer's time, then the answer) lets the dashboard count a
 * period's answers from the index alone; answers are recorded by hand, one per order, so a period
 * holds no more than a team can answer, whatever the number of orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('confirmation', 'varchar(12)', (c) => c.notNull().defaultTo('awaiting'))
    .execute();
  await db.schema.alterTable('orders').addColumn('confirmation_at', 'timestamptz').execute();
  await db.schema.alterTable('order_status_history').addColumn('confirmation', 'varchar(12)').execute();
  await db.schema.createIndex('orders_confirmation_at').on('orders').columns(['confirmation_at', 'confirmation']).execute();
}
