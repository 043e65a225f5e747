import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { buildTestApp, lastMessageTo, linkToken, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { renderMessage } from '../messages/render.js';
import { mailShop } from '../jobs/send-message.js';
import { JobRunner } from '../jobs/runner.js';
import { stockReturned } from '../jobs/stock-returned.js';
import { listJobs } from '../repositories/job-repository.js';
import { MAX_PENDING_STOCK_ALERTS } from '../../shared/domain/stock-alerts.js';
import { stockReturnedKind } from './stock-alert-restocks.js';
import { unsubscribePath } from './stock-alerts.js';
import { inTransaction, systemContext } from './use-case.js';

const silent = pino({ level: 'silent' });

/** Products of the demo catalogue: one without options, one with at least two. */
async function pickProducts(app: FastifyInstance) {
  const db = app.shop.db;
  const plain = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.visible', '=', 1)
    .where('p.deleted_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id'))))
    .orderBy('p.id')
    .limit(4)
    .execute();
  const withOptions = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('p.visible', '=', 1)
    .where('p.deleted_at', 'is', null)
    .groupBy('v.product_id')
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('v.product_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const variants = await db.selectFrom('product_variants').select('id').where('product_id', '=', withOptions.product_id).orderBy('id').execute();
  return { plain: plain.map((p) => p.id), optioned: withOptions.product_id, variants: variants.map((v) => v.id) };
}

/** Moves stock the way every write path does: in a use case's transaction that declares it. */
async function setStock(app: FastifyInstance, productId: number, variantId: number | null, stock: number): Promise<void> {
  await inTransaction(systemContext(app.shop, silent), async (tx) => {
    if (variantId === null) await tx.trx.updateTable('products').set({ stock }).where('id', '=', productId).execute();
    else await tx.trx.updateTable('product_variants').set({ stock }).where('id', '=', variantId).execute();
    tx.after.stockChanged([productId]);
  });
}

/** A job runner of this process for the back-in-stock job alone, run by the test when it chooses. */
function stockAlertRunner(app: FastifyInstance): JobRunner {
  return new JobRunner({
    db: app.shop.db,
    dialect: app.shop.dialect,
    registry: { [stockReturnedKind]: stockReturned({ shop: () => app.shop }) },
    pollMs: 600_000,
    leaseMs: 60_000,
    retryDelaysMs: [1_000],
    log: silent,
  });
}

/** The back-in-stock e-mails written to an address. */
async function backInStockTo(app: FastifyInstance, email: string) {
  const rows = await app.shop.db.selectFrom('outbox').select('payload').where('kind', '=', 'back_in_stock').where('recipient', '=', email).execute();
  return rows.map((r) => JSON.parse(r.payload) as { product: string; options: string | null; productLink: string; unsubscribeLink: string; language: string });
}

describe.each(testDatabases)('back-in-stock alerts on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let ip = 0;
  let products: Awaited<ReturnType<typeof pickProducts>>;
  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.46.${name === 'sqlite' ? 1 : 2}.${++ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });
  const ask = (body: object, lng = 'en') => call({ method: 'POST', url: '/api/stock-alerts', headers: { 'accept-language': lng }, payload: body });
  const confirm = async (email: string) => {
    const token = linkToken(await lastMessageTo(app, 'stock_alert_confirm', email));
    return call({ method: 'POST', url: '/api/stock-alerts/confirm', payload: { token } });
  };
  /** Runs the jobs a restock wrote, here and now (the app's own runner is stopped); their e-mails wait in the outbox. */
  const runJobs = async () => {
    const runner = stockAlertRunner(app);
    while (await runner.runDueJob());
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    await app.ready();
    // The test runs the jobs itself, so it knows when they ran.
    await app.shop.outbox.stop();
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    products = await pickProducts(app);
  });
  afterAll(async () => close?.());

  it('subscribe, confirm, restock by the admin: one e-mail per confirmed subscriber, in their language, and only once', async () => {
    const id = products.plain[0]!;
    await setStock(app, id, null, 0);
    for (const [email, lng] of [
      ['amira@example.com', 'ar'],
      ['lea@example.com', 'fr'],
      ['quiet@example.com', 'en'],
      ['leaver@example.com', 'de'],
    ] as const)
      expect((await ask({ productId: id, variantId: null, email }, lng)).statusCode).toBe(202);
    // Asking again while unconfirmed sends a new link; the address still has one alert.
    expect((await ask({ productId: id, variantId: null, email: 'Amira@Example.com ' }, 'ar')).statusCode).toBe(202);
    const confirmMail = await lastMessageTo(app, 'stock_alert_confirm', 'amira@example.com');
    expect(confirmMail).toMatchObject({ language: 'ar', options: null });
    for (const email of ['amira@example.com', 'lea@example.com', 'leaver@example.com']) {
      const res = await confirm(email);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().product.id).toBe(id);
    }
    // The same link twice answers the same.
    expect((await confirm('lea@example.com')).statusCode).toBe(200);
    // 'quiet' never confirms; 'leaver' unsubscribes before the restock.
    // The merchant's list says who waits, and sorts what to restock first.
    const waiting = await call({ method: 'GET', url: '/api/admin/products?sort=waiting&pageSize=5' });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().items[0]).toMatchObject({ id, waiting: 3, stock: 0 });

    // Restocked through the admin's bulk edit: the change itself writes the job.
    const bulk = await call({ method: 'POST', url: '/api/admin/products/bulk', payload: { selection: { ids: [id] }, change: { stock: 7 }, expectedCount: 1 } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const leaverId = (await app.shop.db.selectFrom('stock_alerts').select('id').where('email', '=', 'leaver@example.com').executeTakeFirstOrThrow()).id;
    // The unsubscribe comes after the restock's commit and before its job runs: it still stops the e-mail.
    const unsub = await call({ method: 'POST', url: `/api${unsubscribePath(app.shop.secret, leaverId)}`, payload: {} });
    expect(unsub.statusCode, unsub.body).toBe(200);
    await runJobs();

    const amira = await backInStockTo(app, 'amira@example.com');
    expect(amira).toHaveLength(1);
    expect(amira[0]).toMatchObject({ language: 'ar', productLink: `/product/${id}` });
    expect(await backInStockTo(app, 'lea@example.com')).toHaveLength(1);
    expect(await backInStockTo(app, 'quiet@example.com')).toHaveLength(0);
    expect(await backInStockTo(app, 'leaver@example.com')).toHaveLength(0);

    // The e-mail: Arabic, right to left, with the product's link and a one-click unsubscribe (also as a header).
    const settings = await app.shop.settings.current();
    const mail = renderMessage(
      { ...amira[0]!, kind: 'back_in_stock', to: 'amira@example.com', origin: 'https://nasma.test' } as never,
      mailShop(settings),
      app.shop.labels,
    );
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(`https://nasma.test/product/${id}`);
    expect(mail.unsubscribe).toMatch(/^https:\/\/nasma\.test\/api\/stock-alerts\/unsubscribe\?id=\d+&sig=/);
    expect(mail.subject).toContain('متوفر من جديد');

    // More stock, and the job again: nobody is told twice.
    await setStock(app, id, null, 9);
    await runJobs();
    expect(await backInStockTo(app, 'amira@example.com')).toHaveLength(1);
    expect((await call({ method: 'GET', url: '/api/admin/products?sort=waiting&pageSize=5' })).json().items[0].waiting).toBe(0);

    // Sold out again: only who asks again is told at the next restock.
    await setStock(app, id, null, 0);
    expect((await ask({ productId: id, variantId: null, email: 'lea@example.com' }, 'fr')).statusCode).toBe(202);
    expect((await confirm('lea@example.com')).statusCode).toBe(200);
    await setStock(app, id, null, 3);
    await runJobs();
    expect(await backInStockTo(app, 'lea@example.com')).toHaveLength(2);
    expect(await backInStockTo(app, 'amira@example.com')).toHaveLength(1);
  });

  it('a sold-out option is waited for alone: the other option’s stock tells nobody, its own restock does', async () => {
    const id = products.optioned;
    const [soldOut, other] = products.variants as [number, number];
    await setStock(app, id, soldOut, 0);
    await setStock(app, id, other, 4);
    const inStock = await ask({ productId: id, variantId: other, email: 'opt@example.com' });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error.code).toBe('stock_alert_in_stock');
    // The product as a whole is in stock (an option is): no alert for it either.
    expect((await ask({ productId: id, variantId: null, email: 'opt@example.com' })).statusCode).toBe(409);
    expect((await ask({ productId: id, variantId: soldOut, email: 'opt@example.com' })).statusCode).toBe(202);
    expect((await confirm('opt@example.com')).statusCode).toBe(200);
    expect((await lastMessageTo(app, 'stock_alert_confirm', 'opt@example.com'))?.options).toBeTruthy();

    await setStock(app, id, other, 9);
    await runJobs();
    expect(await backInStockTo(app, 'opt@example.com')).toHaveLength(0);

    await setStock(app, id, soldOut, 2);
    await runJobs();
    const sent = await backInStockTo(app, 'opt@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.options).toBeTruthy();
  });

  it('confirmed after the item came back: told at once', async () => {
    const id = products.plain[1]!;
    await setStock(app, id, null, 0);
    expect((await ask({ productId: id, variantId: null, email: 'late@example.com' })).statusCode).toBe(202);
    await setStock(app, id, null, 5);
    await runJobs();
    expect(await backInStockTo(app, 'late@example.com')).toHaveLength(0);
    expect((await confirm('late@example.com')).statusCode).toBe(200);
    await runJobs();
    expect(await backInStockTo(app, 'late@example.com')).toHaveLength(1);
  });

  it('refuses what it cannot take, with codes the page translates', async () => {
    const id = products.plain[2]!;
    await setStock(app, id, null, 0);
    const bad = await ask({ productId: id, variantId: null, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe('email_invalid');
    expect((await ask({ productId: 999999, variantId: null, email: 'a@example.com' })).json().error.code).toBe('product_not_found');
    expect((await ask({ productId: id, variantId: products.variants[0], email: 'a@example.com' })).statusCode).toBe(404);
    const badLink = await call({ method: 'POST', url: '/api/stock-alerts/confirm', payload: { token: 'x'.repeat(43) } });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().error.code).toBe('link_invalid');
    const badSig = await call({ method: 'POST', url: `/api/stock-alerts/unsubscribe?id=1&sig=${'y'.repeat(43)}`, payload: {} });
    expect(badSig.json().error.code).toBe('link_invalid');

    // An address gets a few unconfirmed alerts at most.
    await setStock(app, products.optioned, null, 0);
    const items = [...products.plain.slice(0, 4), ...products.variants].slice(0, MAX_PENDING_STOCK_ALERTS + 1);
    for (const v of products.variants) await setStock(app, products.optioned, v, 0);
    for (const p of products.plain) await setStock(app, p, null, 0);
    const answers = [];
    for (const [i, item] of items.entries()) {
      const body = i < 4 ? { productId: item, variantId: null } : { productId: products.optioned, variantId: item };
      answers.push((await ask({ ...body, email: 'flood@example.com' })).statusCode);
    }
    expect(answers.slice(0, MAX_PENDING_STOCK_ALERTS)).toEqual(Array(MAX_PENDING_STOCK_ALERTS).fill(202));
    expect(answers[MAX_PENDING_STOCK_ALERTS]).toBe(429);
  });

  it('a mail client’s one-click unsubscribe (a form post to the List-Unsubscribe address) stops the alert', async () => {
    const id = products.plain[3]!;
    await setStock(app, id, null, 0);
    expect((await ask({ productId: id, variantId: null, email: 'oneclick@example.com' })).statusCode).toBe(202);
    expect((await confirm('oneclick@example.com')).statusCode).toBe(200);
    const alertId = (await app.shop.db.selectFrom('stock_alerts').select('id').where('email', '=', 'oneclick@example.com').executeTakeFirstOrThrow()).id;
    const res = await app.inject({
      method: 'POST',
      url: `/api${unsubscribePath(app.shop.secret, alertId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    await setStock(app, id, null, 2);
    await runJobs();
    expect(await backInStockTo(app, 'oneclick@example.com')).toHaveLength(0);
  });
});

describe.each(testDatabases)('back-in-stock alerts with two shop processes on $name', ({ name }) => {
  it('two processes running the restock’s jobs at once send each subscriber one e-mail', async () => {
    const built = await buildTestApp(name);
    const { app } = built;
    try {
      await app.ready();
      await app.shop.outbox.stop();
      const { plain } = await pickProducts(app);
      const id = plain[0]!;
      await setStock(app, id, null, 0);
      const emails = Array.from({ length: 30 }, (_, i) => `race${i}@example.com`);
      for (const [i, email] of emails.entries()) {
        const asked = await app.inject({
          method: 'POST',
          url: '/api/stock-alerts',
          remoteAddress: `10.47.${i}.1`,
          payload: { productId: id, variantId: null, email },
        });
        expect(asked.statusCode).toBe(202);
        const token = linkToken(await lastMessageTo(app, 'stock_alert_confirm', email));
        expect((await app.inject({ method: 'POST', url: '/api/stock-alerts/confirm', payload: { token } })).statusCode).toBe(200);
      }
      // Two writes each find the product back and waited for: two jobs, one per process below.
      await setStock(app, id, null, 5);
      await setStock(app, id, null, 6);
      expect((await listJobs(app.shop.db, stockReturnedKind)).filter((j) => j.status === 'pending')).toHaveLength(2);

      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./test-stock-alert-child.ts', import.meta.url))], {
        env: {
          ...process.env,
          DATABASE_URL: app.shop.config.databaseUrl,
          PG_SCHEMA: app.shop.config.pgSchema ?? '',
          SHOP_SECRET: app.shop.secret,
          LOG_LEVEL: 'silent',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let said = '';
      child.stdout.on('data', (d: Buffer) => (said += d.toString()));
      child.stderr.on('data', (d: Buffer) => (said += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const end = Date.now() + 30_000;
      while (!said.includes('ready')) {
        if (Date.now() > end || child.exitCode !== null) {
          child.kill('SIGKILL');
          throw new Error(`the child did not start; it said: ${said}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      const runner = stockAlertRunner(app);
      child.stdin.write('go\n');
      while (await runner.runDueJob());
      expect(await exited, said).toBe(0);

      const sent = await app.shop.db.selectFrom('outbox').select('recipient').where('kind', '=', 'back_in_stock').execute();
      expect(sent.map((s) => s.recipient).sort()).toEqual([...emails].sort());
      expect((await listJobs(app.shop.db, stockReturnedKind)).map((j) => j.status)).toEqual(['done', 'done']);
    } finally {
      await built.close();
    }
  }, 60_000);
});
