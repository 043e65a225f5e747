import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/** Orders with their lines as snapshots, status history, and newsletter sign-ups. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('orders'), ctx)
    .addColumn('number', 'varchar(20)')
    .addColumn('access_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('governorate', 'varchar(8)', (c) => c.notNull())
    .addColumn('city', 'varchar(120)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('notes', 'varchar(1000)')
    .addColumn('payment_method', 'varchar(20)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EGP'))
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('shipping_fee', 'integer', (c) => c.notNull().check(sql`shipping_fee >= 0`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.unique())
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('stock_restored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_number').on('orders').column('number').unique().execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_phone').on('orders').column('phone').execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();

  await idColumn(db.schema.createTable('order_lines'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('set null'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sku', 'varchar(40)', (c) => c.notNull())
    .addColumn('color', 'varchar(40)')
    .addColumn('size', 'varchar(40)')
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('unit_paid', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await idColumn(db.schema.createTable('order_status_history'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();

  await idColumn(db.schema.createTable('newsletter_subscribers'), ctx)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
