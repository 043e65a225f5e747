import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { buildTestApp, deleteRedisKeys, redisAnswers, testDatabases, testRedisPrefix, testRedisUrl } from '../test-support.js';
import { AttemptLimiter, registrationPolicy, untrustedSignInPolicy, type Attempt } from './attempts.js';
import { DatabaseAttemptStore, type AttemptStore } from './attempt-store.js';
import { RedisAttemptStore } from './redis-attempt-store.js';

const MINUTE = 60 * 1000;

/**
 * One store of counters as every process of a shop sees it: `open()` gives another process's view
 * (its own store object, and for Redis its own connection) of the same counters.
 */
interface StoreUnderTest {
  name: string;
  setUp(): Promise<void>;
  open(): AttemptStore;
  /** Keys matching `pattern` (SQL LIKE) still held; only the database prunes on its own schedule. */
  rows?(pattern: string): Promise<number>;
  /** Milliseconds left to live of each key matching `pattern` (a Redis glob); Redis only. */
  ttls?(pattern: string): Promise<number[]>;
  tearDown(): Promise<void>;
}

function databaseStore(name: 'sqlite' | 'postgres'): StoreUnderTest {
  let db: Kysely<Database>;
  let close: () => Promise<void> = async () => {};
  return {
    name: `the database on ${name}`,
    async setUp() {
      const built = await buildTestApp(name, { seedDemo: false });
      db = built.db.db;
      close = built.close;
    },
    open: () => new DatabaseAttemptStore(db),
    rows: async (pattern) =>
      Number(
        (
          await db
            .selectFrom('attempt_limits')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('key', 'like', pattern)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    tearDown: () => close(),
  };
}

function redisStore(): StoreUnderTest {
  const prefix = testRedisPrefix();
  const clients: Redis[] = [];
  return {
    name: 'Redis',
    async setUp() {},
    open() {
      const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RedisAttemptStore(client, prefix);
    },
    async ttls(pattern) {
      const client = clients[0]!;
      const keys = await client.keys(`${prefix}attempt:${pattern}`);
      return Promise.all(keys.map((key) => client.pttl(key)));
    },
    async tearDown() {
      await deleteRedisKeys(prefix);
      for (const client of clients) client.disconnect();
    },
  };
}

const stores: StoreUnderTest[] = [...testDatabases.map((d) => databaseStore(d.name)), ...((await redisAnswers()) ? [redisStore()] : [])];

describe.each(stores)('attempt limits in $name', (store) => {
  const start = new Date('2026-03-01T10:00:00.000Z').getTime();
  const at = (minutes: number) => new Date(start + minutes * MINUTE);
  const retry = (a: Attempt) => (a.allowed ? null : a.retryAfterSeconds);

  beforeAll(() => store.setUp());
  afterAll(() => store.tearDown());

  /** `n` failed attempts at `when`; the answers as allowed (true) or refused (false). */
  async function failMany(limiter: AttemptLimiter, key: string, n: number, when: Date): Promise<boolean[]> {
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const attempt = await limiter.take(key, when);
      out.push(attempt.allowed);
      await limiter.fail(attempt, when);
    }
    return out;
  }

  it('locks a key after 5 failures, longer after each burst, and another process (or a restart) sees the lock', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    expect(await failMany(limiter, 'a:burst', 6, at(0))).toEqual([true, true, true, true, true, false]);
    expect(retry(await limiter.take('a:burst', at(0)))).toBe(15 * 60);

    const elsewhere = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    expect(retry(await elsewhere.take('a:burst', at(10)))).toBe(5 * 60);

    // The second burst after the first lockout locks for 30 minutes, the third for an hour.
    expect(await failMany(elsewhere, 'a:burst', 6, at(15))).toEqual([true, true, true, true, true, false]);
    expect(retry(await limiter.take('a:burst', at(15)))).toBe(30 * 60);
    expect(await failMany(limiter, 'a:burst', 5, at(45))).toEqual([true, true, true, true, true]);
    expect(retry(await limiter.take('a:burst', at(45)))).toBe(60 * 60);
    // A day after the last lockout ends, the key is forgotten: the next lockout is 15 minutes again.
    const later = at(45 + 60 + 24 * 60 + 1);
    expect(await failMany(limiter, 'a:burst', 5, later)).toEqual([true, true, true, true, true]);
    expect(retry(await limiter.take('a:burst', later))).toBe(15 * 60);
  });

  it('gives concurrent attempts their own count, so no more than 5 get through at once', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    const attempts = await Promise.all(Array.from({ length: 12 }, () => limiter.take('a:parallel', at(0))));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
  });

  it('takes back a successful attempt without forgiving the failures around it, and forgets failures after the window', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    await failMany(limiter, 'a:mixed', 4, at(0));
    await limiter.forgive(await limiter.take('a:mixed', at(1)));
    expect(await failMany(limiter, 'a:mixed', 2, at(2))).toEqual([true, false]);

    await failMany(limiter, 'a:window', 4, at(0));
    expect(await failMany(limiter, 'a:window', 5, at(16))).toEqual([true, true, true, true, true]);
  });

  it('forgets keys whose memory ran out, so the store stays small', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    for (let i = 0; i < 20; i++) await limiter.take(`a:spray-${i}`, at(0));
    if (store.rows) {
      // The database deletes them at most once a minute, at a later attempt.
      expect(await store.rows('a:spray-%')).toBe(20);
      await limiter.take('a:other', at(15 + 24 * 60 + 1));
      expect(await store.rows('a:spray-%')).toBe(0);
    } else {
      // Redis drops each key when its memory runs out: 15 minutes' window and a day's memory.
      const ttls = await store.ttls!('a:spray-*');
      expect(ttls).toHaveLength(20);
      for (const ttl of ttls) expect(ttl).toBeGreaterThan(24 * 60 * MINUTE);
      for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual((15 + 24 * 60) * MINUTE);
    }
  });

  it('allows 5 registrations of one email an hour', async () => {
    const limiter = new AttemptLimiter(store.open(), registrationPolicy);
    const answers: Attempt[] = [];
    for (let i = 0; i < 6; i++) answers.push(await limiter.take('r:someone', at(i)));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false]);
    expect(retry(answers[5]!)).toBe(55 * 60);
    expect((await limiter.take('r:someone', at(60))).allowed).toBe(true);
  });
});
