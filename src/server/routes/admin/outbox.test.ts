import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import {
  buildTestApp,
  registerThroughEmail,
  sessionCookie,
  startMailServer,
  testAdmin,
  testCustomer,
  testDatabases,
  type TestMailServer,
} from '../../test-support.js';
import type { Database } from '../../db/schema.js';
import { enqueueMessage, findOutboxMessage } from '../../repositories/outbox-repository.js';
import { orderToken } from '../../use-cases/checkout.js';
import type { ProductList } from '../../../shared/schemas/product.js';
import type { AdminSettings } from '../../../shared/schemas/settings.js';
import type { OutboxList, OutboxPreview } from '../../../shared/schemas/outbox.js';

const merchant = 'orders@nasma.test';
let seq = 0;
const freshIp = () => `10.16.${Math.floor(++seq / 250)}.${seq % 250}`;

/** Waits until `check` holds (polling), or fails after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 10_000, what = 'a condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabases)('admin outbox API on $name', ({ name }) => {
  let mail: TestMailServer;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let cookie = '';
  let orderNumber = '';
  const ids = { received: 0, merchant: 0, reset: 0, failed: 0 };
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const list = async (query = '') => {
    const res = await call({ method: 'GET', url: `/api/admin/outbox${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OutboxList>();
  };
  const statusOf = async (id: number) => (await findOutboxMessage(db, id))?.status;
  const idOf = async (kind: string, to: string) =>
    Number(
      (await db.selectFrom('outbox').select('id').where('kind', '=', kind).where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
    );

  beforeAll(async () => {
    mail = await startMailServer();
    // No retries: a refused send is failed at once.
    const built = await buildTestApp(name, {
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      smtpUrl: mail.url,
      outboxPollMs: 50,
      outboxRetryDelaysMs: [],
    });
    app = built.app;
    db = built.db.db;
    close = built.close;
    await app.ready();
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    const settings = (await call({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    expect((await call({ method: 'PUT', url: '/api/admin/settings', payload: { ...settings, notificationEmail: merchant } })).statusCode).toBe(200);

    // An order: the shopper's "order received" and the merchant's "new order", both sent.
    const products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    const p = products.find((x) => x.variants.length === 0 && x.stock >= 5)!;
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      payload: {
        ...testCustomer,
        email: 'mona@example.com',
        lines: [{ productId: p.id, quantity: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderNumber = placed.json().order.number;
    ids.received = await idOf('order_received', 'mona@example.com');
    ids.merchant = await idOf('merchant_new_order', merchant);

    // A password reset, sent: its link is blanked in the stored payload.
    await enqueueMessage(db, {
      kind: 'password_reset',
      to: 'reset@example.com',
      language: 'en',
      origin: 'http://localhost',
      name: 'R',
      link: '/reset-password?token=s3cret',
    });
    app.shop.outbox.wake();
    ids.reset = await idOf('password_reset', 'reset@example.com');
    for (const id of [ids.received, ids.merchant, ids.reset]) await until(async () => (await statusOf(id)) === 'sent', 10_000, `message ${id} sent`);

    // A message the server refuses: failed at once.
    mail.failNext(1);
    await enqueueMessage(db, { kind: 'sign_up_taken', to: 'fail@example.com', language: 'ar', origin: 'http://localhost', name: 'F' });
    app.shop.outbox.wake();
    ids.failed = await idOf('sign_up_taken', 'fail@example.com');
    await until(async () => (await statusOf(ids.failed)) === 'failed', 10_000, 'failed');
  });
  afterAll(async () => {
    await close?.();
    await mail?.close();
  });

  it('is for the admin only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/admin/outbox/${ids.received}/preview` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/outbox/${ids.failed}/resend` })).statusCode).toBe(401);
    const shopper = await registerThroughEmail(
      app,
      { remoteAddress: freshIp() },
      { name: 'Salma Fathy', email: 'salma@example.com', password: 'jasmine-garden-42' },
    );
    expect(shopper.statusCode, shopper.body).toBe(201);
    const customer = { cookie: sessionCookie(shopper) };
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/admin/outbox/${ids.received}/preview`, headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/outbox/${ids.failed}/resend`, headers: customer })).statusCode).toBe(403);
    expect(await statusOf(ids.failed)).toBe('failed');
  });

  it('lists newest first with the counts per status and whether the shop sends', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 25, totalExact: true, sending: true });
    const rows = await db.selectFrom('outbox').select('id').execute();
    expect(page.total).toBe(rows.length);
    const stamps = page.items.map((i) => i.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(page.counts.failed).toBe(1);
    expect(page.counts.sent).toBeGreaterThanOrEqual(3);
    expect(page.counts.pending + page.counts.sent + page.counts.failed + page.counts.held).toBe(page.total);
    expect(page.countsExact).toEqual({ pending: true, sent: true, failed: true, held: true });
    const failed = page.items.find((i) => i.id === ids.failed)!;
    expect(failed).toMatchObject({ kind: 'sign_up_taken', recipient: 'fail@example.com', language: 'ar', status: 'failed', attempts: 1, resendable: true });
    expect(failed.lastError).toMatch(/451|busy/i);
    // What "send again" would take: not a sent secret link; a sent order message, yes.
    expect(page.items.find((i) => i.id === ids.reset)).toMatchObject({ status: 'sent', resendable: false });
    expect(page.items.find((i) => i.id === ids.received)).toMatchObject({ status: 'sent', resendable: true, sentAt: expect.any(String) });
    // The list carries no payload (and so no link).
    expect(page.items[0]).not.toHaveProperty('message');
    expect(page.items[0]).not.toHaveProperty('payload');
  });

  it('filters by status and kind, and pages', async () => {
    const failed = await list('?status=failed');
    expect(failed.items.map((i) => i.id)).toEqual([ids.failed]);
    expect(failed.total).toBe(1);
    const merchantOnes = await list('?kind=merchant_new_order');
    expect(merchantOnes.items.map((i) => i.id)).toEqual([ids.merchant]);
    expect((await list('?kind=password_reset&status=failed')).items).toEqual([]);
    const all = await list();
    const second = await list('?page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total, totalExact: true });
    expect(second.items.map((i) => i.id)).toEqual([all.items[1]!.id]);
    for (const bad of ['?status=lost', '?kind=spam', '?pageSize=101', '?page=0', '?colour=red'])
      expect((await call({ method: 'GET', url: `/api/admin/outbox${bad}` })).statusCode, bad).toBe(400);
  });

  it('previews a message as sent: the order link carries its token; answers are not stored', async () => {
    const res = await call({ method: 'GET', url: `/api/admin/outbox/${ids.received}/preview` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const preview = res.json<OutboxPreview>();
    expect(preview).toMatchObject({
      id: ids.received,
      kind: 'order_received',
      status: 'sent',
      recipient: 'mona@example.com',
      language: 'en',
      linkRemoved: false,
    });
    expect(preview.subject).toEqual(expect.any(String));
    expect(preview.subject.length).toBeGreaterThan(0);
    const link = `/order/${orderNumber}?token=${orderToken(app.shop.secret, orderNumber)}`;
    expect(preview.html).toContain(link);
    expect(preview.html).toMatch(/<html[^>]*lang="en"/);
    expect(preview.text).toContain(orderNumber);
    // The outbox itself still holds the page without its token.
    expect(JSON.stringify(await findOutboxMessage(db, ids.received))).not.toContain('token=');
  });

  it('previews a sent password reset with its link plainly removed', async () => {
    const res = await call({ method: 'GET', url: `/api/admin/outbox/${ids.reset}/preview` });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<OutboxPreview>();
    expect(preview).toMatchObject({ kind: 'password_reset', status: 'sent', linkRemoved: true });
    expect(res.body).not.toContain('s3cret');
    const unknown = await call({ method: 'GET', url: '/api/admin/outbox/999999/preview' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('outbox_message_not_found');
  });

  it('sends a failed message again: pending at once, then delivered', async () => {
    const res = await call({ method: 'POST', url: `/api/admin/outbox/${ids.failed}/resend` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, status: 'pending' });
    const [mailed] = await mail.waitFor(1, { where: (m) => m.to.includes('fail@example.com') });
    expect(mailed).toBeDefined();
    await until(async () => (await statusOf(ids.failed)) === 'sent', 10_000, 'sent again');
    expect(await findOutboxMessage(db, ids.failed)).toMatchObject({ attempts: 0, lastError: null });
    expect((await list('?status=failed')).total).toBe(0);
  });

  it('refuses a pending message and a sent secret link; 404 for an unknown one', async () => {
    // The sender stopped, a new message stays pending: "send again" would queue it twice.
    await app.shop.outbox.stop();
    try {
      await enqueueMessage(db, { kind: 'sign_up_taken', to: 'later@example.com', language: 'en', origin: 'http://localhost', name: 'L' });
      const pending = await call({ method: 'POST', url: `/api/admin/outbox/${await idOf('sign_up_taken', 'later@example.com')}/resend` });
      expect(pending.statusCode).toBe(409);
      expect(pending.json().error.code).toBe('message_not_resendable');
    } finally {
      app.shop.outbox.start();
    }
    const secret = await call({ method: 'POST', url: `/api/admin/outbox/${ids.reset}/resend` });
    expect(secret.statusCode).toBe(409);
    expect(secret.json().error.code).toBe('message_not_resendable');
    const unknown = await call({ method: 'POST', url: '/api/admin/outbox/999999/resend' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('outbox_message_not_found');
    // A sent order message may go again.
    const again = await call({ method: 'POST', url: `/api/admin/outbox/${ids.merchant}/resend` });
    expect(again.statusCode, again.body).toBe(200);
    await until(async () => (await statusOf(ids.merchant)) === 'sent', 10_000, 'merchant sent again');
    expect(mail.to(merchant).length).toBeGreaterThanOrEqual(2);
  });
});

describe('admin outbox API without an SMTP server', () => {
  it('says the shop holds its messages', async () => {
    const built = await buildTestApp('sqlite', { adminEmail: testAdmin.email, adminPassword: testAdmin.password, smtpUrl: undefined, outboxPollMs: 50 });
    try {
      await built.app.ready();
      const cookie = sessionCookie(await built.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshIp(), payload: testAdmin }));
      await enqueueMessage(built.db.db, { kind: 'sign_up_taken', to: 'held@example.com', language: 'en', origin: 'http://localhost', name: 'H' });
      built.app.shop.outbox.wake();
      const get = async () => (await built.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).json<OutboxList>();
      // Its own message: the shop's daily low-stock list to the first owner may be held beside it.
      const mine = async () => (await get()).items.find((item) => item.recipient === 'held@example.com');
      await until(async () => (await mine())?.status === 'held', 5_000, 'held');
      const page = await get();
      expect(page.sending).toBe(false);
      expect(page.counts.held).toBeGreaterThanOrEqual(1);
      expect(await mine()).toMatchObject({ recipient: 'held@example.com', status: 'held', resendable: true });
    } finally {
      await built.close();
    }
  });
});
