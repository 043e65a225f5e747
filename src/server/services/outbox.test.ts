import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import {
  buildTestApp,
  type ReceivedMail,
  sessionCookie,
  startMailServer,
  testAdmin,
  testCustomer,
  testDatabases,
  type TestMailServer,
} from '../test-support.js';
import { buildApp } from '../app.js';
import type { Database, OutboxStatus } from '../db/schema.js';
import type { ProductList, ProductSummary } from '../../shared/schemas/product.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { formatPiastres } from '../../shared/domain/currency.js';
import { shopDayStart } from '../../shared/domain/shop-time.js';
import { claimDueMessages, countOutboxByStatus, enqueueMessage, findOutboxMessage, listOutbox, resendMessage } from '../repositories/outbox-repository.js';
import { OutboxSender } from './outbox-sender.js';
import { jobKinds } from '../jobs/registry.js';
import { LOW_STOCK_CHECK_MS } from '../jobs/low-stock-report.js';
import { listJobs } from '../repositories/job-repository.js';
import { orderToken } from '../use-cases/checkout.js';
import type { OutboxMessage } from '../messages/kinds.js';

const customer = testCustomer;
const merchant = 'orders@nasma.test';
let seq = 0;
const freshIp = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;
const silent = pino({ level: 'silent' });

/** Waits until `check` holds (polling), or fails after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 10_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const outboxRows = (db: Kysely<Database>) => db.selectFrom('outbox').selectAll().orderBy('id').execute();
const statusOf = async (db: Kysely<Database>, id: number) => (await findOutboxMessage(db, id))?.status;
const htmlOf = (mail: ReceivedMail) => String(mail.parsed.html || '');

describe.each(testDatabases)('outbox and e-mail on $name', ({ name }) => {
  let mail: TestMailServer;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let cookie = '';
  let products: ProductSummary[];
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const order = (body: Record<string, unknown>, headers: Record<string, string> = {}, asCookie = '') =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `outbox-${Date.now()}-${++seq}`,
        ...(asCookie ? { cookie: asCookie } : {}),
        ...headers,
      },
      payload: JSON.stringify(body),
    });
  const line = () => {
    const p = products.find((x) => x.variants.length === 0 && x.stock >= 5)!;
    return { productId: p.id, quantity: 1 };
  };
  const mailFor = (to: string, number: string) => mail.waitFor(1, { where: (m) => m.to.includes(to) && htmlOf(m).includes(number) });

  beforeAll(async () => {
    mail = await startMailServer();
    const built = await buildTestApp(name, {
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      smtpUrl: mail.url,
      mailFrom: 'Nasma <shop@nasma.test>',
      outboxPollMs: 100,
      outboxRetryDelaysMs: [100, 200],
    });
    app = built.app;
    db = built.db.db;
    close = built.close;
    await app.ready();
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    const settings = (await call({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    expect((await call({ method: 'PUT', url: '/api/admin/settings', payload: { ...settings, notificationEmail: merchant } })).statusCode).toBe(200);
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
  });
  afterAll(async () => {
    await close?.();
    await mail?.close();
  });

  it('e-mails the shopper the order in English, and the merchant the new order', async () => {
    const res = await order({ ...customer, email: 'mona@example.com', lines: [line()] }, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const { number } = res.json().order;
    const [received] = await mailFor('mona@example.com', number);
    expect(received!.from).toBe('shop@nasma.test');
    expect(htmlOf(received!)).toMatch(/<html[^>]*lang="en"/);
    expect(htmlOf(received!)).toContain('dir="ltr"');
    const [toMerchant] = await mailFor(merchant, number);
    expect(toMerchant!.to).toEqual([merchant]);
    // Both written with the order, both sent; the shopper's carries the order's private link.
    const rows = (await outboxRows(db)).filter((r) => r.payload.includes(number));
    expect(rows.map((r) => [r.kind, r.recipient, r.language])).toEqual([
      ['order_received', 'mona@example.com', 'en'],
      ['merchant_new_order', merchant, 'en'],
    ]);
    await until(async () => (await statusOf(db, Number(rows[1]!.id))) === 'sent', 5_000, 'sent');
    const stored = await findOutboxMessage(db, Number(rows[0]!.id));
    expect(stored).toMatchObject({ status: 'sent', attempts: 0, lastError: null, sentAt: expect.any(String) });
    const payload = stored!.message as Extract<OutboxMessage, { kind: 'order_received' }>;
    // The outbox keeps the order's page without its token; the mail has the token (decision 021).
    expect(payload.order.link).toBe(`/order/${number}`);
    expect(JSON.stringify(stored)).not.toContain('token=');
    expect(htmlOf(received!)).toContain(`/order/${number}?token=${orderToken(app.shop.secret, number)}`);
    expect(payload.origin).toMatch(/^http:\/\/localhost/);
    expect(payload.order.total).toBe(res.json().order.total);
  });

  it('the English order e-mail names the order in its subject and shows the total in EGP', async () => {
    const res = await order({ ...customer, email: 'mona.en@example.com', lines: [line()] }, { 'accept-language': 'en' });
    const { number, total } = res.json().order;
    const [received] = await mailFor('mona.en@example.com', number);
    expect(received!.parsed.subject).toContain(number);
    expect(htmlOf(received!)).toContain(formatPiastres(total, 'en'));
    expect(received!.parsed.text).toContain(number);
  });

  it('writes the order e-mail in Arabic (right to left) for an order placed in Arabic', async () => {
    const res = await order({ ...customer, email: 'salma@example.com', lines: [line()] }, { cookie: 'i18next=ar' });
    expect(res.statusCode, res.body).toBe(201);
    const { number } = res.json().order;
    const [received] = await mailFor('salma@example.com', number);
    expect(htmlOf(received!)).toMatch(/<html[^>]*lang="ar"/);
    expect(htmlOf(received!)).toContain('dir="rtl"');
    const row = (await outboxRows(db)).find((r) => r.kind === 'order_received' && r.payload.includes(number));
    expect(row?.language).toBe('ar');
  });

  it('the Arabic order e-mail names the order in its subject and shows the total in Arabic EGP', async () => {
    const res = await order({ ...customer, email: 'salma.ar@example.com', lines: [line()] }, { cookie: 'i18next=ar' });
    const { number, total } = res.json().order;
    const [received] = await mailFor('salma.ar@example.com', number);
    expect(received!.parsed.subject).toContain(number);
    expect(htmlOf(received!)).toContain('dir="rtl"');
    expect(htmlOf(received!)).toContain(formatPiastres(total, 'ar'));
    // The product as the Arabic storefront names it, not the name the order keeps.
    const arabic = (await app.inject({ method: 'GET', url: `/api/products/${line().productId}?lng=ar` })).json<{ name: string }>().name;
    expect(arabic).toMatch(/[\u0600-\u06ff]/);
    expect(received!.parsed.text).toContain(arabic);
  });

  it("writes to the signed-in account's e-mail when the checkout gave none", async () => {
    const res = await order({ ...customer, lines: [line()] }, {}, cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { number } = res.json().order;
    await mailFor(testAdmin.email, number);
  });

  it('writes nothing for a guest without an e-mail but the merchant’s, and nothing for a replayed checkout', async () => {
    const key = `outbox-replay-${Date.now()}`;
    const body = { ...customer, lines: [line()] };
    const first = await order(body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const number = first.json().order.number as string;
    const again = await order(body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    const rows = (await outboxRows(db)).filter((r) => r.payload.includes(number));
    expect(rows.map((r) => r.kind)).toEqual(['merchant_new_order']);
  });

  it('writes nothing when the checkout rolls back (stock shortage)', async () => {
    const before = (await outboxRows(db)).length;
    const scarce = products.find((p) => p.variants.length === 0 && p.stock > 0 && p.stock < 90)!;
    const res = await order({ ...customer, email: 'late@example.com', lines: [{ productId: scarce.id, quantity: scarce.stock + 1 }] });
    expect(res.statusCode, res.body).toBe(409);
    expect((await outboxRows(db)).length).toBe(before);
  });

  it('e-mails the customer when the order ships, with the tracking note, and keeps the note in the history', async () => {
    const placed = await order({ ...customer, email: 'hany@example.com', lines: [line()] }, { 'accept-language': 'en' });
    const { number } = placed.json().order;
    const id = Number(number.replace('NSM-', '')) - 100000;
    const status = (to: string, extra: Record<string, string> = {}) =>
      call({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status: to, ...extra } });
    expect((await status('confirmed')).statusCode).toBe(200);
    const tracking = 'Bosta, tracking 7741-2209';
    const shipped = await status('shipped', { trackingNote: tracking, note: 'Packed by Aya' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Received, confirmed, shipped.
    const mails = await mail.waitFor(3, { where: (m) => m.to.includes('hany@example.com') && htmlOf(m).includes(number) });
    const shippedMail = mails.find((m) => m.parsed.subject === `Your order ${number} is on its way`);
    expect(htmlOf(shippedMail!)).toContain(tracking);
    expect(shippedMail!.parsed.text).toContain(tracking);
    const rows = (await outboxRows(db)).filter((r) => r.kind === 'order_status' && r.payload.includes(number));
    expect(rows.map((r) => JSON.parse(r.payload) as { status: string; trackingNote: string | null }).map((p) => [p.status, p.trackingNote])).toEqual([
      ['confirmed', null],
      ['shipped', tracking],
    ]);
    const detail = (await call({ method: 'GET', url: `/api/admin/orders/${id}` })).json<{ history: Array<{ to: string; note: string | null }> }>();
    expect(detail.history.find((h) => h.to === 'shipped')?.note).toBe(`Packed by Aya\n${tracking}`);
    // A tracking note longer than 300 characters is refused.
    expect((await status('delivered', { trackingNote: 'x'.repeat(301) })).statusCode).toBe(400);
  });

  it('retries a failing SMTP server with growing delays, then marks the message failed; "send again" delivers it', async () => {
    const sender = app.shop.outbox;
    mail.failNext(3);
    await app.shop.db
      .transaction()
      .execute((trx) => enqueueMessage(trx, { kind: 'sign_up_taken', to: 'retry@example.com', language: 'en', origin: 'http://localhost', name: 'Retry' }));
    sender.wake();
    const row = (await outboxRows(db)).find((r) => r.recipient === 'retry@example.com')!;
    const id = Number(row.id);
    // Growing delays are the repository's (outbox-repository.test.ts); here they are 100 and 200 ms.
    await until(async () => (await statusOf(db, id)) === 'failed', 10_000, 'failed');
    const failed = await findOutboxMessage(db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: expect.stringMatching(/451|busy/i) });
    expect(mail.to('retry@example.com')).toHaveLength(0);
    expect(mail.refused).toBeGreaterThanOrEqual(3);
    // The admin's list shows it; "send again" puts it back and it leaves at once.
    const list = await listOutbox(db, { status: 'failed', page: 1, pageSize: 10 });
    expect(list.items.map((i) => i.id)).toContain(id);
    expect(await resendMessage(db, id)).toBe('queued');
    expect(await resendMessage(db, id)).toBe('not_resendable');
    sender.wake();
    await mail.waitFor(1, { where: (m) => m.to.includes('retry@example.com') });
    await until(async () => (await statusOf(db, id)) === 'sent', 5_000, 'sent');
    expect(await findOutboxMessage(db, id)).toMatchObject({ attempts: 0, lastError: null });
  });

  it('blanks a secret link once sent, and will not send it again', async () => {
    await enqueueMessage(db, {
      kind: 'password_reset',
      to: 'reset@example.com',
      language: 'en',
      origin: 'http://localhost',
      name: 'R',
      link: '/reset?token=s3cret-token',
    });
    app.shop.outbox.wake();
    const [received] = await mail.waitFor(1, { where: (m) => m.to.includes('reset@example.com') });
    expect(htmlOf(received!)).toContain('s3cret-token');
    const row = (await outboxRows(db)).find((r) => r.recipient === 'reset@example.com')!;
    await until(async () => (await statusOf(db, Number(row.id))) === 'sent', 5_000, 'sent');
    const stored = await findOutboxMessage(db, Number(row.id));
    expect(stored!.message).toMatchObject({ kind: 'password_reset', link: '' });
    expect(JSON.stringify(stored)).not.toContain('s3cret-token');
    expect(await resendMessage(db, Number(row.id))).toBe('not_resendable');
    expect(await resendMessage(db, 999_999)).toBe('not_found');
  });

  it('lists the outbox newest first with a total, filtered by status and kind', async () => {
    const all = await listOutbox(db, { page: 1, pageSize: 100 });
    expect(all.total).toBe((await outboxRows(db)).length);
    const stamps = all.items.map((i) => i.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const merchantOnes = await listOutbox(db, { kind: 'merchant_new_order', page: 1, pageSize: 2 });
    expect(merchantOnes.items.length).toBeLessThanOrEqual(2);
    expect(merchantOnes.items.every((i) => i.kind === 'merchant_new_order' && i.recipient === merchant)).toBe(true);
    expect(merchantOnes.total).toBeGreaterThanOrEqual(3);
    const counts = await countOutboxByStatus(db);
    expect(counts.sent + counts.pending + counts.failed + counts.held).toBe(all.total);
  });

  it('writes the daily low-stock list to the merchant once a Cairo day, whatever the number of runners', async () => {
    const day = '2031-03-10';
    const morning = new Date(shopDayStart(day).getTime() + 10 * 3_600_000);
    const night = new Date(shopDayStart(day).getTime() + 3 * 3_600_000);
    const runner = (at: Date, notificationEmail = merchant) =>
      new OutboxSender({
        db,
        dialect: app.shop.dialect,
        config: app.shop.config,
        settings: async () => ({ ...(await app.shop.settings.current()), notificationEmail }),
        labels: app.shop.labels,
        secret: app.shop.secret,
        log: silent,
        now: () => at,
        daily: true,
        // Only the list: a runner on the test's clock leaves the app's messages and retention alone.
        only: [jobKinds.lowStockReport],
      });
    const dayJobs = async (d: string) => (await listJobs(db, jobKinds.lowStockReport)).filter((j) => j.uniqueKey === `${jobKinds.lowStockReport}:${d}`);
    // (The app's own runner may have written today's list meanwhile: only the test's days are counted.)
    const lists = async (d: string) => (await outboxRows(db)).filter((r) => r.kind === 'low_stock_daily' && r.payload.includes(`"day":"${d}"`));
    // A variant and a product without options run low.
    const variantProduct = products.find((p) => p.variants.length > 0)!;
    await db.updateTable('product_variants').set({ stock: 2 }).where('product_id', '=', variantProduct.id).execute();
    // Before 08:00 in Cairo the day has no list yet.
    await runner(night).runOnce();
    expect(await dayJobs(day)).toEqual([]);
    // No notification e-mail: nothing is written, and the day's job looks again 10 minutes later.
    await runner(morning, '').runOnce();
    expect(await lists(day)).toHaveLength(0);
    expect(await dayJobs(day)).toMatchObject([{ status: 'pending', attempts: 0, runAt: new Date(morning.getTime() + LOW_STOCK_CHECK_MS).toISOString() }]);
    // Three runners at once: one list.
    const later = new Date(morning.getTime() + 15 * 60_000);
    await Promise.all([runner(later), runner(later), runner(later)].map((r) => r.runOnce()));
    expect(await dayJobs(day)).toMatchObject([{ status: 'done', attempts: 0 }]);
    expect(await lists(day)).toHaveLength(1);
    await runner(new Date(later.getTime() + 30 * 60_000)).runOnce();
    const written = await lists(day);
    expect(written).toHaveLength(1);
    const payload = JSON.parse(written[0]!.payload) as Extract<OutboxMessage, { kind: 'low_stock_daily' }>;
    expect(payload).toMatchObject({ to: merchant, day });
    const low = payload.items.filter((i) => i.productId === variantProduct.id);
    expect(low.length).toBe(variantProduct.variants.length);
    expect(low.every((i) => i.stock === 2 && i.options !== null)).toBe(true);
    expect(payload.items.every((i) => i.stock <= 5)).toBe(true);
    // The next day gets its own list.
    await runner(new Date(morning.getTime() + 86_400_000)).runOnce();
    expect(await lists('2031-03-11')).toHaveLength(1);
  });

  it('loses nothing when a sender is killed while sending: another sends it once its lease runs out', async () => {
    const leaseMs = 3_000;
    await app.shop.outbox.stop();
    try {
      mail.stall();
      await enqueueMessage(db, { kind: 'sign_up_taken', to: 'killed@example.com', language: 'en', origin: 'http://localhost', name: 'K' });
      const { config } = app.shop;
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./test-outbox-child.ts', import.meta.url))], {
        env: {
          ...process.env,
          DATABASE_URL: config.databaseUrl,
          PG_SCHEMA: config.pgSchema ?? '',
          SMTP_URL: mail.url,
          OUTBOX_LEASE_MS: String(leaseMs),
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      try {
        await mail.waitForStall(20_000);
      } catch (err) {
        child.kill('SIGKILL');
        throw new Error(`${(err as Error).message}; child said: ${stderr}`);
      }
      const row = (await outboxRows(db)).find((r) => r.recipient === 'killed@example.com')!;
      expect(row.locked_until).not.toBeNull();
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      mail.release();
      // While the dead sender's lease holds, nobody takes the message; once it has run out, one does.
      const sender = new OutboxSender({
        db,
        dialect: app.shop.dialect,
        // Without MAIL_FROM: the shop's name at no-reply@localhost.
        config: { ...config, outboxLeaseMs: leaseMs, mailFrom: undefined },
        settings: () => app.shop.settings.current(),
        labels: app.shop.labels,
        secret: app.shop.secret,
        log: silent,
      });
      expect(
        await claimDueMessages(db, app.shop.dialect, { now: new Date(), limit: 10, leaseMs: 1 }).then((c) =>
          c.filter((m) => m.recipient === 'killed@example.com'),
        ),
      ).toEqual([]);
      await until(async () => (await sender.sendDue()) > 0, leaseMs + 5_000, 'the lease to run out');
      await mail.waitFor(1, { where: (m) => m.to.includes('killed@example.com') });
      expect(await statusOf(db, Number(row.id))).toBe('sent');
      expect(mail.to('killed@example.com')).toHaveLength(1);
      expect(mail.to('killed@example.com')[0]!.parsed.from?.value).toEqual([{ name: 'Nasma', address: 'no-reply@localhost' }]);
    } finally {
      mail.release();
      app.shop.outbox.start();
    }
  }, 40_000);
});

describe('outbox without SMTP_URL', () => {
  it('keeps the shop working and holds the messages for the admin to see', async () => {
    const built = await buildTestApp('sqlite', { smtpUrl: undefined, outboxPollMs: 50 });
    try {
      await built.app.ready();
      const products = (await built.app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
      const p = products.find((x) => x.variants.length === 0 && x.stock >= 1)!;
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...customer, email: 'held@example.com', lines: [{ productId: p.id, quantity: 1 }] }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const db = built.db.db;
      // The shopper's confirmation and the first owner's new-order notice (issue 34), both held.
      await until(async () => (await countOutboxByStatus(db)).held === 2, 5_000, 'held');
      const { items, total } = await listOutbox(db, { status: 'held', kind: 'order_received', page: 1, pageSize: 10 });
      expect(total).toBe(1);
      expect(items[0]).toMatchObject({ kind: 'order_received', recipient: 'held@example.com', status: 'held' satisfies OutboxStatus, attempts: 0 });
      const preview = await findOutboxMessage(db, items[0]!.id);
      expect(preview!.message).toMatchObject({ kind: 'order_received', order: { number: res.json().order.number } });
      // "Send again" with still no server: it is held again, not lost.
      expect(await resendMessage(db, items[0]!.id)).toBe('queued');
      built.app.shop.outbox.wake();
      await until(async () => (await statusOf(db, items[0]!.id)) === 'held', 5_000, 'held again');
    } finally {
      await built.close();
    }
  });
});

describe.runIf(testDatabases.some((d) => d.name === 'postgres'))('outbox with two shop processes over PostgreSQL', () => {
  it('a claim skips the rows another claim holds, without waiting for it', async () => {
    const built = await buildTestApp('postgres');
    try {
      await built.app.shop.outbox.stop();
      const db = built.db.db;
      for (let i = 0; i < 6; i++)
        await enqueueMessage(db, { kind: 'sign_up_taken', to: `skip-${i}@example.com`, language: 'en', origin: 'http://localhost', name: 'S' });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let firstClaim: number[] = [];
      const claimed = new Promise<void>((resolve) => {
        void db.transaction().execute(async (trx) => {
          firstClaim = (await claimDueMessages(trx, 'postgres', { now: new Date(), limit: 3, leaseMs: 60_000 })).map((m) => m.id);
          resolve();
          // The first claim's transaction stays open: its rows stay locked.
          await held;
        });
      });
      await claimed;
      const started = Date.now();
      const second = (await claimDueMessages(db, 'postgres', { now: new Date(), limit: 10, leaseMs: 60_000 })).map((m) => m.id);
      expect(Date.now() - started).toBeLessThan(2_000);
      release();
      expect(firstClaim).toHaveLength(3);
      expect(second).toHaveLength(3);
      expect(second.filter((id) => firstClaim.includes(id))).toEqual([]);
    } finally {
      await built.close();
    }
  });

  it('sends each message exactly once', async () => {
    const mail = await startMailServer();
    const first = await buildTestApp('postgres', { smtpUrl: mail.url, outboxPollMs: 20 });
    const second = await buildApp({ ...first.app.shop.config });
    try {
      // Both senders stopped while the messages are written, then started together.
      await first.app.ready();
      await second.app.ready();
      await first.app.shop.outbox.stop();
      await second.app.shop.outbox.stop();
      const n = 60;
      await first.db.db.transaction().execute(async (trx) => {
        for (let i = 0; i < n; i++)
          await enqueueMessage(trx, { kind: 'sign_up_taken', to: `twice-${i}@example.com`, language: 'en', origin: 'http://localhost', name: `N${i}` });
      });
      first.app.shop.outbox.start();
      second.app.shop.outbox.start();
      await mail.waitFor(n, { timeoutMs: 20_000 });
      await until(async () => (await countOutboxByStatus(first.db.db)).sent === n, 10_000, 'all sent');
      // A moment more: a double send would show now.
      await new Promise((r) => setTimeout(r, 300));
      const recipients = mail.mails.map((m) => m.to[0]);
      expect(recipients).toHaveLength(n);
      expect(new Set(recipients).size).toBe(n);
      // Both processes took part: the claims really ran side by side.
      const counts = [first.app.shop.outbox.sentCount, second.app.shop.outbox.sentCount];
      expect(counts[0]! + counts[1]!).toBe(n);
      expect(Math.min(...counts)).toBeGreaterThan(0);
    } finally {
      await second.app.close();
      await first.close();
      await mail.close();
    }
  }, 60_000);
});
