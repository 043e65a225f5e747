import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Reviews from buyers (issue 31, decision 038).
 *
 * `reviews`: one buyer's review of one order line. `status` is pending, published, rejected or
 * replaced (a published review a newer one from the same line replaced on its publication; kept
 * as history). At most one pending and one published review per line (two partial unique
 * indexes): the link is single-use per line until the merchant has decided. `language` is the one
 * it was written in; `has_photos` lets "with photos" page on an index.
 *
 * `review_photos`: up to three pictures per review, stored through the shop's picture pipeline
 * (`base`: their address without the width).
 *
 * `review_votes`: "Was this helpful?", one row per review and device; `reviews.helpful` counts them.
 *
 * `products.reviews_1` to `reviews_5`: how many published reviews gave it each number of stars,
 * changed in the transaction that publishes, rejects or replaces a review; the count and the
 * average are read from them, never counted per page view.
 *
 * `orders.delivered_at`: when the order was delivered (the review link runs 60 days from it),
 * filled from the status history for orders delivered before.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('reviews'), ctx)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('display_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('pending', 'published', 'rejected', 'replaced')`))
    .addColumn('reject_reason', 'varchar(300)')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'timestamptz')
    .addColumn('helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_photos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replaces_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('moderated_at', 'timestamptz')
    .execute();
  // A product's published reviews in each order its page offers, paged on the index.
  await db.schema.createIndex('reviews_product_newest').on('reviews').columns(['product_id', 'status', 'published_at', 'id']).execute();
  // Highest and lowest stars first, newest first among equal stars: two indexes, one per direction.
  await db.schema
    .createIndex('reviews_product_highest')
    .on('reviews')
    .columns(['product_id', 'status', 'rating desc', 'published_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('reviews_product_lowest').on('reviews').columns(['product_id', 'status', 'rating', 'published_at desc', 'id desc']).execute();
  await db.schema.createIndex('reviews_product_photos').on('reviews').columns(['product_id', 'status', 'has_photos', 'published_at', 'id']).execute();
  // The moderation queue, newest first per status.
  await db.schema.createIndex('reviews_status_created').on('reviews').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('reviews_order').on('reviews').column('order_id').execute();
  await db.schema.createIndex('reviews_line_pending').on('reviews').column('order_line_id').unique().where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('reviews_line_published').on('reviews').column('order_line_id').unique().where(sql.ref('status'), '=', 'published').execute();

  await idColumn(db.schema.createTable('review_photos'), ctx)
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('base', 'varchar(120)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_photos_review').on('review_photos').columns(['review_id', 'position']).unique().execute();

  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('device', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'device'])
    .execute();

  for (const stars of [1, 2, 3, 4, 5])
    await db.schema
      .alterTable('products')
      .addColumn(`reviews_${stars}`, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

  await db.schema.alterTable('orders').addColumn('delivered_at', 'timestamptz').execute();
  await sql`
    update orders set delivered_at = (
      select max(h.created_at) from order_status_history h where h.order_id = orders.id and h.to_status = 'delivered'
    ) where status = 'delivered'
  `.execute(db);
}
