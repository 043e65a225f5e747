import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { buildTestApp, testDatabases } from '../test-support.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { claimDay } from '../repositories/settings-repository.js';
import type { Database, OutboxStatus } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { shopDayStart } from '../../shared/domain/shop-time.js';
import { enqueueJob, listJobs } from '../repositories/job-repository.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { JobRunner, type JobHandler, type JobRegistry } from './runner.js';
import { retention, RETENTION_HOUR } from './retention.js';

const silent = pino({ level: 'silent' });
const DAY = 86_400_000;
const delays = [1_000, 5_000];

describe.each(testDatabases)('job runner on $name', ({ name }) => {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let close: () => Promise<void>;
  // A clock of the test's own, far ahead of the app's runner (stopped anyway).
  let now = new Date('2040-01-01T10:00:00.000Z');
  const runner = (registry: JobRegistry, at: () => Date = () => now, on = db) =>
    new JobRunner({ db: on, dialect, registry, pollMs: 60_000, leaseMs: 60_000, retryDelaysMs: delays, log: silent, now: at });

  beforeAll(async () => {
    const built = await buildTestApp(name);
    await built.app.shop.outbox.stop();
    db = built.db.db;
    dialect = built.db.dialect;
    close = built.close;
  });
  afterAll(async () => close?.());

  it('runs a due job through its handler once, and leaves jobs not yet due and kinds it has no handler for', async () => {
    const seen: unknown[] = [];
    const handler: JobHandler<{ n: number }> = { run: async (payload) => void seen.push(payload) };
    await enqueueJob(db, { kind: 'echo', payload: { n: 1 } }, now);
    await enqueueJob(db, { kind: 'echo', payload: { n: 2 }, runAt: new Date(now.getTime() + 60_000) }, now);
    await enqueueJob(db, { kind: 'unknown', payload: {} }, now);
    await runner({ echo: handler }).runOnce();
    expect(seen).toEqual([{ n: 1 }]);
    expect((await listJobs(db, 'echo')).map((j) => j.status)).toEqual(['done', 'pending']);
    expect(await listJobs(db, 'unknown')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    now = new Date(now.getTime() + 60_000);
    await runner({ echo: handler }).runOnce();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('writes a job with a unique key once', async () => {
    expect(await enqueueJob(db, { kind: 'once', uniqueKey: 'once:a' }, now)).toBe(true);
    expect(await enqueueJob(db, { kind: 'once', uniqueKey: 'once:a' }, now)).toBe(false);
    expect(await enqueueJob(db, { kind: 'once' }, now)).toBe(true);
    expect(await enqueueJob(db, { kind: 'once' }, now)).toBe(true);
    expect(await listJobs(db, 'once')).toHaveLength(3);
  });

  it('retries a failing job after each delay, then keeps it failed with its error', async () => {
    let calls = 0;
    const failing: JobHandler = {
      run: async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    };
    await enqueueJob(db, { kind: 'failing' }, now);
    const r = runner({ failing });
    await r.runOnce();
    expect(await listJobs(db, 'failing')).toMatchObject([
      { status: 'pending', attempts: 1, lastError: 'boom 1', lockedUntil: null, runAt: new Date(now.getTime() + 1_000).toISOString() },
    ]);
    await r.runOnce();
    expect(calls).toBe(1);
    now = new Date(now.getTime() + 1_000);
    await r.runOnce();
    expect(await listJobs(db, 'failing')).toMatchObject([{ status: 'pending', attempts: 2, lastError: 'boom 2' }]);
    now = new Date(now.getTime() + 5_000);
    await r.runOnce();
    expect(await listJobs(db, 'failing')).toMatchObject([{ status: 'failed', attempts: 3, lastError: 'boom 3', finishedAt: now.toISOString() }]);
    now = new Date(now.getTime() + DAY);
    await r.runOnce();
    expect(calls).toBe(3);
  });

  it('runs a job again when its handler asks, without counting an attempt', async () => {
    let calls = 0;
    const twice: JobHandler = { run: async (_p, ctx) => (++calls === 1 ? { again: new Date(ctx.now().getTime() + 5_000) } : undefined) };
    await enqueueJob(db, { kind: 'twice' }, now);
    await runner({ twice }).runOnce();
    expect(await listJobs(db, 'twice')).toMatchObject([{ status: 'pending', attempts: 0, runAt: new Date(now.getTime() + 5_000).toISOString() }]);
    now = new Date(now.getTime() + 5_000);
    await runner({ twice }).runOnce();
    expect(await listJobs(db, 'twice')).toMatchObject([{ status: 'done', attempts: 0 }]);
    expect(calls).toBe(2);
  });

  it('commits what a job writes in its transaction with its "done", or neither', async () => {
    let fail = true;
    const writes: JobHandler = {
      run: (_p, ctx) =>
        ctx.db.transaction().execute(async (trx) => {
          await enqueueMessage(trx, { kind: 'sign_up_taken', to: 'in-trx@example.com', language: 'en', origin: 'x', name: 'R' }, now);
          if (fail) throw new Error('after the write');
          await ctx.complete(trx);
        }),
    };
    const written = () => db.selectFrom('outbox').select('id').where('recipient', '=', 'in-trx@example.com').execute();
    await enqueueJob(db, { kind: 'writes' }, now);
    await runner({ writes }).runOnce();
    expect(await listJobs(db, 'writes')).toMatchObject([{ status: 'pending', attempts: 1, lastError: 'after the write' }]);
    expect(await written()).toEqual([]);
    fail = false;
    now = new Date(now.getTime() + 1_000);
    await runner({ writes }).runOnce();
    expect(await listJobs(db, 'writes')).toMatchObject([{ status: 'done', attempts: 1 }]);
    expect(await written()).toHaveLength(1);
  });

  it('schedules a daily job once a Cairo day from its hour, and runs it once across runners', async () => {
    const day = '2040-02-01';
    let runs = 0;
    const daily: JobHandler<{ day: string }> = {
      daily: { hour: 8 },
      run: async ({ day: d }) => {
        expect(d).toBe(day);
        runs++;
        // Long enough for the other runners to try their claims meanwhile.
        await new Promise((r) => setTimeout(r, 100));
      },
    };
    const at = (hour: number) => () => new Date(shopDayStart(day).getTime() + hour * 3_600_000);
    await runner({ daily }, at(7)).runOnce();
    expect(await listJobs(db, 'daily')).toEqual([]);
    await Promise.all([runner({ daily }, at(9)), runner({ daily }, at(9)), runner({ daily }, at(9))].map((r) => r.runOnce()));
    expect(runs).toBe(1);
    expect(await listJobs(db, 'daily')).toMatchObject([{ status: 'done', uniqueKey: `daily:${day}`, payload: { day } }]);
    await runner({ daily }, at(20)).runOnce();
    expect(runs).toBe(1);
  });
});

describe.each(testDatabases)('retention on $name', ({ name }) => {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let close: () => Promise<void>;
  const day = '2040-06-01';
  const now = new Date(shopDayStart(day).getTime() + (RETENTION_HOUR + 1) * 3_600_000);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  beforeAll(async () => {
    const built = await buildTestApp(name);
    await built.app.shop.outbox.stop();
    db = built.db.db;
    dialect = built.db.dialect;
    close = built.close;
  });
  afterAll(async () => close?.());

  /** A message written `createdDaysAgo` and, when sent, sent `sentDaysAgo`. */
  const message = async (to: string, status: OutboxStatus, createdDaysAgo: number, sentDaysAgo = createdDaysAgo) => {
    await enqueueMessage(db, { kind: 'sign_up_taken', to, language: 'en', origin: 'x', name: 'N' }, ago(createdDaysAgo));
    await db
      .updateTable('outbox')
      .set({ status, sent_at: status === 'sent' ? ago(sentDaysAgo).toISOString() : null })
      .where('recipient', '=', to)
      .execute();
  };

  it('deletes old sent messages and old search statistics in batches, once a day, and keeps failed and held messages', async () => {
    for (let i = 0; i < 8; i++) await message(`old-sent-${i}@example.com`, 'sent', 91 + i);
    await message('recent-sent@example.com', 'sent', 89);
    // Written long ago, sent again by the admin last week: kept until its sending is old.
    await message('resent@example.com', 'sent', 200, 7);
    await message('old-failed@example.com', 'failed', 400);
    await message('old-held@example.com', 'held', 400);
    await message('old-pending@example.com', 'pending', 400);
    const stat = (d: string, query: string) => ({ day: d, language: 'en', query, searches: 1, no_results: 0 });
    const oldStats = ['2039-01-01', '2039-05-31'].flatMap((d) => ['oud', 'rose', 'musk'].map((q) => stat(d, q)));
    await db
      .insertInto('search_stats')
      .values([...oldStats, stat('2039-06-02', 'oud'), stat('2040-05-31', 'oud')])
      .execute();
    let handBacks = 0;
    const keep = retention({ messageRetentionDays: 90, batch: 3 });
    const counting: JobHandler<{ day: string }> = {
      ...keep,
      run: async (payload, ctx) => {
        const outcome = await keep.run(payload, ctx);
        if (outcome) handBacks++;
        return outcome;
      },
    };
    const runners = [0, 1].map(
      () => new JobRunner({ db, dialect, registry: { retention: counting }, pollMs: 60_000, leaseMs: 60_000, retryDelaysMs: [], log: silent, now: () => now }),
    );
    await Promise.all(runners.map((r) => r.runOnce()));
    expect(handBacks).toBe(0);
    const left = (await db.selectFrom('outbox').select('recipient').orderBy('recipient').execute()).map((r) => r.recipient);
    expect(left).toEqual(['old-failed@example.com', 'old-held@example.com', 'old-pending@example.com', 'recent-sent@example.com', 'resent@example.com']);
    const stats = await db.selectFrom('search_stats').select(['day', 'query']).orderBy('day').execute();
    expect(stats).toEqual([
      { day: '2039-06-02', query: 'oud' },
      { day: '2040-05-31', query: 'oud' },
    ]);
    expect(await listJobs(db, 'retention')).toMatchObject([{ status: 'done', uniqueKey: `retention:${day}` }]);
  });

  it('hands back past its deadline and finishes in a later run', async () => {
    for (let i = 0; i < 7; i++) await message(`later-${i}@example.com`, 'sent', 100);
    let clock = now.getTime() + DAY;
    // Each read of the clock moves it on a second: with a 2 s lease the handler is past its deadline after a batch.
    const runner = new JobRunner({
      db,
      dialect,
      registry: { retention: retention({ messageRetentionDays: 90, batch: 3 }) },
      pollMs: 60_000,
      leaseMs: 2_000,
      retryDelaysMs: [],
      log: silent,
      now: () => new Date((clock += 1_000)),
    });
    expect(await runner.runDueJob()).toBe(false);
    await runner.scheduleDaily();
    expect(await runner.runDueJob()).toBe(true);
    expect(await db.selectFrom('outbox').select('id').where('recipient', 'like', 'later-%').execute()).toHaveLength(4);
    const [job] = (await listJobs(db, 'retention')).filter((j) => j.status === 'pending');
    expect(job).toMatchObject({ attempts: 0 });
    while (await runner.runDueJob());
    expect(await db.selectFrom('outbox').select('id').where('recipient', 'like', 'later-%').execute()).toHaveLength(0);
    expect((await listJobs(db, 'retention')).map((j) => j.status)).toEqual(['done', 'done']);
  });
});

describe.each(testDatabases)('migration 018 on $name', ({ name }) => {
  it('writes the day the old setting says was sent as a done low-stock job', async () => {
    const built = await buildTestApp(name);
    try {
      await built.app.shop.outbox.stop();
      const { db } = built.db;
      // Back to before migration 018, on a morning whose list went out through the old setting.
      await db.schema.dropTable('jobs').execute();
      await sql`delete from kysely_migration where name = '018-jobs'`.execute(db);
      await claimDay(db, 'low_stock_list_day', '2040-07-01');
      expect(await migrateToLatest(built.db, { allowUnordered: true })).toEqual(['018-jobs']);
      expect(await listJobs(db, 'low_stock_report')).toMatchObject([
        { status: 'done', uniqueKey: 'low_stock_report:2040-07-01', payload: { day: '2040-07-01' } },
      ]);
    } finally {
      await built.close();
    }
  });
});

describe('MESSAGE_RETENTION_DAYS', () => {
  it('defaults to 90 days, reads a number of days, and stops the start on anything else', () => {
    expect(loadConfig({}).messageRetentionDays).toBe(90);
    expect(loadConfig({ MESSAGE_RETENTION_DAYS: '30' }).messageRetentionDays).toBe(30);
    expect(() => loadConfig({ MESSAGE_RETENTION_DAYS: 'soon' })).toThrow('Configuration: MESSAGE_RETENTION_DAYS is "soon", expected a whole number of days');
    expect(() => loadConfig({ MESSAGE_RETENTION_DAYS: '0' })).toThrow('MESSAGE_RETENTION_DAYS');
  });
});

describe.runIf(testDatabases.some((d) => d.name === 'postgres'))('daily jobs with two shop processes over PostgreSQL', () => {
  it('runs a day’s job once', async () => {
    const first = await buildTestApp('postgres');
    const second = await buildApp({ ...first.app.shop.config });
    try {
      await first.app.ready();
      await second.app.ready();
      await first.app.shop.outbox.stop();
      await second.app.shop.outbox.stop();
      const day = '2040-03-01';
      const at = () => new Date(shopDayStart(day).getTime() + 12 * 3_600_000);
      const ran: string[] = [];
      const daily = (who: string): JobHandler<{ day: string }> => ({
        daily: { hour: 8 },
        run: async () => {
          ran.push(who);
          await new Promise((r) => setTimeout(r, 200));
        },
      });
      const runners = [
        new JobRunner({
          db: first.db.db,
          dialect: 'postgres',
          registry: { daily: daily('first') },
          pollMs: 60_000,
          leaseMs: 60_000,
          retryDelaysMs: [],
          log: silent,
          now: at,
        }),
        new JobRunner({
          db: second.app.shop.db,
          dialect: 'postgres',
          registry: { daily: daily('second') },
          pollMs: 60_000,
          leaseMs: 60_000,
          retryDelaysMs: [],
          log: silent,
          now: at,
        }),
      ];
      await Promise.all([...runners, ...runners].map((r) => r.runOnce()));
      expect(ran).toHaveLength(1);
      expect(await listJobs(first.db.db, 'daily')).toMatchObject([{ status: 'done', uniqueKey: `daily:${day}` }]);
    } finally {
      await second.app.close();
      await first.close();
    }
  }, 60_000);
});
