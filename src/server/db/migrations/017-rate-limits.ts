import type { Kysely } from 'kysely';

/**
 * Attempt counters move to rate-limiter-flexible (decision 031): its database stores keep one row
 * per key with the points counted and when they run out (epoch milliseconds), in the table shape
 * the library would create itself. It is created here, with the other tables, so the library never
 * runs DDL at start. The hand-made counters of migration 006 go: a deploy forgets at most one
 * window's counts, like a Redis restart (decision 016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  // The library's clean-up deletes by `expire`.
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
  await db.schema.dropTable('attempt_limits').execute();
}
