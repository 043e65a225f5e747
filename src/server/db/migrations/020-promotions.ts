import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Promotions (issue 30, decision 037).
 *
 * `promotions`: the merchant's offers, with a name in each language (English and Arabic required,
 * as categories'), an optional `code` (normalised: upper case, 0-9 digits; unique, so a code
 * names one offer), what it takes off, its conditions, and `uses`, the uses taken so far: checkout
 * raises it with `uses < max_uses` in the order's transaction, which on PostgreSQL also locks the
 * row, so every redemption of one offer is decided one after another (the per-customer count
 * then reads the others' committed rows).
 *
 * `promotion_targets`: the products and categories an offer covers (none: the whole order).
 *
 * `order_promotions`: what each order got from each offer, in piastres (`amount`: taken off, or
 * the delivery saved), with the offer's name as the order showed it, and who used it (`user_id`,
 * `phone`) for per-customer limits. `released_at` is set once when the order is cancelled or its
 * payment expires: the use is given back once (the update that sets it decides). `orders.discount`
 * is the sum taken off the subtotal.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('promotions'), ctx)
    .addColumn('name_en', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_fr', 'varchar(120)')
    .addColumn('name_de', 'varchar(120)')
    .addColumn('code', 'varchar(32)', (c) => c.unique())
    .addColumn('kind', 'varchar(15)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_customer', 'integer')
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('with_product_discounts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('combines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('promotion_targets')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_targets_pk', ['promotion_id', 'kind', 'target_id'])
    .execute();

  await idColumn(db.schema.createTable('order_promotions'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id'))
    .addColumn('code', 'varchar(32)')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(15)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_promotions_order').on('order_promotions').columns(['order_id', 'promotion_id']).unique().execute();
  await db.schema.createIndex('order_promotions_phone').on('order_promotions').columns(['promotion_id', 'phone']).execute();
  await db.schema.createIndex('order_promotions_user').on('order_promotions').columns(['promotion_id', 'user_id']).execute();

  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
