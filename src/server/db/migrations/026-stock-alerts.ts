import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Back-in-stock alerts (issue 34, decision 046).
 *
 * - `stock_alerts`: one row per (product, variant, address). `variant_key` is the variant's id, or
 *   0 for the product as a whole (a product without options, or "any of its options"): both
 *   dialects treat NULLs as distinct in a unique index, so the key, not `variant_id`, is unique.
 *   A row moves pending → confirmed → notified (or unsubscribed); subscribing again re-arms it
 *   with a new token.
 * - `token_hash`: the SHA-256 of the confirmation link's token (never the token).
 * - `(status, product_id)` counts the people waiting per product from the index alone, and finds
 *   the confirmed rows a restock concerns; `(email, status)` caps an address's pending alerts.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('stock_alerts'), ctx)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('cascade'))
    .addColumn('variant_key', 'integer', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'notified', 'unsubscribed')`))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('stock_alerts_subscriber').on('stock_alerts').columns(['product_id', 'variant_key', 'email']).unique().execute();
  await db.schema.createIndex('stock_alerts_token').on('stock_alerts').columns(['token_hash']).unique().execute();
  await db.schema.createIndex('stock_alerts_waiting').on('stock_alerts').columns(['status', 'product_id']).execute();
  await db.schema.createIndex('stock_alerts_email').on('stock_alerts').columns(['email', 'status']).execute();
}
