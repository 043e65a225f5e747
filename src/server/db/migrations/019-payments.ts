import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Online payments (issue 29, decision 036).
 *
 * `orders.payment_state` (payments.ts): 'cod' for every order already there (the column's default:
 * no rewrite of a million rows), and for cash on delivery; an online order starts
 * 'awaiting_payment'. `payment_due_at`: when an unpaid order is cancelled and its stock released.
 * `refunded`: piastres given back so far. `payment_flag`: money the merchant must look at.
 * `orders_payment_state_created` serves the admin's payment filter newest first, as
 * (status, created_at) serves the status filter.
 *
 * `payment_attempts`: one row per try at paying online (a Paymob intention), found by its
 * `reference` (our `special_reference`, Paymob's `merchant_order_id`), unique.
 *
 * `payment_transactions`: each transaction outcome Paymob reported (callback or inquiry) and each
 * refund, recorded once: the unique (transaction_id, outcome) is what makes a repeated or
 * concurrent callback a no-op, whichever process receives it. A kiosk payment is first `pending`,
 * then `succeeded` under the same transaction id: two rows.
 *
 * `order_status_history.payment_state` and `.transaction_id`: the payment move an entry records
 * (from = to when the status did not move), with Paymob's transaction id.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('payment_state', 'varchar(20)', (c) => c.notNull().defaultTo('cod'))
    .execute();
  await db.schema.alterTable('orders').addColumn('payment_due_at', 'timestamptz').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('payment_flag', 'varchar(30)').execute();
  await db.schema.createIndex('orders_payment_state_created').on('orders').columns(['payment_state', 'created_at']).execute();

  await idColumn(db.schema.createTable('payment_attempts'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('intention_id', 'varchar(100)')
    .addColumn('client_secret', 'varchar(200)')
    .addColumn('provider_order_id', 'varchar(40)')
    .addColumn('transaction_id', 'varchar(40)')
    .addColumn('bill_reference', 'varchar(40)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_attempts_order').on('payment_attempts').column('order_id').execute();

  await idColumn(db.schema.createTable('payment_transactions'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('transaction_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)')
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_transactions_once').on('payment_transactions').columns(['transaction_id', 'outcome']).unique().execute();
  await db.schema.createIndex('payment_transactions_order').on('payment_transactions').column('order_id').execute();

  await db.schema.alterTable('order_status_history').addColumn('payment_state', 'varchar(20)').execute();
  await db.schema.alterTable('order_status_history').addColumn('transaction_id', 'varchar(40)').execute();
}
