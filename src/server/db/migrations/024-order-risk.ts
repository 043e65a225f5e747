import { sql, type Kysely, type SqlBool } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';
import { postgresTotalsFunctions, sqliteTotalsTriggers } from './007-order-search-and-daily-totals.js';

/**
 * Refused parcels, phone records, risk rules and the blocklist (issue 33, decision 042).
 *
 * - `refused` is a new order status (the column is free text): the totals' triggers of migration
 *   007 name the statuses that are not a sale, so they are written again with `refused` beside
 *   `cancelled` and `returned` (SQLite drops and re-creates them, PostgreSQL replaces the functions
 *   its triggers call). No order is refused yet, so no total needs refilling.
 * - `order_status_history.courier_reason`: why the courier brought a parcel back.
 * - `orders_phone_status (phone, status)` replaces `orders_phone (phone)`: it serves every look-up
 *   by phone as before, and a page's phone records (orders, delivered, refused per phone) are
 *   counted from the index alone.
 * - `orders.address_key`: a hash of the normalised delivery address (`addressKey`), with
 *   `(address_key, created_at)` so "the same address ordered within the hour" is one short range.
 *   Older orders have none: the rule looks back one hour, so nothing is lost after the first hour.
 * - `orders.review_reasons` (JSON list, null when not flagged), `reviewed_at`, `reviewed_by`; the
 *   partial index `orders_review_waiting (created_at, id)` holds only the orders still to review,
 *   so the "Review" filter walks those and nothing else, newest first.
 * - `blocked_contacts`: phone numbers and e-mail addresses whose checkouts are refused; one row
 *   per (kind, value), which is also the checkout's look-up; `(created_at, id)` pages the list.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('order_status_history').addColumn('courier_reason', 'varchar(20)').execute();

  await db.schema.alterTable('orders').addColumn('address_key', 'varchar(64)').execute();
  await db.schema.alterTable('orders').addColumn('review_reasons', 'varchar(120)').execute();
  await db.schema.alterTable('orders').addColumn('reviewed_at', 'timestamptz').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema.createIndex('orders_phone_status').on('orders').columns(['phone', 'status']).execute();
  await db.schema.dropIndex('orders_phone').execute();
  await db.schema.createIndex('orders_address_key').on('orders').columns(['address_key', 'created_at']).execute();
  await db.schema
    .createIndex('orders_review_waiting')
    .on('orders')
    .columns(['created_at', 'id'])
    .where(sql<SqlBool>`review_reasons is not null and reviewed_at is null`)
    .execute();

  await idColumn(db.schema.createTable('blocked_contacts'), ctx)
    .addColumn('kind', 'varchar(5)', (c) => c.notNull().check(sql`kind in ('phone', 'email')`))
    .addColumn('value', 'varchar(254)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blocked_contacts_value').on('blocked_contacts').columns(['kind', 'value']).unique().execute();
  await db.schema.createIndex('blocked_contacts_created').on('blocked_contacts').columns(['created_at', 'id']).execute();

  const unsold = ['cancelled', 'returned', 'refused'];
  if (ctx.dialect === 'postgres') {
    await postgresTotalsFunctions(db, unsold);
    return;
  }
  for (const name of ['orders_after_insert', 'orders_after_update_totals', 'orders_after_update_sales', 'orders_before_delete', 'order_lines_after_insert'])
    await sql.raw(`drop trigger ${name}`).execute(db);
  await sqliteTotalsTriggers(db, unsold);
}
