import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Per-product change marks, so a process catches up on what changed instead of reloading the whole
 * catalogue (decision 019): `changed_version` is the content version at which an admin write last
 * touched the product; `stock_mark` says when an order last moved its stock (the stock version on
 * SQLite, the writing transaction's id on PostgreSQL). Both are indexed: a process reads only the
 * rows past the mark it has seen.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const type = ctx.dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('products')
    .addColumn('changed_version', type, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('stock_mark', type, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('products_changed_version').on('products').column('changed_version').execute();
  await db.schema.createIndex('products_stock_mark').on('products').column('stock_mark').execute();
}
