import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The catalogue import (issue 32, decision 040).
 *
 * `catalogue_imports`: one upload of a products CSV. Who made the preview and who applied it (id,
 * and the e-mail, role and address they had then: the job writes its products in their name),
 * the file's name, `status` (previewed, applying, done, failed), the preview's counts, and while
 * applying the products done so far and the report's counts. The file itself is not kept: its
 * products are its rows below.
 *
 * `catalogue_import_rows`: one product of the file, as the preview read it: its first row number,
 * SKU and name for the lists, what applying would do (`action`: create, update, unchanged,
 * error), the product to write as JSON (`data`), the changed fields or the refusals as JSON, and,
 * once applied in the same transaction as the product, its `outcome` (created, updated, failed).
 * Applying and its retries work from these rows, so a row is written once.
 *
 * `catalogue_import_pictures`: a picture URL fetched once and the picture base it became, so a
 * supplier's file imported again does not fetch (and store) its pictures again.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('catalogue_imports'), ctx)
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('previewed', 'applying', 'done', 'failed')`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('applied_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('applied_email', 'varchar(254)')
    .addColumn('applied_role', 'varchar(20)')
    .addColumn('applied_address', 'varchar(64)')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('file_rows', 'integer', (c) => c.notNull())
    .addColumn('to_create', 'integer', (c) => c.notNull())
    .addColumn('to_update', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pictures_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('catalogue_imports_created').on('catalogue_imports').columns(['created_at', 'id']).execute();

  await idColumn(db.schema.createTable('catalogue_import_rows'), ctx)
    .addColumn('import_id', 'integer', (c) => c.notNull().references('catalogue_imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull().check(sql`action in ('create', 'update', 'unchanged', 'error')`))
    .addColumn('product_id', 'integer')
    .addColumn('data', 'text')
    .addColumn('changes', 'text')
    .addColumn('issues', 'text')
    .addColumn('outcome', 'varchar(10)', (c) => c.check(sql`outcome in ('created', 'updated', 'failed')`))
    .addColumn('failure', 'varchar(40)')
    .addColumn('pictures', 'text')
    .addColumn('applied_at', 'timestamptz')
    .execute();
  // A run's lists (by action, by outcome) and its next batch to apply, in file order.
  await db.schema.createIndex('catalogue_import_rows_action').on('catalogue_import_rows').columns(['import_id', 'action', 'id']).execute();
  await db.schema.createIndex('catalogue_import_rows_outcome').on('catalogue_import_rows').columns(['import_id', 'outcome', 'id']).execute();

  await db.schema
    .createTable('catalogue_import_pictures')
    .addColumn('url_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('base', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
