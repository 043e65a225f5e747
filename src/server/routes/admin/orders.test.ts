import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { Product, ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import { shopDay } from '../../../shared/domain/shop-time.js';
import { parseOrderSearch } from '../../../shared/domain/order-search.js';
import { listAdminOrders } from '../../repositories/admin-order-repository.js';

const admin = testAdmin;
const base = { governorate: 'ALX', city: 'Smouha', address: '12 Victor Emmanuel Square, flat 4', paymentMethod: 'cod' };
const mona = { ...base, fullName: 'Mona Adel', phone: '+20 100 555 0199', email: 'mona@example.com' };
const karim = { ...base, fullName: 'Karim Fathy', phone: '0122 333 4455', governorate: 'CAI', city: 'Maadi' };
const salma = { ...base, fullName: 'سلمى حسن', phone: '01555 123 987', governorate: 'GIZ', city: 'Dokki' };

interface ListBody {
  items: Array<{ id: number; number: string; status: string; customerName: string; phone: string; governorate: string; total: number; createdAt: string }>;
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('admin orders API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let products: ProductSummary[];

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const list = async (query = '') => {
    const res = await call({ method: 'GET', url: `/api/admin/orders${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };
  const detail = async (id: number) => {
    const res = await call({ method: 'GET', url: `/api/admin/orders/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setStatus = (id: number, status: string, note?: string) =>
    call({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: note === undefined ? { status } : { status, note } });
  const stockOf = async (id: number) => (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>().stock;
  const place = async (who: object, productId: number, quantity: number) => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `admin-orders-${Date.now()}-${++ipSeq}` },
      payload: JSON.stringify({ ...who, lines: [{ productId, quantity }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as { number: string; total: number; subtotal: number; shippingFee: number };
    const row = await app.shop.db.selectFrom('orders').select('id').where('number', '=', placed.number).executeTakeFirstOrThrow();
    return { ...placed, id: row.id };
  };
  const simple = (min: number) => products.find((p) => p.variants.length === 0 && p.stock >= min)!;

  let a: Awaited<ReturnType<typeof place>>;
  let b: Awaited<ReturnType<typeof place>>;
  let c: Awaited<ReturnType<typeof place>>;

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    const product = simple(10);
    a = await place(mona, product.id, 2);
    b = await place(karim, product.id, 1);
    c = await place(salma, product.id, 3);
  });
  afterAll(async () => close?.());

  it('refuses the list and the export without an admin session', async () => {
    for (const url of ['/api/admin/orders', '/api/admin/orders.csv', `/api/admin/orders/${a.id}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists orders newest first with the row shape, and pages', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items.map((o) => o.number)).toEqual([c.number, b.number, a.number]);
    expect(all.items[2]).toEqual({
      id: a.id,
      number: a.number,
      status: 'pending',
      customerName: 'Mona Adel',
      phone: '01005550199',
      governorate: 'ALX',
      total: a.total,
      confirmation: 'awaiting',
      paymentMethod: 'cod',
      paymentState: 'cod',
      paymentFlag: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      phoneRecord: { orders: 1, delivered: 0, refused: 0 },
      toReview: false,
    });
    const p1 = await list('?pageSize=2');
    const p2 = await list('?pageSize=2&page=2');
    expect([p1.page, p1.pageSize, p1.total, p1.totalExact, p1.items.length]).toEqual([1, 2, 3, true, 2]);
    expect([p2.page, p2.total, p2.items.length]).toEqual([2, 3, 1]);
    expect(p2.items[0]!.number).toBe(a.number);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('counts matches only so far past the page, and says when it stopped', async () => {
    const f = { dialect: app.shop.dialect };
    // Counting at most 1 past the page's start: 3 orders are "more than 1", then "more than 2".
    const first = await listAdminOrders(app.shop.db, f, 1, 1, 1);
    expect([first.total, first.totalExact, first.items.map((o) => o.number)]).toEqual([1, false, [c.number]]);
    const second = await listAdminOrders(app.shop.db, f, 2, 1, 1);
    expect([second.total, second.totalExact, second.items.map((o) => o.number)]).toEqual([2, false, [b.number]]);
    const third = await listAdminOrders(app.shop.db, f, 3, 1, 1);
    expect([third.total, third.totalExact, third.items.map((o) => o.number)]).toEqual([3, true, [a.number]]);
    const named = await listAdminOrders(app.shop.db, { ...f, search: parseOrderSearch('a') }, 1, 1, 1);
    expect([named.total, named.totalExact]).toEqual([1, false]);
    const allNamed = await listAdminOrders(app.shop.db, { ...f, search: parseOrderSearch('a') }, 1, 1, 2);
    expect([allNamed.total, allNamed.totalExact]).toEqual([2, true]);
  });

  it('validates the filters', async () => {
    for (const q of ['?status=lost', '?from=2026-02-30', '?to=yesterday', '?pageSize=101', '?page=0', '?sort=total']) {
      const res = await call({ method: 'GET', url: `/api/admin/orders${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('searches by order number, phone in any written form, and name', async () => {
    const numbers = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((o) => o.number);
    expect(await numbers(b.number)).toEqual([b.number]);
    expect(await numbers(b.number.toLowerCase())).toEqual([b.number]);
    expect(await numbers(b.number.slice(4))).toEqual([b.number]);
    expect(await numbers('01005550199')).toEqual([a.number]);
    expect(await numbers('+20 100 555 0199')).toEqual([a.number]);
    expect(await numbers('٠١٢٢٣٣٣٤٤٥٥')).toEqual([b.number]);
    expect(await numbers('01555')).toEqual([c.number]);
    expect(await numbers('0100 555')).toEqual([a.number]);
    expect(await numbers('karim')).toEqual([b.number]);
    expect(await numbers('ADEL')).toEqual([a.number]);
    expect(await numbers('سلمى')).toEqual([c.number]);
    expect(await numbers('NSM-999999')).toEqual([]);
    expect(await numbers('%')).toEqual([]);
  });

  it('finds names through the name index: parts of words, short terms, a renamed customer', async () => {
    const numbers = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).items.map((o) => o.number);
    expect(await numbers('ona ad')).toEqual([a.number]);
    expect(await numbers('rim fa')).toEqual([b.number]);
    expect(await numbers('mo')).toEqual([a.number]);
    expect(await numbers('y')).toEqual([b.number]);
    expect(await numbers('مى حس')).toEqual([c.number]);
    expect(await numbers('"adel"')).toEqual([]);
    expect(await numbers('a_el')).toEqual([]);
    // The index follows every change of a name, whoever makes it.
    await app.shop.db.updateTable('orders').set({ customer_name: 'Mona Fathy' }).where('id', '=', a.id).execute();
    expect(await numbers('adel')).toEqual([]);
    expect(await numbers('fathy')).toEqual([b.number, a.number]);
    await app.shop.db.updateTable('orders').set({ customer_name: 'Mona Adel' }).where('id', '=', a.id).execute();
    expect(await numbers('fathy')).toEqual([b.number]);
    expect(await numbers('adel')).toEqual([a.number]);
  });

  it('filters by status and by Cairo calendar days', async () => {
    const today = shopDay(new Date());
    const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86400000).toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(3);
    expect((await list(`?from=${day(1)}`)).total).toBe(0);
    expect((await list(`?to=${day(-1)}`)).total).toBe(0);

    // 23:30 in Cairo on 10 March 2025 (UTC+2) is 21:30 UTC: it belongs to the 10th, not the 11th.
    await app.shop.db.updateTable('orders').set({ created_at: '2025-03-10T21:30:00.000Z' }).where('id', '=', a.id).execute();
    try {
      expect((await list('?from=2025-03-10&to=2025-03-10')).items.map((o) => o.number)).toEqual([a.number]);
      expect((await list('?from=2025-03-11&to=2025-03-11')).total).toBe(0);
      expect((await list(`?from=2025-03-01&to=${today}`)).total).toBe(3);
      expect((await list('?to=2025-03-31')).items.map((o) => o.number)).toEqual([a.number]);
      // Oldest last: the back-dated order moves to the end of the list.
      expect((await list()).items.at(-1)!.number).toBe(a.number);
    } finally {
      await app.shop.db.updateTable('orders').set({ created_at: new Date().toISOString() }).where('id', '=', a.id).execute();
    }

    expect((await setStatus(b.id, 'confirmed')).statusCode).toBe(200);
    const confirmed = await list('?status=confirmed');
    expect(confirmed.items.map((o) => o.number)).toEqual([b.number]);
    expect(confirmed.items[0]!.status).toBe('confirmed');
    expect((await list('?status=pending')).total).toBe(2);
    expect((await list(`?status=pending&q=${encodeURIComponent(b.number)}`)).total).toBe(0);
  });

  it('shows an order with its lines, next statuses and history', async () => {
    const order = await detail(a.id);
    expect(order).toMatchObject({
      id: a.id,
      number: a.number,
      status: 'pending',
      customerName: 'Mona Adel',
      phone: '01005550199',
      email: 'mona@example.com',
      governorate: 'ALX',
      city: 'Smouha',
      subtotal: a.subtotal,
      shippingFee: a.shippingFee,
      total: a.total,
      nextStatuses: ['confirmed', 'cancelled'],
      history: [{ from: null, to: 'pending', note: null, actor: null, at: expect.any(String) }],
    });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ quantity: 2, lineTotal: a.subtotal });
    expect(order).not.toHaveProperty('accessTokenHash');
    expect((await call({ method: 'GET', url: '/api/admin/orders/999999' })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/admin/orders/abc' })).statusCode).toBe(400);
  });

  it('moves an order along the state machine and refuses impossible changes with 409', async () => {
    const product = simple(5);
    const o = await place(karim, product.id, 1);
    const conflict = await setStatus(o.id, 'shipped');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('status_conflict');
    expect((await call({ method: 'POST', url: `/api/admin/orders/${o.id}/status`, payload: { status: 'lost' } })).statusCode).toBe(400);
    expect((await setStatus(999999, 'confirmed')).statusCode).toBe(404);

    expect((await setStatus(o.id, 'confirmed', 'Phoned, she confirmed')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'shipped')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'cancelled')).statusCode).toBe(409);
    expect((await setStatus(o.id, 'delivered')).statusCode).toBe(200);
    const delivered = await detail(o.id);
    // A return after delivery is the returns flow's, not a status move (decision 042).
    expect(delivered.nextStatuses).toEqual([]);
    expect(delivered.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(delivered.history[1]).toMatchObject({ from: 'pending', to: 'confirmed', note: 'Phoned, she confirmed', actor: 'Shop admin' });
    expect((await setStatus(o.id, 'returned')).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: `/api/admin/orders/${o.id}/status`, payload: { status: 'returned', courierReason: 'other' } })).statusCode).toBe(
      409,
    );
    expect((await setStatus(o.id, 'pending')).statusCode).toBe(409);
  });

  it('returns the stock exactly once when an order is cancelled', async () => {
    const product = simple(6);
    const before = await stockOf(product.id);
    const o = await place(mona, product.id, 3);
    expect(await stockOf(product.id)).toBe(before - 3);
    expect((await setStatus(o.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'cancelled', 'Customer changed her mind')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(before);
    const again = await setStatus(o.id, 'cancelled');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('status_conflict');
    expect(await stockOf(product.id)).toBe(before);
    const order = await detail(o.id);
    expect(order.status).toBe('cancelled');
    expect(order.nextStatuses).toEqual([]);
    expect(order.history.at(-1)).toMatchObject({ from: 'confirmed', to: 'cancelled', actor: 'Shop admin' });
  });

  it('exports the matching orders as CSV with a BOM, a header and one row each', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/orders.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${shopDay(new Date())}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Number,Date,Status,Customer,Phone,Governorate,City,Items,Subtotal (EGP),Shipping (EGP),Total (EGP)');
    const total = (await list()).total;
    expect(lines).toHaveLength(total + 1);
    expect(res.headers['x-total-count']).toBe(String(total));
    const row = lines.find((l) => l.startsWith(`${c.number},`))!;
    expect(row).toMatch(new RegExp(`^${c.number},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},pending,سلمى حسن,01555123987,Giza,Dokki,3,`));
    expect(row.endsWith(`,${(c.subtotal / 100).toFixed(2)},${(c.shippingFee / 100).toFixed(2)},${(c.total / 100).toFixed(2)}`)).toBe(true);

    const filtered = await call({ method: 'GET', url: '/api/admin/orders.csv?status=confirmed' });
    const rows = filtered.body.trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual([b.number]);
    expect((await call({ method: 'GET', url: '/api/admin/orders.csv?page=2' })).statusCode).toBe(400);
  });

  it('keeps a formula typed as a name as text in the export, and exports more than one batch', async () => {
    await app.shop.db.updateTable('orders').set({ customer_name: '=HYPERLINK("http://x.test","win")' }).where('id', '=', b.id).execute();
    const res = await call({ method: 'GET', url: `/api/admin/orders.csv?q=${b.number}` });
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.test"",""win"")"`);

    // 2,500 orders (more than one keyset batch of 2,000), a batch ending among orders sharing one timestamp.
    const [first] = await app.shop.db.selectFrom('orders').selectAll().where('id', '=', a.id).execute();
    // payment_due_at left out: null for a cash order, and read as Date | string, which an insert does not take.
    const { id: _id, number: _n, idempotency_key: _k, confirmation_at: _c, payment_due_at: _d, ...row } = first!;
    const at = '2024-06-01T10:00:00.000Z';
    const extra = Array.from({ length: 2500 }, (_, i) => ({
      ...row,
      number: `NSM-9${String(i).padStart(5, '0')}`,
      created_at: i < 2300 ? at : '2024-05-01T10:00:00.000Z',
      updated_at: at,
    }));
    for (let i = 0; i < extra.length; i += 200)
      await app.shop.db
        .insertInto('orders')
        .values(extra.slice(i, i + 200))
        .execute();
    const all = await call({ method: 'GET', url: '/api/admin/orders.csv?to=2024-12-31' });
    const numbers = all.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(',')[0]);
    expect(numbers).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(2500);
    // Newest first as the list shows them: the export is the list's rows, all of them.
    const ids = await app.shop.db
      .selectFrom('orders')
      .select('number')
      .where('created_at', '<', '2025-01-01T00:00:00.000Z')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(numbers).toEqual(ids.map((o) => o.number));
    expect(all.headers['x-total-count']).toBe('2500');
    const deep = await list('?to=2024-12-31&pageSize=100&page=12');
    expect(deep.items).toHaveLength(100);
    expect(deep.items.map((o) => o.number)).toEqual(numbers.slice(1100, 1200));
    expect([deep.total, deep.totalExact]).toEqual([2100, false]);
    const firstPage = await list('?to=2024-12-31');
    expect([firstPage.total, firstPage.totalExact]).toEqual([1000, false]);
  });
  it('searches a name shared by thousands of orders by walking the list, and counts it from the name index', async () => {
    const [first] = await app.shop.db.selectFrom('orders').selectAll().where('id', '=', a.id).execute();
    const { id: _id, number: _n, idempotency_key: _k, confirmation_at: _c, payment_due_at: _d, ...row } = first!;
    // 4,100 orders named alike: more than SQLite reads by id (4,000), so its list walks the index.
    const many = Array.from({ length: 4100 }, (_, i) => ({
      ...row,
      customer_name: 'Zeinab Many',
      status: i % 2 ? ('pending' as const) : ('delivered' as const),
      number: `NSM-8${String(i).padStart(5, '0')}`,
      created_at: new Date(Date.parse('2023-03-01T00:00:00.000Z') + (i % 1000) * 60000).toISOString(),
      updated_at: '2023-03-01T00:00:00.000Z',
    }));
    for (let i = 0; i < many.length; i += 200)
      await app.shop.db
        .insertInto('orders')
        .values(many.slice(i, i + 200))
        .execute();
    const expected = await app.shop.db
      .selectFrom('orders')
      .select(['number', 'status'])
      .where('customer_name', '=', 'Zeinab Many')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const all = await list('?q=zeinab&pageSize=100&page=3');
    expect(all.items.map((o) => o.number)).toEqual(expected.slice(200, 300).map((o) => o.number));
    expect([all.total, all.totalExact]).toEqual([1200, false]);
    const pending = expected.filter((o) => o.status === 'pending');
    const filtered = await list('?q=ZEINAB%20m&status=pending&pageSize=100&page=20');
    expect(filtered.items.map((o) => o.number)).toEqual(pending.slice(1900, 2000).map((o) => o.number));
    expect([filtered.total, filtered.totalExact]).toEqual([2050, true]);
    const csv = await call({ method: 'GET', url: '/api/admin/orders.csv?q=zeinab' });
    expect(csv.headers['x-total-count']).toBe('4100');
    expect(csv.body.trim().split('\r\n')).toHaveLength(4101);
  });
});
