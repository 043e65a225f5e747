import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * The admin order list sorts by (created_at, id), newest first, optionally within one status.
 * SQLite appends the rowid (our id) to every index, so `orders_created` and
 * `orders_status_created` already deliver that order there. PostgreSQL does not: without these it
 * walks `orders_created` backwards filtering on status (slow for a status with few recent orders)
 * or sorts. With 100,000 orders every list query stays an index walk that stops after one page.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  await db.schema.createIndex('orders_status_created_id').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_created_id').on('orders').columns(['created_at', 'id']).execute();
}
