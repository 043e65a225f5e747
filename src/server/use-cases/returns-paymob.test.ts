import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, multipartBody, lastMessageTo, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { startLocalPaymob, type LocalPaymob } from '../../../tests/local-paymob/server.js';
import type { ProductList } from '../../shared/schemas/product.js';
import type { AdminReturn, ShopperReturn } from '../../shared/schemas/returns.js';
import type { Order } from '../../shared/schemas/checkout.js';

const keys = { secretKey: 'egy_sk_test_local', publicKey: 'egy_pk_test_local', apiKey: 'api-key-local', hmacSecret: 'HMAC-SECRET-LOCAL' };
const integrations = { card: 4123456, wallet: 4123457, kiosk: 4123458 };
const shopper = {
  fullName: 'Salma Hassan',
  phone: '+20 100 555 0177',
  email: 'salma.returns@example.com',
  governorate: 'CAI',
  city: 'Nasr City',
  address: '14 Abbas El Akkad Street, flat 9',
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A return of an order paid online refunded through Paymob (issue 33): the local Paymob makes the
 * refund, the order's refunded amount moves with the return in one transaction, and the shopper
 * gets the return's e-mail (not a second one about the payment).
 */
describe.each(testDatabases)('a return refunded through Paymob on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let paymob: LocalPaymob;
  let admin = '';

  beforeAll(async () => {
    paymob = await startLocalPaymob({ ...keys, integrations });
    const port = await freePort();
    const built = await buildTestApp(name, {
      publicUrl: `http://127.0.0.1:${port}`,
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      paymob: { apiUrl: paymob.url, ...keys, integrations },
    });
    app = built.app;
    close = built.close;
    await app.listen({ port, host: '127.0.0.1' });
    admin = sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
  });
  afterAll(async () => {
    await close?.();
    await paymob?.close();
  });

  it('refunds the returned unit through Paymob, once, and records it on the order', async () => {
    const product = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<ProductList>()
      .items.find((p) => p.variants.length === 0 && p.stock >= 5)!;
    const placed = (
      await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `rtp-${name}-${Date.now()}` },
        payload: { ...shopper, paymentMethod: 'card', lines: [{ productId: product.id, quantity: 2 }] },
      })
    ).json<{ order: Order; accessToken: string; paymentUrl: string }>();
    const url = new URL(placed.paymentUrl);
    const form = new URLSearchParams({
      publicKey: url.searchParams.get('publicKey')!,
      clientSecret: url.searchParams.get('clientSecret')!,
      action: 'pay',
      method: 'card',
    });
    await fetch(`${paymob.url}/unifiedcheckout/pay`, { method: 'POST', body: form, redirect: 'manual' });
    await paymob.idle();
    const { number } = placed.order;
    const { id: orderId } = await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    for (const status of ['shipped', 'delivered']) {
      const moved = await app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, headers: { cookie: admin }, payload: { status } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const { id: lineId } = await app.shop.db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const asked = await app.inject({
      method: 'POST',
      url: `/api/orders/${number}/returns?token=${placed.accessToken}`,
      ...multipartBody({ kind: 'return', reason: 'not_as_described', lines: [{ lineId, quantity: 1 }] }),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = await app.shop.db.selectFrom('returns').select('id').where('number', '=', asked.json<ShopperReturn>().number).executeTakeFirstOrThrow();
    const step = (what: string, body: object) =>
      app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${what}`, headers: { cookie: admin }, payload: body });
    expect((await step('approve', { note: '' })).statusCode).toBe(200);
    expect((await step('receive', { restock: [{ lineId, quantity: 1 }] })).statusCode).toBe(200);
    const page = (await app.inject({ method: 'GET', url: `/api/admin/returns/${id}`, headers: { cookie: admin } })).json<AdminReturn>();
    expect(page).toMatchObject({ providerRefundable: true, paymentMethod: 'card', refundDue: placed.order.lines[0]!.unitPaid });

    const refunded = await step('refund', { method: 'provider' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const order = await app.shop.db.selectFrom('orders').select(['refunded', 'payment_state']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ refunded: page.refundDue, payment_state: 'partially_refunded' });
    expect((await step('refund', { method: 'provider' })).statusCode).toBe(409);
    expect(await lastMessageTo(app, 'return_update', shopper.email)).toMatchObject({
      step: 'refunded',
      refund: { amount: page.refundDue, method: 'provider' },
    });
    expect(await lastMessageTo(app, 'refund_made', shopper.email)).toBeUndefined();
    const recorded = await app.shop.db
      .selectFrom('payment_transactions')
      .select(['kind', 'amount', 'reason'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .execute();
    expect(recorded).toEqual([{ kind: 'refund', amount: page.refundDue, reason: asked.json<ShopperReturn>().number }]);
  });
});
