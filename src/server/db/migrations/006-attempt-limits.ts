import type { Kysely } from 'kysely';

/**
 * Counters of sign-in and registration attempts (decision 008), in the database so they survive a
 * restart and every shop process over one database sees the same counts. One row per counted key
 * (an account's untrusted clients, one device cookie, one registration email); `expires_at` lets
 * old rows be deleted, so the table stays as small as the recent attempts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_limits')
    .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_limits_expires').on('attempt_limits').column('expires_at').execute();
}
