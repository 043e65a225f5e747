import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { clearAttempts, countAttempt, lockAttempts, pruneAttempts, uncountAttempt } from '../repositories/attempt-repository.js';

/** A key's counter as it stands after an attempt was counted; times in epoch milliseconds. */
export interface AttemptCount {
  failures: number;
  windowStart: number;
  /** 0 when the key is not locked (and never was, or the lock has run out). */
  lockedUntil: number;
  lockouts: number;
}

/**
 * Where attempt counters live (decision 016): the database (shared by the processes of one
 * database, kept across restarts) or Redis (shared by every process of REDIS_URL). Each operation
 * is one atomic step, so concurrent attempts from any process each get their own count.
 * Times are epoch milliseconds chosen by the caller.
 */
export interface AttemptStore {
  /**
   * Counts one attempt on `key`. A locked key is left as it is; a key whose window began at or
   * before `windowCutoff` starts a new window at `now`; one past its memory forgets its lockouts.
   * The key is remembered until `expiresAt`.
   */
  count(key: string, at: { now: number; windowCutoff: number; expiresAt: number }): Promise<AttemptCount>;
  /**
   * Locks `key` until `lockedUntil` and starts its count again, only if it still has `lockouts`
   * lockouts and is not locked: two failures racing each other lock once, not twice as long.
   */
  lock(key: string, lock: { lockouts: number; now: number; lockedUntil: number; expiresAt: number }): Promise<void>;
  /** Takes back one counted attempt. */
  uncount(key: string): Promise<void>;
  /** Forgets everything counted for `key`. */
  clear(key: string): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The counters in the database table `attempt_limits` (decision 008). */
export class DatabaseAttemptStore implements AttemptStore {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<Database>) {}

  async count(key: string, at: { now: number; windowCutoff: number; expiresAt: number }): Promise<AttemptCount> {
    await this.prune(at.now);
    const row = await countAttempt(this.db, key, { now: iso(at.now), windowCutoff: iso(at.windowCutoff), expiresAt: iso(at.expiresAt) });
    return {
      failures: row.failures,
      windowStart: Date.parse(row.windowStart),
      lockedUntil: row.lockedUntil ? Date.parse(row.lockedUntil) : 0,
      lockouts: row.lockouts,
    };
  }

  async lock(key: string, lock: { lockouts: number; now: number; lockedUntil: number; expiresAt: number }): Promise<void> {
    await lockAttempts(this.db, key, { lockouts: lock.lockouts, now: iso(lock.now), lockedUntil: iso(lock.lockedUntil), expiresAt: iso(lock.expiresAt) });
  }

  async uncount(key: string): Promise<void> {
    await uncountAttempt(this.db, key);
  }

  async clear(key: string): Promise<void> {
    await clearAttempts(this.db, key);
  }

  /** Rows past their memory go at most once a minute per process: enough to keep the table small. */
  private async prune(now: number): Promise<void> {
    if (Math.abs(now - this.lastPrune) < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await pruneAttempts(this.db, iso(now));
  }
}

/**
 * Redis first; when it fails (down, unreachable, too slow), the database for that operation, with
 * a warning at most every 30 s. Every process falls back to the same database, so the limits still
 * hold while Redis is away, counted afresh there.
 */
export class FallbackAttemptStore implements AttemptStore {
  private lastWarning = 0;

  constructor(
    private readonly primary: AttemptStore,
    private readonly fallback: AttemptStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  count(key: string, at: { now: number; windowCutoff: number; expiresAt: number }): Promise<AttemptCount> {
    return this.either((store) => store.count(key, at));
  }

  lock(key: string, lock: { lockouts: number; now: number; lockedUntil: number; expiresAt: number }): Promise<void> {
    return this.either((store) => store.lock(key, lock));
  }

  uncount(key: string): Promise<void> {
    return this.either((store) => store.uncount(key));
  }

  clear(key: string): Promise<void> {
    return this.either((store) => store.clear(key));
  }

  private async either<T>(run: (store: AttemptStore) => Promise<T>): Promise<T> {
    try {
      return await run(this.primary);
    } catch (err) {
      const now = Date.now();
      if (now - this.lastWarning >= 30_000) {
        this.lastWarning = now;
        this.log.warn({ err: { message: (err as Error).message } }, 'Attempt counters: Redis failed, counting in the database meanwhile');
      }
      return run(this.fallback);
    }
  }
}
