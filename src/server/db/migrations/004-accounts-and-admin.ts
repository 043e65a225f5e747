import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/** Saved addresses for accounts; soft delete for products (past orders keep their snapshot). */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('user_addresses'), ctx)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'varchar(60)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('governorate', 'varchar(40)', (c) => c.notNull())
    .addColumn('city', 'varchar(80)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_addresses_user').on('user_addresses').column('user_id').execute();
  await db.schema.alterTable('products').addColumn('deleted_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('updated_at', 'timestamptz').execute();
}
