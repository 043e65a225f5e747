import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import { buildTestApp, deleteRedisKeys, redisAnswers, testDatabases, testRedisPrefix, testRedisUrl } from '../test-support.js';
import { AttemptLimiter, registrationPolicy, untrustedSignInPolicy, type Attempt } from './attempts.js';
import { openAttemptCounters, type AttemptCounters } from './limiter-stores.js';

const MINUTE = 60 * 1000;
const silent = { warn: () => {} } as unknown as Parameters<typeof openAttemptCounters>[3];

/** A test database, and counters over it as each shop process opens them. */
function database(name: 'sqlite' | 'postgres') {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  const opened: AttemptCounters[] = [];
  return {
    name,
    async setUp() {
      built = await buildTestApp(name, { seedDemo: false });
    },
    get db(): Db {
      return built.db;
    },
    /** Another process's view of the same counters: its own limiters over the same database. */
    open(redis?: Redis, prefix = ''): AttemptCounters {
      const counters = openAttemptCounters(built.db, redis, prefix, silent);
      opened.push(counters);
      return counters;
    },
    /** Rows whose key matches `pattern` (SQL LIKE). */
    async rows(pattern: string): Promise<number> {
      const rows = await built.db.db.selectFrom('rate_limits').select('key').where('key', 'like', pattern).execute();
      return rows.length;
    },
    async tearDown() {
      for (const counters of opened) counters.close();
      await built.close();
    },
  };
}

const start = new Date('2026-03-01T10:00:00.000Z').getTime();
const at = (minutes: number) => new Date(start + minutes * MINUTE);
const retry = (a: Attempt) => (a.allowed ? null : a.retryAfterSeconds);

/** `n` failed attempts at `when` (the clock is set there when given); the answers as allowed (true) or refused (false). */
async function failMany(limiter: AttemptLimiter, key: string, n: number, when?: Date): Promise<boolean[]> {
  if (when) vi.setSystemTime(when);
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const attempt = await limiter.take(key);
    out.push(attempt.allowed);
    await limiter.fail(attempt);
  }
  return out;
}

/** The limiter's answer to one more attempt at `when`. */
async function takeAt(limiter: AttemptLimiter, key: string, when: Date): Promise<Attempt> {
  vi.setSystemTime(when);
  return limiter.take(key);
}

// The database stores read the time from Date.now(), so the tests move the clock there; Redis
// keeps its own (see the Redis suite below).
describe.each(testDatabases.map((d) => d.name))('attempt limits in the database on %s', (name) => {
  const store = database(name);

  beforeAll(() => store.setUp());
  afterAll(() => store.tearDown());
  afterEach(() => {
    vi.useRealTimers();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });

  it('locks a key after 5 failures, longer after each burst, and another process (or a restart) sees the lock', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    expect(await failMany(limiter, 'a:burst', 6, at(0))).toEqual([true, true, true, true, true, false]);
    expect(retry(await takeAt(limiter, 'a:burst', at(0)))).toBe(15 * 60);

    const elsewhere = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    expect(retry(await takeAt(elsewhere, 'a:burst', at(10)))).toBe(5 * 60);

    // The second burst after the first lockout locks for 30 minutes, the third for an hour.
    expect(await failMany(elsewhere, 'a:burst', 6, at(15))).toEqual([true, true, true, true, true, false]);
    expect(retry(await takeAt(limiter, 'a:burst', at(15)))).toBe(30 * 60);
    expect(await failMany(limiter, 'a:burst', 5, at(45))).toEqual([true, true, true, true, true]);
    expect(retry(await takeAt(limiter, 'a:burst', at(45)))).toBe(60 * 60);
    // A day after the last lockout ends, the key is forgotten: the next lockout is 15 minutes again.
    const later = at(45 + 60 + 24 * 60 + 1);
    expect(await failMany(limiter, 'a:burst', 5, later)).toEqual([true, true, true, true, true]);
    expect(retry(await takeAt(limiter, 'a:burst', later))).toBe(15 * 60);
  });

  it('gives concurrent attempts their own count, so no more than 5 get through at once', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    vi.setSystemTime(at(0));
    const attempts = await Promise.all(Array.from({ length: 12 }, () => limiter.take('a:parallel')));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
  });

  it('takes back a successful attempt without forgiving the failures around it, and forgets failures after the window', async () => {
    const limiter = new AttemptLimiter(store.open(), untrustedSignInPolicy);
    await failMany(limiter, 'a:mixed', 4, at(0));
    await limiter.forgive(await takeAt(limiter, 'a:mixed', at(1)));
    expect(await failMany(limiter, 'a:mixed', 2, at(2))).toEqual([true, false]);

    await failMany(limiter, 'a:window', 4, at(0));
    expect(await failMany(limiter, 'a:window', 5, at(16))).toEqual([true, true, true, true, true]);
  });

  it('forgets keys whose memory ran out, so the store stays small', async () => {
    const counters = store.open();
    const limiter = new AttemptLimiter(counters, untrustedSignInPolicy);
    vi.setSystemTime(at(0));
    for (let i = 0; i < 20; i++) await limiter.take(`a:spray-${i}`);
    // Every process deletes them every 5 minutes; here the clean-up is called at once.
    await counters.clearExpired();
    expect(await store.rows('attempt:a:spray-%')).toBe(20);
    vi.setSystemTime(at(15 + 24 * 60 + 1));
    await counters.clearExpired();
    expect(await store.rows('attempt:a:spray-%')).toBe(0);
  });

  it('keeps a count made while a transaction is open, whatever becomes of that transaction', async () => {
    const limiter = new AttemptLimiter(store.open(), registrationPolicy);
    vi.setSystemTime(at(0));
    let taken: Promise<Attempt> | undefined;
    // A checkout refused for stock, say, while a sign-in is counted next to it.
    const refused = store.db.db.transaction().execute(async (trx) => {
      await trx.selectFrom('rate_limits').select('key').execute();
      taken = limiter.take('r:beside-a-rollback');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('refused for stock');
    });
    await expect(refused).rejects.toThrow('refused for stock');
    expect((await taken!).allowed).toBe(true);
    expect(await store.rows('attempt:r:beside-a-rollback')).toBe(1);
  });

  it('allows 5 registrations of one email an hour', async () => {
    const limiter = new AttemptLimiter(store.open(), registrationPolicy);
    const answers: Attempt[] = [];
    for (let i = 0; i < 6; i++) answers.push(await takeAt(limiter, 'r:someone', at(i)));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false]);
    expect(retry(answers[5]!)).toBe(55 * 60);
    expect((await takeAt(limiter, 'r:someone', at(60))).allowed).toBe(true);
  });
});

/**
 * Redis counts in its own time (each key's TTL), which a test cannot move: these are the steps
 * that need no clock, each process with its own connection, and the database as insurance.
 */
describe.runIf(await redisAnswers())('attempt limits in Redis', () => {
  const store = database(testDatabases.at(-1)!.name);
  const prefix = testRedisPrefix();
  // Two processes' connections, each connected before it counts: a limiter counts in its
  // insurance, the database, while its client is not ready.
  const clients = [new Redis(testRedisUrl, { maxRetriesPerRequest: 1 }), new Redis(testRedisUrl, { maxRetriesPerRequest: 1 })];
  let opened = 0;
  const open = () => store.open(clients[opened++ % 2], prefix);
  const ttls = async (pattern: string) => {
    const keys = await clients[0]!.keys(`${prefix}${pattern}`);
    return Promise.all(keys.map((key) => clients[0]!.pttl(key)));
  };

  beforeAll(async () => {
    await store.setUp();
    await Promise.all(clients.map((client) => client.ping()));
  });
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    for (const client of clients) client.disconnect();
    await store.tearDown();
  });

  it('locks a key after 5 failures, another process sees the lock, and its lockouts are kept a day past it', async () => {
    const limiter = new AttemptLimiter(open(), untrustedSignInPolicy);
    expect(await failMany(limiter, 'a:burst', 6)).toEqual([true, true, true, true, true, false]);
    expect(retry(await limiter.take('a:burst'))).toBe(15 * 60);
    const elsewhere = new AttemptLimiter(open(), untrustedSignInPolicy);
    expect(retry(await elsewhere.take('a:burst'))).toBe(15 * 60);
    const [lockouts] = await ttls('attempt-lockouts:a:burst');
    expect(lockouts).toBeGreaterThan((15 + 24 * 60 - 1) * MINUTE);
    expect(lockouts).toBeLessThanOrEqual((15 + 24 * 60) * MINUTE);
    // Counted in Redis only: the database is the insurance, untouched while Redis answers.
    expect(await store.rows('attempt%')).toBe(0);
  });

  it('gives concurrent attempts their own count, so no more than 5 get through at once', async () => {
    const limiter = new AttemptLimiter(open(), untrustedSignInPolicy);
    const attempts = await Promise.all(Array.from({ length: 12 }, () => limiter.take('a:parallel')));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
  });

  it('takes back a successful attempt without forgiving the failures around it', async () => {
    const limiter = new AttemptLimiter(open(), untrustedSignInPolicy);
    await failMany(limiter, 'a:mixed', 4);
    await limiter.forgive(await limiter.take('a:mixed'));
    expect(await failMany(limiter, 'a:mixed', 2)).toEqual([true, false]);
  });

  it('lets each key expire with its window, so the store stays small', async () => {
    const limiter = new AttemptLimiter(open(), untrustedSignInPolicy);
    for (let i = 0; i < 20; i++) await limiter.take(`a:spray-${i}`);
    const spray = await ttls('attempt:a:spray-*');
    expect(spray).toHaveLength(20);
    for (const ttl of spray) expect(ttl).toBeGreaterThan(14 * MINUTE);
    for (const ttl of spray) expect(ttl).toBeLessThanOrEqual(15 * MINUTE);
  });

  it('allows 5 registrations of one email an hour', async () => {
    const limiter = new AttemptLimiter(open(), registrationPolicy);
    const answers: Attempt[] = [];
    for (let i = 0; i < 6; i++) answers.push(await limiter.take('r:someone'));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false]);
    expect(retry(answers[5]!)).toBe(60 * 60);
  });

  it('counts in the database while Redis does not answer', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    try {
      const limiter = new AttemptLimiter(store.open(down, prefix), registrationPolicy);
      const answers: Attempt[] = [];
      for (let i = 0; i < 6; i++) answers.push(await limiter.take('r:insured'));
      expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false]);
      expect(await store.rows('attempt:r:insured')).toBe(1);
    } finally {
      down.disconnect();
    }
  });
});
