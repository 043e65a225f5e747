import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard.js';
import { shopDay } from '../../../shared/domain/shop-time.js';

const admin = testAdmin;
const customer = {
  fullName: 'Mona Adel',
  phone: '+20 100 555 0199',
  governorate: 'CAI',
  city: 'Maadi',
  address: '12 Road 9, flat 4',
  paymentMethod: 'cod',
};

let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('admin dashboard API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let products: ProductSummary[];

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const dashboard = async () => {
    const res = await call({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>();
  };
  const order = async (productId: number, quantity: number) => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `dash-${Date.now()}-${++ipSeq}` },
      payload: JSON.stringify({ ...customer, lines: [{ productId, quantity }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as { number: string; total: number };
    const row = await app.shop.db.selectFrom('orders').select('id').where('number', '=', placed.number).executeTakeFirstOrThrow();
    return { id: row.id, number: placed.number, total: placed.total };
  };
  const setStatus = async (id: number, status: string) => {
    const res = await call({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
  });
  afterAll(async () => close?.());

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(401);
  });

  it('starts empty: zeros, 30 zero-filled days ending today in Cairo', async () => {
    const d = await dashboard();
    expect(d.revenue).toEqual({ today: 0, days7: 0, days30: 0 });
    expect(d.orders).toEqual({ today: 0, days7: 0, days30: 0 });
    expect(d.byStatus).toEqual({ pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0 });
    expect(d.sales).toHaveLength(30);
    expect(d.sales.at(-1)).toEqual({ day: shopDay(new Date()), revenue: 0, orders: 0 });
    expect(d.sales.map((s) => s.day)).toEqual([...d.sales.map((s) => s.day)].sort());
    expect(d.latest).toEqual([]);
    expect(d.bestSellers).toEqual([]);
  });

  it('counts known orders: revenue leaves out cancelled and returned, statuses, best sellers, latest', async () => {
    const [a, b] = products.filter((p) => p.variants.length === 0 && p.stock >= 5);
    const kept = await order(a!.id, 2);
    const delivered = await order(b!.id, 1);
    const cancelled = await order(a!.id, 1);
    const returned = await order(b!.id, 3);
    const old = await order(a!.id, 1);
    await setStatus(cancelled.id, 'cancelled');
    for (const s of ['confirmed', 'shipped', 'delivered']) await setStatus(delivered.id, s);
    for (const s of ['confirmed', 'shipped', 'delivered', 'returned']) await setStatus(returned.id, s);
    // One order placed 40 days ago: in the status counts, outside every period.
    await app.shop.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 40 * 86400000).toISOString() })
      .where('id', '=', old.id)
      .execute();

    const d = await dashboard();
    const revenue = kept.total + delivered.total;
    expect(d.revenue).toEqual({ today: revenue, days7: revenue, days30: revenue });
    expect(d.orders).toEqual({ today: 4, days7: 4, days30: 4 });
    expect(d.byStatus).toEqual({ pending: 2, confirmed: 0, shipped: 0, delivered: 1, cancelled: 1, returned: 1 });
    expect(d.sales).toHaveLength(30);
    expect(d.sales.at(-1)).toMatchObject({ revenue, orders: 4 });
    expect(d.sales.slice(0, -1).every((s) => s.revenue === 0 && s.orders === 0)).toBe(true);
    expect(d.bestSellers.map((s) => [s.productId, s.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    expect(d.bestSellers[0]!.name).toBe(a!.name);
    expect(d.latest.map((o) => o.number)).toEqual([old, returned, cancelled, delivered, kept].map((o) => o.number));
    expect(d.latest[0]).toMatchObject({ customerName: 'Mona Adel', status: 'pending', total: old.total });
    expect(Date.parse(d.latest[0]!.createdAt)).toBeLessThan(Date.now() - 39 * 86400000);
  });

  it('lists a visible product set to stock 1 as low, and leaves out hidden ones', async () => {
    const [low, hidden] = products.filter((p) => p.variants.length === 0);
    await app.shop.db.updateTable('products').set({ stock: 1 }).where('id', '=', low!.id).execute();
    await app.shop.db.updateTable('products').set({ stock: 0, visible: 0 }).where('id', '=', hidden!.id).execute();
    const d = await dashboard();
    expect(d.lowStock.length).toBeLessThanOrEqual(10);
    expect(d.lowStock.every((p) => p.stock <= 5)).toBe(true);
    expect(d.lowStock.find((p) => p.id === low!.id)).toEqual({ id: low!.id, name: low!.name, sku: expect.any(String), stock: 1 });
    expect(d.lowStock.some((p) => p.id === hidden!.id)).toBe(false);
    const stocks = d.lowStock.map((p) => p.stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));
  });

  it('sums the variants of a product with variants', async () => {
    const product = products.find((p) => p.variants.length > 1)!;
    await app.shop.db.updateTable('product_variants').set({ stock: 1 }).where('product_id', '=', product.id).execute();
    const d = await dashboard();
    expect(d.lowStock.find((p) => p.id === product.id)?.stock).toBe(product.variants.length);
  });

  it('names products in the language asked for', async () => {
    const d = await call({ method: 'GET', url: '/api/admin/dashboard?lng=ar' });
    const names = d.json<Dashboard>().bestSellers.map((s) => s.name);
    expect(names.every((n) => /[\u0600-\u06ff]/.test(n))).toBe(true);
    expect((await call({ method: 'GET', url: '/api/admin/dashboard?x=1' })).statusCode).toBe(400);
  });
});
