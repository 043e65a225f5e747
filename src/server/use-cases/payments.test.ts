import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityList } from '../../shared/schemas/audit.js';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, lastMessageTo, testDatabases } from '../test-support.js';
import { buildApp } from '../app.js';
import { startLocalPaymob, type LocalPaymob } from '../../../tests/local-paymob/server.js';
import { transactionHmac } from '../payments/paymob-hmac.js';
import { checkPayment, expirePayment } from './payment-news.js';
import { systemContext } from './use-case.js';
import type { ProductList, ProductSummary } from '../../shared/schemas/product.js';
import type { Order } from '../../shared/schemas/checkout.js';
import type { AdminOrder } from '../../shared/schemas/admin-order.js';
import { testAdmin, sessionCookie } from '../test-support.js';

const keys = { secretKey: 'egy_sk_test_local', publicKey: 'egy_pk_test_local', apiKey: 'api-key-local', hmacSecret: 'HMAC-SECRET-LOCAL' };
const integrations = { card: 4123456, wallet: 4123457, kiosk: 4123458 };

const shopper = {
  fullName: 'Salma Hassan',
  phone: '+20 100 555 0142',
  email: 'salma@example.com',
  governorate: 'CAI',
  city: 'Nasr City',
  address: '14 Abbas El Akkad Street, flat 9',
};

/** A port nobody listens on yet, so the shop's PUBLIC_URL (Paymob's callback address) can name it before it listens. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let seq = 0;

describe.each(testDatabases)('online payment through Paymob on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let paymob: LocalPaymob;
  let products: ProductSummary[];
  let origin: string;
  let admin: string;

  beforeAll(async () => {
    paymob = await startLocalPaymob({ ...keys, integrations });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const built = await buildTestApp(name, {
      publicUrl: origin,
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      paymob: { apiUrl: paymob.url, ...keys, integrations },
    });
    app = built.app;
    close = built.close;
    await app.listen({ port, host: '127.0.0.1' });
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    admin = sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
  });
  afterAll(async () => {
    await close?.();
    await paymob?.close();
  });
  beforeEach(() => paymob.setCallbacks('send'));

  const product = () => products.filter((p) => p.variants.length === 0 && p.stock >= 10)[seq % 5]!;
  const stockOf = async (id: number) => (await app.shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  /** Places an order paid by `method` through the API; returns it with its token, Paymob page and reference. */
  async function placeOnline(method: 'card' | 'wallet' | 'kiosk' | 'cod', productId = product().id, quantity = 1) {
    seq += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: `10.9.0.${seq}`,
      headers: { 'idempotency-key': `pay-${name}-${seq}-${Date.now()}` },
      payload: { ...shopper, phone: `+20 100 555 ${String(1000 + seq).slice(-4)}`, paymentMethod: method, lines: [{ productId, quantity }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{ order: Order; accessToken: string; paymentUrl: string | null }>();
    const reference = paymob.intentions().find((i) => i.specialReference?.startsWith(`${placed.order.number}-`))?.specialReference ?? null;
    return { ...placed, reference, productId };
  }
  const orderNow = async (number: string, token: string) =>
    (await app.inject({ method: 'GET', url: `/api/orders/${number}?token=${encodeURIComponent(token)}` })).json<Order>();
  const orderId = async (number: string) => (await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
  const adminOrder = async (number: string) =>
    (await app.inject({ method: 'GET', url: `/api/admin/orders/${await orderId(number)}`, headers: { cookie: admin } })).json<AdminOrder>();

  /** The shopper on Paymob's page presses Pay or Decline (the local Paymob sends its callback, then redirects). */
  async function press(paymentUrl: string, action: 'pay' | 'decline', method = 'card') {
    const url = new URL(paymentUrl);
    const form = new URLSearchParams({ publicKey: url.searchParams.get('publicKey')!, clientSecret: url.searchParams.get('clientSecret')!, action, method });
    return fetch(`${paymob.url}/unifiedcheckout/pay`, { method: 'POST', body: form, redirect: 'manual' });
  }

  it("lets the script-less checkout's form go on to Paymob's page (Content-Security-Policy form-action)", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${paymob.url}`);
  });

  it('offers the configured methods, and refuses one not offered', async () => {
    const settings = (await app.inject({ method: 'GET', url: '/api/settings' })).json<{ paymentMethods: string[] }>();
    expect(settings.paymentMethods).toEqual(['cod', 'card', 'wallet', 'kiosk']);
    const noEmail = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...shopper, email: '', paymentMethod: 'card', lines: [{ productId: product().id, quantity: 1 }] },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields).toMatchObject({ email: 'email_required_online' });
  });

  it('card: awaiting payment with stock held, an intention in piastres from the quote, then paid by the signed callback', async () => {
    const { id: productId } = product();
    const before = await stockOf(productId);
    const placed = await placeOnline('card', productId, 2);
    expect(placed.order).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'card', payment: { state: 'awaiting_payment' } });
    expect(await stockOf(productId)).toBe(before - 2);
    const intention = paymob.intentions().find((i) => i.specialReference === placed.reference)!;
    expect(intention.amount).toBe(placed.order.total);
    expect(intention.currency).toBe('EGP');
    expect(intention.methods.map((m) => m.integrationId)).toEqual([integrations.card]);
    expect(intention.notificationUrl).toBe(`${origin}/api/payments/paymob/callback`);
    expect(intention.redirectionUrl).toBe(`${origin}/payments/paymob/return`);
    expect(placed.paymentUrl).toContain(`${paymob.url}/unifiedcheckout/?publicKey=${keys.publicKey}&clientSecret=`);

    const back = await press(placed.paymentUrl!, 'pay');
    expect(back.status).toBe(302);
    const order = await orderNow(placed.order.number, placed.accessToken);
    expect(order).toMatchObject({ status: 'confirmed', payment: { state: 'paid', method: 'card' } });
    expect(await lastMessageTo(app, 'payment_received', shopper.email)).toMatchObject({ order: { number: placed.order.number } });
    const detail = await adminOrder(placed.order.number);
    const txId = String(paymob.transactions().find((t) => t.order.merchant_order_id === placed.reference)!.id);
    expect(detail.history.at(-1)).toMatchObject({ from: 'awaiting_payment', to: 'confirmed', paymentState: 'paid', transactionId: txId });
    expect(detail.paymentDetails.attempts).toEqual([expect.objectContaining({ reference: placed.reference, transactionId: txId, state: 'succeeded' })]);

    // The browser's return is signed: it goes to the order's page, with its token.
    const returned = await app.inject({ method: 'GET', url: new URL(back.headers.get('location')!).pathname + new URL(back.headers.get('location')!).search });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/order/${placed.order.number}?token=${encodeURIComponent(placed.accessToken)}`);
  });

  it('a repeated callback (Paymob retries) and two at once make one transition, one history entry, one e-mail', async () => {
    const placed = await placeOnline('card');
    paymob.setCallbacks('drop');
    await press(placed.paymentUrl!, 'pay');
    const statuses = await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', times: 3, parallel: true });
    expect(statuses).toEqual([200, 200, 200]);
    await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', times: 2 });
    const detail = await adminOrder(placed.order.number);
    expect(detail.history.filter((h) => h.paymentState === 'paid')).toHaveLength(1);
    expect(detail.paymentDetails.transactions.filter((t) => t.kind === 'payment')).toHaveLength(1);
    const mails = await app.shop.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'payment_received')
      .where('payload', 'like', `%${placed.order.number}%`)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('two shop processes receiving the same callback at once make one transition', async () => {
    const placed = await placeOnline('card');
    paymob.setCallbacks('drop');
    await press(placed.paymentUrl!, 'pay');
    const obj = paymob.transactions().find((t) => t.order.merchant_order_id === placed.reference)!;
    const body = { type: 'TRANSACTION', obj };
    const hmac = transactionHmac(obj as unknown as Record<string, unknown>, keys.hmacSecret);
    const second = await buildApp(app.shop.config);
    try {
      const send = (to: FastifyInstance) => to.inject({ method: 'POST', url: `/api/payments/paymob/callback?hmac=${hmac}`, payload: body });
      const answers = await Promise.all([send(app), send(second.app), send(app), send(second.app)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    } finally {
      await second.app.close();
    }
    const detail = await adminOrder(placed.order.number);
    expect(detail.history.filter((h) => h.paymentState === 'paid')).toHaveLength(1);
    expect(detail.status).toBe('confirmed');
  });

  it('forged, unsigned, wrong-amount and unknown-order callbacks change nothing', async () => {
    const placed = await placeOnline('card');
    paymob.setCallbacks('drop');
    await press(placed.paymentUrl!, 'pay');
    expect(await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', tamper: 'unsigned' })).toEqual([401]);
    expect(await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', tamper: 'bad_signature' })).toEqual([401]);
    expect(await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', tamper: 'wrong_amount' })).toEqual([200]);
    expect(await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', tamper: 'unknown_order' })).toEqual([200]);
    const order = await orderNow(placed.order.number, placed.accessToken);
    expect(order).toMatchObject({ status: 'awaiting_payment', payment: { state: 'awaiting_payment' } });
    expect((await adminOrder(placed.order.number)).paymentDetails.transactions).toEqual([]);
  });

  it("a real signed callback replayed with another order's reference (unsigned) pays nothing", async () => {
    const productId = product().id;
    const paid = await placeOnline('card', productId);
    const other = await placeOnline('card', productId);
    expect(other.order.total).toBe(paid.order.total);
    paymob.setCallbacks('drop');
    await press(paid.paymentUrl!, 'pay');
    const obj = paymob.transactions().find((t) => t.order.merchant_order_id === paid.reference)!;
    const hmac = transactionHmac(obj as unknown as Record<string, unknown>, keys.hmacSecret);
    const replayed = { type: 'TRANSACTION', obj: { ...obj, order: { ...obj.order, merchant_order_id: other.reference } } };
    const answer = await app.inject({ method: 'POST', url: `/api/payments/paymob/callback?hmac=${hmac}`, payload: replayed });
    expect(answer.json()).toMatchObject({ outcome: 'unknown_order' });
    expect((await orderNow(other.order.number, other.accessToken)).payment.state).toBe('awaiting_payment');
  });

  it('a forged return with success=true shows nothing paid and goes to order tracking', async () => {
    const placed = await placeOnline('card');
    const forged = await app.inject({
      method: 'GET',
      url: `/payments/paymob/return?success=true&pending=false&merchant_order_id=${placed.reference}&amount_cents=${placed.order.total}&hmac=${'0'.repeat(128)}`,
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/track?payment=unverified');
    expect((await orderNow(placed.order.number, placed.accessToken)).payment.state).toBe('awaiting_payment');
  });

  it('decline → payment failed (the shopper told), then a new attempt is paid', async () => {
    const placed = await placeOnline('card');
    await press(placed.paymentUrl!, 'decline');
    expect((await orderNow(placed.order.number, placed.accessToken)).payment.state).toBe('payment_failed');
    expect(await lastMessageTo(app, 'payment_failed', shopper.email)).toMatchObject({ order: { number: placed.order.number } });
    const again = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.number}/payment?token=${encodeURIComponent(placed.accessToken)}`,
      payload: { method: 'wallet' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const { order, paymentUrl } = again.json<{ order: Order; paymentUrl: string }>();
    expect(order.payment).toMatchObject({ state: 'awaiting_payment', method: 'wallet' });
    await press(paymentUrl, 'pay', 'wallet');
    expect(await orderNow(placed.order.number, placed.accessToken)).toMatchObject({ status: 'confirmed', payment: { state: 'paid', method: 'wallet' } });
    // A late decline of the first attempt changes nothing now.
    const detail = await adminOrder(placed.order.number);
    expect(detail.paymentDetails.attempts.map((a) => a.state)).toEqual(['failed', 'succeeded']);
  });

  it('decline → cash on delivery instead: the order goes on as a pending cash order, its stock still held', async () => {
    const { id: productId } = product();
    const before = await stockOf(productId);
    const placed = await placeOnline('card', productId);
    await press(placed.paymentUrl!, 'decline');
    const cod = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.number}/payment?token=${encodeURIComponent(placed.accessToken)}`,
      payload: { method: 'cod' },
    });
    expect(cod.statusCode, cod.body).toBe(200);
    expect(cod.json<{ order: Order; paymentUrl: null }>()).toMatchObject({
      paymentUrl: null,
      order: { status: 'pending', paymentMethod: 'cod', payment: { state: 'cod', dueAt: null } },
    });
    expect(await stockOf(productId)).toBe(before - 1);
    // Nothing more to choose: the order no longer waits for a payment.
    const late = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.number}/payment?token=${encodeURIComponent(placed.accessToken)}`,
      payload: { method: 'card' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('payment_closed');
  });

  it('expiry gives the stock back exactly once, even when two runners expire at once; a payment after it is flagged', async () => {
    const { id: productId } = product();
    const before = await stockOf(productId);
    const placed = await placeOnline('card', productId, 3);
    expect(await stockOf(productId)).toBe(before - 3);
    paymob.setCallbacks('drop');
    const id = await orderId(placed.order.number);
    const later = new Date(Date.now() + 31 * 60_000);
    const ctx = systemContext(app.shop, app.log, { now: later });
    const results = await Promise.all([expirePayment(ctx, id), expirePayment(ctx, id), expirePayment(ctx, id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(productId)).toBe(before);
    expect(await orderNow(placed.order.number, placed.accessToken)).toMatchObject({ status: 'cancelled', payment: { state: 'expired' } });
    expect(await expirePayment(ctx, id)).toBe(false);
    expect(await stockOf(productId)).toBe(before);

    // The bank's yes arrives after all: the money is recorded, the order flagged for the merchant, the stock stays released.
    paymob.setCallbacks('send');
    await press(placed.paymentUrl!, 'pay');
    const detail = await adminOrder(placed.order.number);
    expect(detail).toMatchObject({ status: 'cancelled', payment: { state: 'paid' }, paymentDetails: { flag: 'paid_after_expiry' } });
    expect(await stockOf(productId)).toBe(before);
    const flagged = await app.inject({ method: 'GET', url: '/api/admin/orders?payment=flagged', headers: { cookie: admin } });
    expect(flagged.json<{ items: Array<{ number: string }> }>().items.map((o) => o.number)).toContain(placed.order.number);
  });

  it("the merchant's cancel of an unpaid order gives its stock back and closes its payment: money after it is flagged", async () => {
    const { id: productId } = product();
    const before = await stockOf(productId);
    const placed = await placeOnline('card', productId);
    const id = await orderId(placed.order.number);
    const cancel = await app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, headers: { cookie: admin }, payload: { status: 'cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(productId)).toBe(before);
    expect((await orderNow(placed.order.number, placed.accessToken)).payment.state).toBe('expired');
    await press(placed.paymentUrl!, 'pay');
    expect(await adminOrder(placed.order.number)).toMatchObject({
      status: 'cancelled',
      payment: { state: 'paid' },
      paymentDetails: { flag: 'paid_after_expiry' },
    });
  });

  it('reconciliation: a paid order whose callback was lost is found paid by the payment check (transaction inquiry)', async () => {
    const placed = await placeOnline('card');
    paymob.setCallbacks('drop');
    await press(placed.paymentUrl!, 'pay');
    expect((await orderNow(placed.order.number, placed.accessToken)).payment.state).toBe('awaiting_payment');
    const id = await orderId(placed.order.number);
    const again = await checkPayment(systemContext(app.shop, app.log, { now: new Date(Date.now() + 4 * 60_000) }), {
      orderId: id,
      reference: placed.reference!,
    });
    expect(again).toBeNull();
    expect(await orderNow(placed.order.number, placed.accessToken)).toMatchObject({ status: 'confirmed', payment: { state: 'paid' } });
    expect((await adminOrder(placed.order.number)).paymentDetails.transactions).toEqual([expect.objectContaining({ source: 'inquiry', outcome: 'succeeded' })]);
  });

  it('the payment check looks again later while the order is unpaid and not yet due', async () => {
    const placed = await placeOnline('card');
    const id = await orderId(placed.order.number);
    const now = new Date(Date.now() + 4 * 60_000);
    const again = await checkPayment(systemContext(app.shop, app.log, { now }), { orderId: id, reference: placed.reference! });
    expect(again?.getTime()).toBe(now.getTime() + 5 * 60_000);
  });

  it('kiosk: a pending transaction gives the shopper a code; the order waits until it is paid', async () => {
    const placed = await placeOnline('kiosk');
    const page = await press(placed.paymentUrl!, 'pay', 'kiosk');
    expect(page.status).toBe(200);
    const waiting = await orderNow(placed.order.number, placed.accessToken);
    expect(waiting.payment.state).toBe('awaiting_payment');
    expect(waiting.payment.billReference).toMatch(/^\d+$/);
    const txId = paymob.transactions().find((t) => t.order.merchant_order_id === placed.reference)!.id;
    await paymob.sendCallback({ merchantOrderId: placed.reference!, outcome: 'success', transactionId: txId });
    expect((await orderNow(placed.order.number, placed.accessToken)).payment.state).toBe('paid');
  });

  it('refunds: partial, then the rest; more than is left is refused; the shopper is e-mailed each time', async () => {
    const placed = await placeOnline('card');
    await press(placed.paymentUrl!, 'pay');
    const id = await orderId(placed.order.number);
    const refund = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/refunds`,
        headers: { cookie: admin },
        payload: { amount, reason: 'One bottle arrived broken' },
      });
    const total = placed.order.total;
    const part = await refund(1000);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toEqual({ ok: true, paymentState: 'partially_refunded', refundable: total - 1000 });
    expect(await lastMessageTo(app, 'refund_made', shopper.email)).toMatchObject({ amount: 1000, refundedTotal: 1000 });
    const tooMuch = await refund(total);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual({ amount: 'refund_too_much' });
    const rest = await refund(total - 1000);
    expect(rest.json()).toEqual({ ok: true, paymentState: 'refunded', refundable: 0 });
    await paymob.idle();
    // Paymob's callbacks of the refunds (parent re-sent, and each child) add nothing.
    const detail = await adminOrder(placed.order.number);
    expect(detail.payment).toMatchObject({ state: 'refunded', refunded: total });
    expect(detail.paymentDetails.transactions.filter((t) => t.kind === 'refund').map((t) => [t.amount, t.reason, t.source])).toEqual([
      [1000, 'One bottle arrived broken', 'admin'],
      [total - 1000, 'One bottle arrived broken', 'admin'],
    ]);
    expect(detail.history.filter((h) => h.paymentState === 'partially_refunded' || h.paymentState === 'refunded')).toHaveLength(2);
    const nothing = await refund(100);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('refund_impossible');
    // Each refund is in the activity log and the order's history, with the admin who made it (issue 32).
    const history = (await app.inject({ method: 'GET', url: `/api/admin/orders/${id}/history`, headers: { cookie: admin } })).json<ActivityList>();
    expect(
      history.items.filter((e) => e.kind === 'payment').map((e) => [e.action, e.before?.paymentState, e.after?.paymentState, e.after?.amount, e.actor.role]),
    ).toEqual([
      ['refund', 'partially_refunded', 'refunded', total - 1000, 'owner'],
      ['refund', 'paid', 'partially_refunded', 1000, 'owner'],
    ]);
  });

  it('cash on delivery is as before: pending, no intention, no payment page', async () => {
    const count = paymob.intentions().length;
    const placed = await placeOnline('cod');
    expect(placed).toMatchObject({ paymentUrl: null, order: { status: 'pending', paymentMethod: 'cod', payment: { state: 'cod' } } });
    expect(paymob.intentions()).toHaveLength(count);
  });
});
