import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Returns and exchanges (issue 33, decision 043).
 *
 * `returns`: one request of a delivered order's shopper. `number` is the order's with a sequence
 * (`R-NSM-100001-1`, unique); `kind` return or exchange; `state` requested, approved, refused,
 * received, refunded or exchanged; the reason from a fixed list and the shopper's note; the
 * merchant's `decision_note` and who decided; once refunded the amount (piastres) and how
 * (`cash` handed back, or `provider` through Paymob); an exchange's new order
 * (`exchange_order_id`, also how that order finds its return). `refund_claimed_at` is set by the
 * one refund under way, so two clicks cannot both ask Paymob.
 *
 * `return_lines`: the order lines asked back and their quantity; once received, `restocked` units
 * went back on the shelf and `received_at` says the receipt was recorded: the conditional update on
 * it makes the restock happen once.
 *
 * `return_photos`: up to three pictures through the shop's picture pipeline (as reviews' photos).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('returns'), ctx)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('return', 'exchange')`))
    .addColumn('state', 'varchar(10)', (c) => c.notNull().check(sql`state in ('requested', 'approved', 'refused', 'received', 'refunded', 'exchanged')`))
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('decision_note', 'varchar(500)')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('refund_amount', 'integer')
    .addColumn('refund_method', 'varchar(10)', (c) => c.check(sql`refund_method in ('cash', 'provider')`))
    .addColumn('refund_claimed_at', 'timestamptz')
    .addColumn('exchange_order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The merchant's list, newest first, all or by state; an order's returns; an exchange order's return.
  await db.schema.createIndex('returns_created').on('returns').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('returns_state_created').on('returns').columns(['state', 'created_at', 'id']).execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('returns_exchange_order').on('returns').column('exchange_order_id').execute();

  await idColumn(db.schema.createTable('return_lines'), ctx)
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('restocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('received_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('return_lines_return').on('return_lines').columns(['return_id', 'order_line_id']).unique().execute();
  await db.schema.createIndex('return_lines_order_line').on('return_lines').column('order_line_id').execute();

  await idColumn(db.schema.createTable('return_photos'), ctx)
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('base', 'varchar(120)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_photos_return').on('return_photos').columns(['return_id', 'position']).unique().execute();
}
