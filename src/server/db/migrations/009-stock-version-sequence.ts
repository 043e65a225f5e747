import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * On PostgreSQL the stock version (which tells every process to re-read stock) is a sequence, not
 * a settings row: every checkout bumped that one row inside its transaction, so every checkout
 * waited for the one before it to commit. A sequence is advanced without a lock (decision 017).
 * SQLite has one writer at a time anyway and keeps the settings row.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`create sequence if not exists stock_version_seq`.execute(db);
}
