import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * How many more pages the SQLite database can take before it reaches its page limit
 * (`max_page_count`, counted per connection), free pages inside the file included. Reads only.
 */
export async function sqlitePagesLeft(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ page_count: number; max_page_count: number; freelist_count: number }>`
    select * from pragma_page_count(), pragma_max_page_count(), pragma_freelist_count()`.execute(db);
  const row = rows[0];
  return row ? row.max_page_count - row.page_count + row.freelist_count : 0;
}

/**
 * True when PostgreSQL would refuse a write on a new transaction: the server is a standby in
 * recovery, or transactions are read-only by default. Reads only.
 */
export async function postgresReadOnly(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ read_only: boolean }>`
    select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as read_only`.execute(db);
  return rows[0]?.read_only === true;
}
