import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard.js';
import { lastShopDays, shopDay, shopDayStart } from '../../../shared/domain/shop-time.js';
import type { Updateable } from 'kysely';
import { toIso } from '../../db/database.js';
import type { OrderTable } from '../../db/schema.js';

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
  const order = (productId: number, quantity: number) => orderLines([{ productId, quantity }]);
  const orderLines = async (lines: Array<{ productId: number; quantity: number }>) => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `dash-${Date.now()}-${++ipSeq}` },
      payload: JSON.stringify({ ...customer, lines }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as { number: string; total: number };
    const row = await app.shop.db.selectFrom('orders').select('id').where('number', '=', placed.number).executeTakeFirstOrThrow();
    return { id: row.id, number: placed.number, total: placed.total };
  };
  const setStatus = async (id: number, status: string) => {
    // A parcel that came back needs the courier's reason (decision 042).
    const courierReason = status === 'refused' || status === 'returned' ? { courierReason: 'refused_at_door' } : {};
    const res = await call({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { status, ...courierReason } });
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
    expect(d.unconfirmed).toEqual({ orders: { today: 0, days7: 0, days30: 0 }, revenue: { today: 0, days7: 0, days30: 0 } });
    expect(d.todo).toEqual({ awaitingConfirmation: 0, toShip: 0, toReorder: 0, failedMessages: 0 });
    expect(d.byStatus).toEqual({ awaiting_payment: 0, pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, refused: 0, returned: 0 });
    expect(d.sales).toHaveLength(30);
    expect(d.sales.at(-1)).toEqual({ day: shopDay(new Date()), revenue: 0, orders: 0 });
    expect(d.sales.map((s) => s.day)).toEqual([...d.sales.map((s) => s.day)].sort());
    expect(d.latest).toEqual([]);
    expect(d.bestSellers).toEqual([]);
    expect(d.payments).toEqual({ online: { orders: 0, revenue: 0 }, cod: { orders: 0, revenue: 0 } });
  });

  it('counts known orders: revenue leaves out cancelled, refused and returned, statuses, best sellers, latest', async () => {
    const [a, b] = products.filter((p) => p.variants.length === 0 && p.stock >= 5);
    const kept = await order(a!.id, 2);
    const delivered = await order(b!.id, 1);
    const cancelled = await order(a!.id, 1);
    const returned = await order(b!.id, 3);
    const refused = await order(a!.id, 1);
    const old = await order(a!.id, 1);
    await setStatus(cancelled.id, 'cancelled');
    for (const s of ['confirmed', 'shipped', 'delivered']) await setStatus(delivered.id, s);
    for (const s of ['confirmed', 'shipped', 'returned']) await setStatus(returned.id, s);
    for (const s of ['confirmed', 'shipped', 'refused']) await setStatus(refused.id, s);
    // One order placed 40 days ago: in the status counts, outside every period.
    await app.shop.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 40 * 86400000).toISOString() })
      .where('id', '=', old.id)
      .execute();

    const d = await dashboard();
    // Revenue is the confirmed (here delivered) order's; the one still awaiting confirmation is apart.
    const revenue = delivered.total;
    expect(d.revenue).toEqual({ today: revenue, days7: revenue, days30: revenue });
    expect(d.unconfirmed).toEqual({
      orders: { today: 1, days7: 1, days30: 1 },
      revenue: { today: kept.total, days7: kept.total, days30: kept.total },
    });
    expect(d.orders).toEqual({ today: 5, days7: 5, days30: 5 });
    // Two orders await confirmation (the one placed 40 days ago too), none is confirmed to ship.
    expect(d.todo).toMatchObject({ awaitingConfirmation: 2, toShip: 0 });
    expect(d.byStatus).toEqual({ awaiting_payment: 0, pending: 2, confirmed: 0, shipped: 0, delivered: 1, cancelled: 1, refused: 1, returned: 1 });
    expect(d.sales).toHaveLength(30);
    expect(d.sales.at(-1)).toMatchObject({ revenue, orders: 5 });
    expect(d.sales.slice(0, -1).every((s) => s.revenue === 0 && s.orders === 0)).toBe(true);
    expect(d.bestSellers.map((s) => [s.productId, s.quantity])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    expect(d.bestSellers[0]!.name).toBe(a!.name);
    expect(d.latest.map((o) => o.number)).toEqual([old, refused, returned, cancelled, delivered, kept].map((o) => o.number));
    expect(d.latest[0]).toMatchObject({ customerName: 'Mona Adel', status: 'pending', total: old.total });
    expect(Date.parse(d.latest[0]!.createdAt)).toBeLessThan(Date.now() - 39 * 86400000);
  });

  it('says what needs doing, each figure the size of the list it links to: to ship, to reorder, failed messages', async () => {
    const [p, quiet] = products.filter((x) => x.variants.length === 0 && x.stock >= 10).slice(-2);
    const placed = await order(p!.id, 1);
    await setStatus(placed.id, 'confirmed');
    // Both run low; only the one that sold is one to reorder.
    await app.shop.db.updateTable('products').set({ stock: 3 }).where('id', 'in', [p!.id, quiet!.id]).execute();
    const now = new Date().toISOString();
    await app.shop.db
      .insertInto('outbox')
      .values({ kind: 'order_received', recipient: 'x@example.com', language: 'en', payload: '{}', status: 'failed', next_attempt_at: now, created_at: now })
      .execute();

    const { todo, byStatus } = await dashboard();
    expect(todo.toShip).toBe(byStatus.confirmed);
    expect(todo.toShip).toBeGreaterThanOrEqual(1);
    expect(todo.failedMessages).toBe(1);
    const reorder = await call({ method: 'GET', url: '/api/admin/products?stock=reorder&pageSize=100' });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const listed = reorder.json<{ items: { id: number }[]; total: number }>();
    expect(listed.items.map((x) => x.id)).toContain(p!.id);
    expect(listed.items.map((x) => x.id)).not.toContain(quiet!.id);
    expect(todo.toReorder).toBe(listed.total);
    const confirmed = await call({ method: 'GET', url: '/api/admin/orders?status=confirmed&pageSize=100' });
    expect(confirmed.json<{ total: number }>().total).toBe(todo.toShip);
  });

  /** The dashboard's totals as the triggers keep them, rows that came back to zero left out. */
  const storedTotals = async () => {
    const db = app.shop.db;
    const hours = await db.selectFrom('order_hourly_totals').selectAll().execute();
    const statuses = await db.selectFrom('order_status_totals').selectAll().execute();
    const sales = await db.selectFrom('product_daily_sales').selectAll().execute();
    // A total is split over shards (migration 007): added up per hour and per status.
    const sum = <T>(rows: T[], key: (row: T) => string, values: (row: T) => number[]) => {
      const totals = new Map<string, number[]>();
      for (const row of rows)
        totals.set(
          key(row),
          values(row).map((v, i) => v + (totals.get(key(row))?.[i] ?? 0)),
        );
      return [...totals].filter(([, v]) => v.some((n) => n !== 0)).map(([k, v]) => `${k} ${v.join(' ')}`);
    };
    return {
      hours: sum(
        hours,
        (h) => h.hour,
        (h) => [h.orders, Number(h.revenue)],
      ).sort(),
      statuses: sum(
        statuses,
        (x) => x.status,
        (x) => [x.orders],
      ).sort(),
      sales: sales
        .filter((x) => x.quantity !== 0 || Number(x.revenue) !== 0)
        .map((x) => `${x.day} ${x.product_id} ${x.quantity} ${Number(x.revenue)}`)
        .sort(),
    };
  };
  /** The same figures counted from the orders and their lines. */
  const recount = async () => {
    const db = app.shop.db;
    const orders = await db.selectFrom('orders').select(['id', 'status', 'total', 'created_at']).execute();
    const lines = await db.selectFrom('order_lines').select(['order_id', 'product_id', 'quantity', 'line_total']).execute();
    const counts = (o: { status: string }) => !['cancelled', 'refused', 'returned'].includes(o.status);
    const add = (m: Map<string, number[]>, key: string, values: number[]) =>
      m.set(
        key,
        (m.get(key) ?? values.map(() => 0)).map((v, i) => v + values[i]!),
      );
    const hours = new Map<string, number[]>();
    const statuses = new Map<string, number[]>();
    const sales = new Map<string, number[]>();
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const o of orders) {
      add(hours, toIso(o.created_at).slice(0, 13), [1, counts(o) ? o.total : 0]);
      add(statuses, o.status, [1]);
    }
    for (const l of lines) {
      const o = byId.get(l.order_id)!;
      if (counts(o)) add(sales, `${toIso(o.created_at).slice(0, 10)} ${l.product_id}`, [l.quantity, l.line_total]);
    }
    const rows = (m: Map<string, number[]>) => [...m].map(([k, v]) => `${k} ${v.join(' ')}`).sort();
    return { hours: rows(hours), statuses: rows(statuses), sales: rows(sales) };
  };

  it('keeps its totals equal to a recount of the orders, whoever moves them', async () => {
    const stocked = products.filter((p) => p.variants.length === 0 && p.stock >= 20).slice(0, 3);
    const [p, q, r] = stocked.map((x) => x.id) as [number, number, number];
    const placed = [
      await orderLines([
        { productId: p, quantity: 1 },
        { productId: q, quantity: 2 },
      ]),
      await orderLines([
        { productId: r, quantity: 1 },
        { productId: p, quantity: 1 },
      ]),
      await order(q, 1),
      await order(r, 2),
      await order(p, 1),
    ];
    expect(await storedTotals()).toEqual(await recount());

    // Through the admin: confirm and cancel, deliver and return.
    await setStatus(placed[0]!.id, 'confirmed');
    await setStatus(placed[0]!.id, 'cancelled');
    for (const s of ['confirmed', 'shipped', 'refused']) await setStatus(placed[1]!.id, s);
    await setStatus(placed[2]!.id, 'confirmed');
    expect(await storedTotals()).toEqual(await recount());

    // Straight in SQL (another writer: a script, a restore): the triggers follow too.
    await app.shop.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', placed[3]!.id).execute();
    await app.shop.db.updateTable('orders').set({ status: 'pending' }).where('id', '=', placed[3]!.id).execute();
    await app.shop.db.updateTable('orders').set({ status: 'delivered', total: 12345 }).where('id', '=', placed[2]!.id).execute();
    expect(await storedTotals()).toEqual(await recount());

    // Best sellers from the first Cairo day of the 30: an order just inside (in the hours before
    // that UTC midnight, summed from the orders) counts, one just before it does not.
    const from = shopDayStart(lastShopDays(new Date(), 30)[0]!).getTime();
    await app.shop.db
      .updateTable('orders')
      .set({ created_at: new Date(from + 30 * 60000).toISOString() })
      .where('id', '=', placed[4]!.id)
      .execute();
    await app.shop.db
      .updateTable('orders')
      .set({ created_at: new Date(from - 30 * 60000).toISOString() })
      .where('id', '=', placed[3]!.id)
      .execute();
    expect(await storedTotals()).toEqual(await recount());

    const d = await dashboard();
    const db = app.shop.db;
    const sold = await db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .where('orders.created_at', '>=', new Date(from).toISOString())
      .where('orders.status', 'not in', ['cancelled', 'refused', 'returned'])
      .select(['order_lines.product_id', 'order_lines.quantity', 'order_lines.line_total'])
      .execute();
    const expected = new Map<number, { productId: number; quantity: number; revenue: number }>();
    for (const l of sold) {
      const e = expected.get(l.product_id) ?? { productId: l.product_id, quantity: 0, revenue: 0 };
      e.quantity += l.quantity;
      e.revenue += l.line_total;
      expected.set(l.product_id, e);
    }
    const top = [...expected.values()].sort((x, y) => y.quantity - x.quantity || y.revenue - x.revenue || x.productId - y.productId).slice(0, 5);
    expect(d.bestSellers.map(({ productId, quantity, revenue }) => ({ productId, quantity, revenue }))).toEqual(top);
    const statuses = await db.selectFrom('orders').select(['status']).execute();
    for (const s of Object.keys(d.byStatus)) expect(d.byStatus[s as keyof typeof d.byStatus], s).toBe(statuses.filter((o) => o.status === s).length);

    // Deleting orders (their lines go by cascade) takes them out of every total.
    await db.deleteFrom('orders').where('id', 'in', [placed[1]!.id, placed[4]!.id]).execute();
    expect(await storedTotals()).toEqual(await recount());
  });

  /** The split counted from the orders of the last 30 Cairo days themselves. */
  const recountPayments = async () => {
    const from = shopDayStart(lastShopDays(new Date(), 30)[0]!).toISOString();
    const rows = await app.shop.db
      .selectFrom('orders')
      .select(['status', 'payment_state', 'total', 'refunded'])
      .where('created_at', '>=', from)
      .where('status', 'not in', ['cancelled', 'refused', 'returned'])
      .execute();
    const online = rows.filter((o) => ['paid', 'partially_refunded', 'refunded'].includes(o.payment_state));
    const cod = rows.filter((o) => o.payment_state === 'cod');
    return {
      online: { orders: online.length, revenue: online.reduce((s, o) => s + o.total - o.refunded, 0) },
      cod: { orders: cod.length, revenue: cod.reduce((s, o) => s + o.total, 0) },
    };
  };

  it('splits the last 30 days between orders paid online (less refunds) and cash on delivery', async () => {
    const before = (await dashboard()).payments;
    const [p] = products.filter((x) => x.variants.length === 0 && x.stock >= 20);
    const one = () => order(p!.id, 1);
    const cash = await one();
    const cashCancelled = await one();
    const paid = await one();
    const partly = await one();
    const refunded = await one();
    const awaiting = await one();
    const failed = await one();
    const expired = await one();
    const paidReturned = await one();
    const oldPaid = await one();
    const oldCash = await one();
    await setStatus(cashCancelled.id, 'cancelled');
    // Payments as Paymob's callbacks leave them, written straight in (the payment use cases have their own tests).
    const set = (o: { id: number }, values: Updateable<OrderTable>) => app.shop.db.updateTable('orders').set(values).where('id', '=', o.id).execute();
    await set(paid, { payment_method: 'card', payment_state: 'paid', status: 'confirmed' });
    await set(partly, { payment_method: 'wallet', payment_state: 'partially_refunded', refunded: 1000, status: 'shipped' });
    await set(refunded, { payment_method: 'card', payment_state: 'refunded', refunded: refunded.total, status: 'confirmed' });
    await set(awaiting, { payment_method: 'card', payment_state: 'awaiting_payment', status: 'awaiting_payment' });
    await set(failed, { payment_method: 'wallet', payment_state: 'payment_failed', status: 'awaiting_payment' });
    await set(expired, { payment_method: 'kiosk', payment_state: 'expired', status: 'cancelled' });
    await set(paidReturned, { payment_method: 'card', payment_state: 'paid', status: 'returned' });
    const longAgo = new Date(Date.now() - 40 * 86400000).toISOString();
    await set(oldPaid, { payment_method: 'card', payment_state: 'paid', status: 'confirmed', created_at: longAgo });
    await set(oldCash, { created_at: longAgo });

    const d = await dashboard();
    expect(d.payments).toEqual({
      online: {
        orders: before.online.orders + 3,
        revenue: before.online.revenue + paid.total + partly.total - 1000,
      },
      cod: { orders: before.cod.orders + 1, revenue: before.cod.revenue + cash.total },
    });
    expect(d.payments).toEqual(await recountPayments());
    expect(d.byStatus.awaiting_payment).toBe(2);
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
