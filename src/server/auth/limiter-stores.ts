import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Where attempt counters live (decisions 016 and 031), handed out as rate-limiter-flexible
 * limiters: Redis with REDIS_URL, the database (table `rate_limits`) as its insurance while Redis
 * fails; the database alone without Redis, so several PostgreSQL processes share the counts and a
 * restart forgets nothing.
 */
export interface AttemptCounters {
  /** A limiter of `points` per `seconds`; its keys are stored as `<name>:<key>`. */
  limiter(name: string, points: number, seconds: number): RateLimiterAbstract;
  /** Deletes the database's counts that have run out (Redis expires its own keys). */
  clearExpired(): Promise<void>;
  /** Stops the periodic clean-up. */
  close(): void;
}

const TABLE = 'rate_limits';
const CLEAR_EVERY_MS = 5 * 60 * 1000;

/** The counters of one shop process; the clean-up runs every 5 minutes until `close()`. */
export function openAttemptCounters(db: Db, redis: Redis | undefined, redisPrefix: string, log: FastifyBaseLogger): AttemptCounters {
  // The table comes from migration 017, so the library never runs DDL, and its own clean-up timers
  // (one per limiter, never stopped) are replaced by the one below.
  const stored = { tableName: TABLE, tableCreated: true, clearExpiredByTimeout: false };
  const inDatabase = (name: string, points: number, duration: number): RateLimiterAbstract => {
    if (db.pool) return new RateLimiterPostgres({ ...stored, storeClient: db.pool, storeType: 'pool', keyPrefix: name, points, duration });
    if (!db.sqlite) throw new Error('The database handle is missing');
    return new RateLimiterSQLite({ ...stored, storeClient: sqliteThroughKysely(db.db, db.sqlite), storeType: 'knex', keyPrefix: name, points, duration });
  };
  const sweeper = inDatabase('sweep', 1, 1) as unknown as { clearExpired(before: number): Promise<void> };
  const clearExpired = () => sweeper.clearExpired(Date.now());
  const timer = setInterval(() => {
    clearExpired().catch((err: unknown) => log.warn({ err }, 'Attempt counters: deleting the expired ones failed'));
  }, CLEAR_EVERY_MS);
  timer.unref();
  return {
    limiter(name, points, duration) {
      if (!redis) return inDatabase(name, points, duration);
      // rejectIfRedisNotReady: while the client is disconnected the insurance answers at once,
      // without a round trip that would fail anyway.
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${redisPrefix}${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: inDatabase(name, points, duration),
      });
    },
    clearExpired,
    close: () => clearInterval(timer),
  };
}

/**
 * better-sqlite3 lent to rate-limiter-flexible's SQLite store through Kysely's lock on its one
 * connection, in the shape of the store's Knex option (its only way to borrow a connection). Given
 * the handle itself, the store would write in the middle of whatever transaction Kysely has open
 * at that moment, and that transaction's rollback (a checkout refused for stock) would take a
 * sign-in's count or lockout with it. So a limiter is never called inside a Kysely transaction:
 * there it would wait for the transaction's own connection.
 */
function sqliteThroughKysely(db: Kysely<Database>, database: SQLite.Database) {
  let release: (() => void) | undefined;
  return {
    raw: () => {
      throw new Error('Not a Knex instance');
    },
    client: {
      config: { client: 'better-sqlite3' },
      acquireConnection: () =>
        new Promise<SQLite.Database>((resolve, reject) => {
          db.connection()
            .execute(
              () =>
                new Promise<void>((done) => {
                  release = done;
                  resolve(database);
                }),
            )
            .catch(reject);
        }),
      // Kysely lends its one connection to one borrower at a time, so one slot is enough.
      releaseConnection: () => {
        const done = release;
        release = undefined;
        done?.();
      },
    },
  };
}
