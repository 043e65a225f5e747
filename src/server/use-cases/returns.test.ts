import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, withPhotos, lastMessageTo, registerThroughEmail, sessionCookie, testAdmin, testCustomer, testDatabases } from '../test-support.js';
import { testPhone } from '../../shared/domain/test-products.js';
import type { ProductList } from '../../shared/schemas/product.js';
import type { AdminReturn, AdminReturnList, OrderReturns, ShopperReturn } from '../../shared/schemas/returns.js';
import type { AdminOrder } from '../../shared/schemas/admin-order.js';
import { orderToken } from './checkout.js';

/**
 * Returns and exchanges through the shop's API on each database (issue 33): a guest asks through
 * the order's link within the window; the merchant approves or refuses, records the parcel (stock
 * back once, even for two receipts at once), refunds at most what the returned units were paid, or
 * sends the exchange as a linked order; each step is on the order's history and e-mails the shopper.
 */
describe.each(testDatabases)('returns on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin = '';
  let ip = 0;
  let orders = 0;
  let products: ProductList['items'] = [];
  let photo: Buffer;

  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.33.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie: '', ...opts.headers } });
  const asAdmin = (opts: InjectOptions) => call({ ...opts, headers: { cookie: admin, ...opts.headers } });
  const stockOf = async (id: number) => (await app.shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  /** A guest's cash order of these products (quantity 2 each) moved to delivered; its number, token, id and e-mail. */
  async function deliveredOrder(productIds: number[], deliver = true) {
    const email = `return-${name}-${++orders}@example.com`;
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `rt-${name}-${orders}-${Date.now()}` },
      payload: { ...testCustomer, email, phone: testPhone(7000 + orders), lines: productIds.map((productId) => ({ productId, quantity: 2 })) },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { number } = placed.json<{ order: { number: string } }>().order;
    const { id } = await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    if (deliver)
      for (const status of ['confirmed', 'shipped', 'delivered'])
        expect((await asAdmin({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status } })).statusCode).toBe(200);
    return { number, id, email, token: orderToken(app.shop.secret, number) };
  }

  const returnsOf = (number: string, token?: string) => call({ method: 'GET', url: `/api/orders/${number}/returns${token ? `?token=${token}` : ''}` });

  /** A return request as the order page sends it: multipart, `lines` as JSON, photos beside. */
  function ask(number: string, token: string | undefined, fields: Record<string, unknown>, photos: Buffer[] = []) {
    return call({ method: 'POST', url: `/api/orders/${number}/returns${token ? `?token=${token}` : ''}`, ...withPhotos(fields, photos) });
  }

  const lineIds = async (orderId: number) =>
    (await app.shop.db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).orderBy('id').execute()).map((l) => l.id);
  const returnId = async (number: string) => (await app.shop.db.selectFrom('returns').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const step = (id: number, what: string, payload?: object) =>
    asAdmin({ method: 'POST', url: `/api/admin/returns/${id}/${what}`, ...(payload ? { payload } : {}) });
  const detail = async (id: number) => (await asAdmin({ method: 'GET', url: `/api/admin/returns/${id}` })).json<AdminReturn>();

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    admin = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    products = (await call({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<ProductList>()
      .items.filter((p) => p.variants.length === 0 && p.stock >= 8);
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b8741a' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => close?.());

  it('a guest asks through the order link; approved, received with its stock back once, refunded in cash; e-mailed and on the history', async () => {
    const [p] = products;
    const order = await deliveredOrder([p!.id]);
    const [lineId] = await lineIds(order.id);
    const open = (await returnsOf(order.number, order.token)).json<OrderReturns>();
    expect(open).toMatchObject({ refusal: null, lines: [{ lineId, quantity: 2, returnable: 2 }], returns: [] });

    const asked = await ask(order.number, order.token, { kind: 'return', reason: 'damaged', note: 'The cap was cracked.', lines: [{ lineId, quantity: 1 }] }, [
      photo,
    ]);
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json<ShopperReturn>();
    expect(made).toMatchObject({ number: `R-${order.number}-1`, state: 'requested', kind: 'return', reason: 'damaged', lines: [{ lineId, quantity: 1 }] });
    expect(made.photos).toHaveLength(1);
    expect(await lastMessageTo(app, 'return_update', order.email)).toMatchObject({ step: 'requested', returnNumber: made.number, language: 'en' });
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>().lines[0]).toMatchObject({ returnable: 1 });

    const id = await returnId(made.number);
    const list = (await asAdmin({ method: 'GET', url: '/api/admin/returns?state=requested' })).json<AdminReturnList>();
    expect(list.items.find((r) => r.id === id)).toMatchObject({ orderNumber: order.number, units: 1, state: 'requested' });
    // Refunding is for a received return only.
    expect((await step(id, 'refund', { method: 'cash' })).json()).toMatchObject({ error: { code: 'return_state_conflict' } });

    expect((await step(id, 'approve', { note: 'Send it with the courier.' })).statusCode).toBe(200);
    expect(await lastMessageTo(app, 'return_update', order.email)).toMatchObject({ step: 'approved', note: 'Send it with the courier.' });
    expect((await step(id, 'approve', { note: '' })).statusCode).toBe(409);

    const before = await stockOf(p!.id);
    expect((await step(id, 'receive', { restock: [{ lineId, quantity: 2 }] })).json()).toMatchObject({ error: { fields: { restock: 'return_too_many' } } });
    expect((await step(id, 'receive', { restock: [{ lineId, quantity: 1 }] })).statusCode).toBe(200);
    expect(await stockOf(p!.id)).toBe(before + 1);
    expect((await step(id, 'receive', { restock: [{ lineId, quantity: 1 }] })).statusCode).toBe(409);
    expect(await stockOf(p!.id)).toBe(before + 1);

    const received = await detail(id);
    expect(received).toMatchObject({ state: 'received', refundDue: p!.price * (1 - p!.discount / 100), providerRefundable: false, lines: [{ restocked: 1 }] });
    // More than the returned unit was paid, or through a provider the order was not paid with: refused.
    expect((await step(id, 'refund', { method: 'cash', amount: received.refundDue + 1 })).json()).toMatchObject({
      error: { fields: { amount: 'refund_too_much' } },
    });
    expect((await step(id, 'refund', { method: 'provider' })).json()).toMatchObject({ error: { code: 'return_refund_method' } });
    expect((await step(id, 'refund', { method: 'cash' })).statusCode).toBe(200);
    expect(await lastMessageTo(app, 'return_update', order.email)).toMatchObject({ step: 'refunded', refund: { amount: received.refundDue, method: 'cash' } });
    expect((await step(id, 'refund', { method: 'cash' })).statusCode).toBe(409);

    const shopper = (await returnsOf(order.number, order.token)).json<OrderReturns>();
    expect(shopper.returns[0]).toMatchObject({
      state: 'refunded',
      refundAmount: received.refundDue,
      refundMethod: 'cash',
      decisionNote: 'Send it with the courier.',
    });
    const history = (await asAdmin({ method: 'GET', url: `/api/admin/orders/${order.id}` })).json<AdminOrder>().history.map((h) => h.note);
    expect(history).toEqual(expect.arrayContaining(['requested', 'approved', 'received', 'refunded'].map((s) => `return:${s}:${made.number}`)));
    const audit = await app.shop.db.selectFrom('audit_log').select('action').where('kind', '=', 'return').where('subject_id', '=', made.number).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['approved', 'received', 'refunded']);
  });

  it('refuses a wrong or missing link, units not in the order and units already asked back (two requests at once take them once)', async () => {
    const order = await deliveredOrder([products[1]!.id]);
    const [lineId] = await lineIds(order.id);
    expect((await returnsOf(order.number, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await returnsOf(order.number)).statusCode).toBe(404);
    expect((await ask(order.number, undefined, { kind: 'return', reason: 'other', lines: [{ lineId, quantity: 1 }] })).statusCode).toBe(404);
    expect((await ask(order.number, order.token, { kind: 'return', reason: 'other', lines: [{ lineId, quantity: 3 }] })).json()).toMatchObject({
      error: { code: 'return_too_many' },
    });
    expect((await ask(order.number, order.token, { kind: 'return', reason: 'other', lines: [] })).json()).toMatchObject({
      error: { code: 'validation', fields: { lines: 'return_lines_required' } },
    });
    expect((await ask(order.number, order.token, { kind: 'return', reason: 'other', lines: [{ lineId: lineId! + 999, quantity: 1 }] })).json()).toMatchObject({
      error: { code: 'return_line_unknown' },
    });
    // Two requests at once for both units each: one is made, the other finds them taken.
    const both = await Promise.all(
      [1, 2].map(() => ask(order.number, order.token, { kind: 'exchange', reason: 'wrong_item', lines: [{ lineId, quantity: 2 }] })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>().refusal).toBe('nothing_left');

    // A refused request gives its units back to ask again.
    const made = both.find((r) => r.statusCode === 201)!.json<ShopperReturn>();
    expect((await step(await returnId(made.number), 'refuse', { note: 'no' })).json()).toMatchObject({ error: { fields: { note: 'too_short' } } });
    expect((await step(await returnId(made.number), 'refuse', { note: 'The seal was opened.' })).statusCode).toBe(200);
    expect(await lastMessageTo(app, 'return_update', order.email)).toMatchObject({ step: 'refused', note: 'The seal was opened.' });
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>()).toMatchObject({ refusal: null, lines: [{ returnable: 2 }] });
  });

  it("lets the signed-in owner ask from their account's order, and nobody else without the link", async () => {
    const owner = sessionCookie(
      await registerThroughEmail(app, { remoteAddress: '10.34.0.1' }, { name: 'Nour Said', email: `nour-${name}@example.com`, password: 'jasmine-garden-42' }),
    );
    const other = sessionCookie(
      await registerThroughEmail(app, { remoteAddress: '10.34.0.2' }, { name: 'Omar Said', email: `omar-${name}@example.com`, password: 'jasmine-garden-42' }),
    );
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: owner, 'idempotency-key': `rt-owner-${name}-${Date.now()}` },
      payload: { ...testCustomer, phone: testPhone(7900), lines: [{ productId: products[5]!.id, quantity: 1 }] },
    });
    const { number } = placed.json<{ order: { number: string } }>().order;
    const { id } = await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    for (const status of ['confirmed', 'shipped', 'delivered']) await asAdmin({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status } });
    const [lineId] = await lineIds(id);
    expect((await call({ method: 'GET', url: `/api/orders/${number}/returns`, headers: { cookie: other } })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/orders/${number}/returns`, headers: { cookie: owner } })).json<OrderReturns>().refusal).toBeNull();
    const boundary = '----owner';
    const body = ['kind', 'return', 'reason', 'changed_mind', 'lines', JSON.stringify([{ lineId, quantity: 1 }])];
    const payload =
      Array.from({ length: 3 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="${body[i * 2]}"\r\n\r\n${body[i * 2 + 1]}\r\n`).join('') +
      `--${boundary}--\r\n`;
    const made = await call({
      method: 'POST',
      url: `/api/orders/${number}/returns`,
      headers: { cookie: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(made.statusCode, made.body).toBe(201);
    // The account's e-mail hears of it: the order was placed without one.
    expect(await lastMessageTo(app, 'return_update', `nour-${name}@example.com`)).toMatchObject({ step: 'requested' });
  });

  it('opens the window at delivery for the set days: closed after them, off at 0, not before delivery', async () => {
    const order = await deliveredOrder([products[2]!.id]);
    const [lineId] = await lineIds(order.id);
    const waiting = await deliveredOrder([products[2]!.id], false);
    expect((await returnsOf(waiting.number, waiting.token)).json<OrderReturns>().refusal).toBe('not_delivered');
    expect((await asAdmin({ method: 'GET', url: '/api/admin/returns/settings' })).json()).toEqual({ windowDays: 14 });

    await app.shop.db
      .updateTable('orders')
      .set({ delivered_at: new Date(Date.now() - 15 * 86_400_000).toISOString() })
      .where('id', '=', order.id)
      .execute();
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>().refusal).toBe('window_closed');
    expect((await ask(order.number, order.token, { kind: 'return', reason: 'other', lines: [{ lineId, quantity: 1 }] })).json()).toMatchObject({
      error: { code: 'return_window_closed' },
    });
    expect((await asAdmin({ method: 'PUT', url: '/api/admin/returns/settings', payload: { windowDays: 30 } })).statusCode).toBe(200);
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>().refusal).toBeNull();
    expect((await asAdmin({ method: 'PUT', url: '/api/admin/returns/settings', payload: { windowDays: 0 } })).statusCode).toBe(200);
    expect((await ask(order.number, order.token, { kind: 'return', reason: 'other', lines: [{ lineId, quantity: 1 }] })).json()).toMatchObject({
      error: { code: 'returns_off' },
    });
    expect((await asAdmin({ method: 'PUT', url: '/api/admin/returns/settings', payload: { windowDays: 14 } })).statusCode).toBe(200);
  });

  it('two receipts at once restock once', async () => {
    const [p] = products.slice(3);
    const order = await deliveredOrder([p!.id]);
    const [lineId] = await lineIds(order.id);
    const made = (await ask(order.number, order.token, { kind: 'return', reason: 'changed_mind', lines: [{ lineId, quantity: 2 }] })).json<ShopperReturn>();
    const id = await returnId(made.number);
    expect((await step(id, 'approve', { note: '' })).statusCode).toBe(200);
    const before = await stockOf(p!.id);
    const both = await Promise.all([1, 2].map(() => step(id, 'receive', { restock: [{ lineId, quantity: 2 }] })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(p!.id)).toBe(before + 2);
    const lines = await app.shop.db.selectFrom('return_lines').selectAll().where('return_id', '=', id).execute();
    expect(lines).toMatchObject([{ restocked: 2 }]);
  });

  it('sends an exchange as a linked order at no price, taking its stock; the shopper is e-mailed its link', async () => {
    const [p] = products.slice(4);
    const order = await deliveredOrder([p!.id]);
    const [lineId] = await lineIds(order.id);
    const made = (await ask(order.number, order.token, { kind: 'exchange', reason: 'damaged', lines: [{ lineId, quantity: 1 }] })).json<ShopperReturn>();
    const id = await returnId(made.number);
    expect((await step(id, 'approve', { note: '' })).statusCode).toBe(200);
    expect((await step(id, 'exchange')).statusCode).toBe(409);
    expect((await step(id, 'receive', { restock: [] })).statusCode).toBe(200);
    expect((await step(id, 'refund', { method: 'cash' })).statusCode).toBe(409);
    const before = await stockOf(p!.id);
    const sent = await step(id, 'exchange');
    expect(sent.statusCode, sent.body).toBe(200);
    const { orderId, number } = sent.json<{ orderId: number; number: string }>();
    expect(await stockOf(p!.id)).toBe(before - 1);
    const linked = (await asAdmin({ method: 'GET', url: `/api/admin/orders/${orderId}` })).json<AdminOrder>();
    expect(linked).toMatchObject({
      status: 'pending',
      total: 0,
      customerName: testCustomer.fullName,
      lines: [{ productId: p!.id, quantity: 1, lineTotal: 0 }],
    });
    expect((await asAdmin({ method: 'GET', url: `/api/admin/orders/${orderId}/returns` })).json()).toMatchObject({ exchangeFor: { id, number: made.number } });
    expect((await asAdmin({ method: 'GET', url: `/api/admin/orders/${order.id}/returns` })).json()).toMatchObject({ returns: [{ id, state: 'exchanged' }] });
    expect(await detail(id)).toMatchObject({ state: 'exchanged', exchangeOrderId: orderId, exchangeOrderNumber: number });
    expect(await lastMessageTo(app, 'return_update', order.email)).toMatchObject({
      step: 'exchanged',
      exchangeOrderNumber: number,
      forOrder: order.number,
      order: { number },
    });
    expect((await returnsOf(order.number, order.token)).json<OrderReturns>().returns[0]).toMatchObject({ state: 'exchanged', exchangeOrderNumber: number });
  });

  it('renders the e-mail of each step in the order’s language', async () => {
    const outbox = await app.shop.db.selectFrom('outbox').select('id').where('kind', '=', 'return_update').orderBy('id').executeTakeFirstOrThrow();
    const preview = await asAdmin({ method: 'GET', url: `/api/admin/outbox/${outbox.id}/preview` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ subject: string; text: string }>().subject).toMatch(/^We received your return request R-NSM-\d+-1$/);
  });
});
