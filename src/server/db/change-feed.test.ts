import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { testCustomer } from '../../shared/domain/test-products.js';

const onPostgres = testDatabases.some((d) => d.name === 'postgres');

/**
 * Two shop processes over one PostgreSQL database: an admin change made through one shows on the
 * other at once, told by a notification. The second process checks versions only once a minute
 * here, so nothing but the notification can make it see the change within a second.
 */
describe.runIf(onPostgres)('content changes between processes on postgres', () => {
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;
  let c: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    a = await buildTestApp('postgres', { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    b = await buildTestApp('postgres', { pgSchema: a.app.shop.config.pgSchema, changeCheckMs: 60_000 });
    c = await buildTestApp('postgres', { pgSchema: a.app.shop.config.pgSchema });
  });
  afterAll(async () => {
    await c?.app.close();
    await b?.app.close();
    await a?.close();
  });

  it('a product hidden through one process is gone from the other within a second', async () => {
    const list = (await b.app.inject({ method: 'GET', url: '/api/products?pageSize=1' })).json<{ items: Array<{ id: number }> }>();
    const id = list.items[0]!.id;
    expect((await b.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);

    const login = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode).toBe(200);
    const hidden = await a.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk',
      headers: { cookie: sessionCookie(login) },
      payload: { selection: { ids: [id] }, change: { visible: false }, expectedCount: 1 },
    });
    expect(hidden.json()).toEqual({ matched: 1, changed: 1 });
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1_000) {
      status = (await b.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status, 'the other process still shows the hidden product after a second').toBe(404);
  });

  it('an order placed through one process shows in the stock of the other within a second (the lock-free stock version)', async () => {
    const list = (await c.app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<{
      items: Array<{ id: number; stock: number; variants: unknown[] }>;
    }>();
    const product = list.items.find((p) => p.variants.length === 0 && p.stock > 2)!;
    for (let round = 1; round <= 2; round++) {
      const placed = await a.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `change-feed-stock-${round}-${Date.now()}` },
        payload: { ...testCustomer, lines: [{ productId: product.id, quantity: 1 }] },
      });
      expect(placed.statusCode).toBe(201);
      const started = Date.now();
      let stock = product.stock;
      while (stock !== product.stock - round && Date.now() - started < 1_000) {
        stock = (await c.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json<{ stock: number }>().stock;
        if (stock !== product.stock - round) await new Promise((r) => setTimeout(r, 20));
      }
      expect(stock, `after order ${round}`).toBe(product.stock - round);
    }
  });
});
