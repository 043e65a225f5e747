import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Pictures kept in the database (decision 015): with PostgreSQL and no object storage configured,
 * every shop process reads the same uploads and demo pictures from here. The key is the picture's
 * URL path without its leading slash (`uploads/products/<name>-400.webp`). Made on SQLite too, with
 * `blob` for `bytea`, so both dialects share one schema; the embedded shop keeps pictures on its
 * disk and leaves the table empty.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('bytes', ctx.dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
