import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { buildTestApp, testDatabases } from '../test-support.js';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { defaultRetryDelaysMs } from '../config.js';
import {
  claimDueMessages,
  enqueueMessage,
  findOutboxMessage,
  listOutbox,
  markAttemptFailed,
  markHeld,
  markSent,
  releaseClaim,
  resendMessage,
} from './outbox-repository.js';

const MINUTE = 60_000;

describe.each(testDatabases)('outbox repository on $name', ({ name }) => {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let close: () => Promise<void>;
  // A clock of the test's own, far ahead of the app's sender (which is stopped anyway).
  let now = new Date('2040-01-01T10:00:00.000Z');
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const claim = (leaseMs = 2 * MINUTE, limit = 10) => claimDueMessages(db, dialect, { now, limit, leaseMs });
  const enqueue = (to: string) => enqueueMessage(db, { kind: 'sign_up_taken', to, language: 'ar', origin: 'https://nasma.example', name: 'Nour' }, now);

  beforeAll(async () => {
    const built = await buildTestApp(name);
    await built.app.shop.outbox.stop();
    db = built.db.db;
    dialect = built.db.dialect;
    close = built.close;
  });
  afterAll(async () => close?.());

  it('claims due messages once under a lease, and again only after the lease ran out', async () => {
    await enqueue('a@example.com');
    await enqueueMessage(db, { kind: 'sign_up_taken', to: 'later@example.com', language: 'en', origin: 'x', name: 'L' }, new Date(now.getTime() + 10 * MINUTE));
    const first = await claim();
    expect(first.map((m) => m.recipient)).toEqual(['a@example.com']);
    expect(first[0]).toMatchObject({ status: 'pending', attempts: 0, language: 'ar', lockedUntil: new Date(now.getTime() + 2 * MINUTE).toISOString() });
    expect(first[0]!.message).toEqual({ kind: 'sign_up_taken', to: 'a@example.com', language: 'ar', origin: 'https://nasma.example', name: 'Nour' });
    expect(await claim()).toEqual([]);
    later(2 * MINUTE + 1);
    const again = await claim();
    expect(again.map((m) => m.id)).toEqual([first[0]!.id]);
    // The first claim ran out: marking through it changes nothing; the live claim marks it.
    expect(await markSent(db, first[0]!, now)).toBe(false);
    expect(await markSent(db, again[0]!, now)).toBe(true);
    expect(await findOutboxMessage(db, first[0]!.id)).toMatchObject({ status: 'sent', lockedUntil: null, sentAt: now.toISOString() });
    // A released claim is due again at once.
    later(10 * MINUTE);
    const [due] = await claim();
    expect(due?.recipient).toBe('later@example.com');
    await releaseClaim(db, due!);
    const [retaken] = await claim();
    expect(retaken?.id).toBe(due!.id);
    expect(await markSent(db, retaken!, now)).toBe(true);
  });

  it('waits 30 s, 2 min, 10 min, 1 h, 6 h between attempts, then marks the message failed', async () => {
    later(24 * 60 * MINUTE);
    await enqueue('retry@example.com');
    const waits: number[] = [];
    let status: string | undefined;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const [m] = await claim();
      expect(m?.recipient).toBe('retry@example.com');
      expect(m?.attempts).toBe(attempt - 1);
      status = await markAttemptFailed(db, m!, `451 busy ${'x'.repeat(600)}`, { now });
      const stored = await findOutboxMessage(db, m!.id);
      expect(stored!.lastError).toHaveLength(500);
      if (status === 'pending') {
        waits.push(Date.parse(stored!.nextAttemptAt) - now.getTime());
        // Not due a moment before its time.
        later(waits.at(-1)! - 1);
        expect(await claim()).toEqual([]);
        later(1);
      }
    }
    expect(waits).toEqual([...defaultRetryDelaysMs]);
    expect(status).toBe('failed');
    const failed = (await listOutbox(db, { status: 'failed', page: 1, pageSize: 5 })).items;
    expect(failed.map((f) => [f.recipient, f.attempts])).toEqual([['retry@example.com', 6]]);
    // Send again: due now, attempts and error cleared.
    expect(await resendMessage(db, failed[0]!.id, now)).toBe('queued');
    expect(await findOutboxMessage(db, failed[0]!.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: now.toISOString() });
    const [m] = await claim();
    expect(await markHeld(db, m!)).toBe(true);
    expect((await findOutboxMessage(db, m!.id))?.status).toBe('held');
    expect(await resendMessage(db, m!.id, now)).toBe('queued');
  });

  it('lists newest first with the filtered total, a page at a time', async () => {
    const all = await listOutbox(db, { page: 1, pageSize: 100 });
    const page2 = await listOutbox(db, { page: 2, pageSize: 1 });
    expect(page2.total).toBe(all.total);
    expect(page2.items.map((i) => i.id)).toEqual([all.items[1]!.id]);
    expect(all.items.map((i) => i.id)).toEqual([...all.items.map((i) => i.id)].sort((a, b) => b - a));
    expect((await listOutbox(db, { kind: 'password_reset', page: 1, pageSize: 10 })).total).toBe(0);
  });
});
