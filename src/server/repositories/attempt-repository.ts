import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

/** A counter as it stands after an attempt was counted (times as ISO strings). */
export interface AttemptCount {
  failures: number;
  windowStart: string;
  lockedUntil: string | null;
  lockouts: number;
}

/**
 * Counts one attempt for `key` in one statement, so concurrent attempts (from any process) each
 * get their own number. A locked row is left as it is; a row whose window began at or before
 * `windowCutoff` starts a new window at `now`; one past `expires_at` forgets its lockouts. Times are ISO strings: they compare in order as
 * text on SQLite and as timestamps on PostgreSQL.
 */
export async function countAttempt(db: Q, key: string, at: { now: string; windowCutoff: string; expiresAt: string }): Promise<AttemptCount> {
  const locked = sql<boolean>`attempt_limits.locked_until > ${at.now}`;
  const stale = sql<boolean>`attempt_limits.window_start <= ${at.windowCutoff}`;
  const row = await db
    .insertInto('attempt_limits')
    .values({ key, failures: 1, window_start: at.now, locked_until: null, lockouts: 0, expires_at: at.expiresAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`CASE WHEN ${locked} THEN attempt_limits.failures WHEN ${stale} THEN 1 ELSE attempt_limits.failures + 1 END`,
        window_start: sql<string>`CASE WHEN ${locked} THEN attempt_limits.window_start WHEN ${stale} THEN ${at.now} ELSE attempt_limits.window_start END`,
        expires_at: sql<string>`CASE WHEN ${locked} THEN attempt_limits.expires_at ELSE ${at.expiresAt} END`,
        // A row past its memory that no clean-up has deleted yet starts its lockouts from none.
        lockouts: sql<number>`CASE WHEN attempt_limits.expires_at <= ${at.now} THEN 0 ELSE attempt_limits.lockouts END`,
      }),
    )
    .returning(['failures', 'window_start', 'locked_until', 'lockouts'])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, windowStart: toIso(row.window_start), lockedUntil: toIso(row.locked_until), lockouts: row.lockouts };
}

/**
 * Locks `key` until `lockedUntil` and starts its count again. Only the attempt that saw
 * `lockouts` locks: two failures racing each other lock once, not twice as long.
 */
export async function lockAttempts(db: Q, key: string, lock: { lockouts: number; now: string; lockedUntil: string; expiresAt: string }): Promise<void> {
  await db
    .updateTable('attempt_limits')
    .set({ locked_until: lock.lockedUntil, lockouts: lock.lockouts + 1, failures: 0, window_start: lock.now, expires_at: lock.expiresAt })
    .where('key', '=', key)
    .where('lockouts', '=', lock.lockouts)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', lock.now)]))
    .execute();
}

/** Takes back one counted attempt (it turned out to be a successful sign-in). */
export async function uncountAttempt(db: Q, key: string): Promise<void> {
  await db
    .updateTable('attempt_limits')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** Forgets everything counted for `key`. */
export async function clearAttempts(db: Q, key: string): Promise<void> {
  await db.deleteFrom('attempt_limits').where('key', '=', key).execute();
}

/** Deletes the rows whose memory has run out; returns how many. */
export async function pruneAttempts(db: Q, now: string): Promise<number> {
  const result = await db.deleteFrom('attempt_limits').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
