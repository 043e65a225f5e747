import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard.js';

const admin = testAdmin;
const mona = {
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square',
  paymentMethod: 'cod',
  fullName: 'Mona Adel',
  phone: '+20 100 555 0199',
};
const salma = { ...mona, fullName: 'سلمى حسن', phone: '٠١٥٥٥١٢٣٩٨٧', email: 'salma@example.com', governorate: 'GIZ', city: 'الدقي' };

let ipSeq = 0;
const freshIp = () => `10.11.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('WhatsApp confirmation of COD orders on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let products: ProductSummary[];

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const detail = async (id: number) => {
    const res = await call({ method: 'GET', url: `/api/admin/orders/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const answer = (id: number, value: string) => call({ method: 'POST', url: `/api/admin/orders/${id}/confirmation`, payload: { answer: value } });
  const awaiting = async (query = '') => {
    const res = await call({ method: 'GET', url: `/api/admin/orders?confirmation=awaiting${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<{ id: number; confirmation: string }>).map((o) => o.id);
  };
  const place = async (who: object, lines: object[], lng = 'en') => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `confirm-${Date.now()}-${++ipSeq}`, cookie: `i18next=${lng}` },
      payload: JSON.stringify({ ...who, lines }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as { number: string; total: number };
    const row = await app.shop.db.selectFrom('orders').select('id').where('number', '=', placed.number).executeTakeFirstOrThrow();
    return { ...placed, id: row.id };
  };
  const simple = () => products.find((p) => p.variants.length === 0 && p.stock >= 20)!;

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100&lng=ar' })).json<ProductList>().items;
  });
  afterAll(async () => close?.());

  it('gives each order a WhatsApp link to the customer with the message in the order language', async () => {
    const product = simple();
    const en = await place(mona, [{ productId: product.id, quantity: 2 }], 'en');
    const order = await detail(en.id);
    expect(order).toMatchObject({ language: 'en', confirmation: 'awaiting', confirmationAt: null });
    const url = new URL(order.whatsapp);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/201005550199');
    const text = url.searchParams.get('text')!;
    expect(text).toContain(`We received your order ${en.number}:`);
    expect(text).toMatch(new RegExp(`^- 2 × .+$`, 'm'));
    expect(text.replace(/\u00a0/g, ' ')).toContain('Total: EGP ');
    expect(text).toContain('Delivery to: 12 Victor Emmanuel Square, Smouha, Alexandria');

    // Arabic: Arabic-Indic digits in the phone, product names and options in Arabic.
    const variant = products.find((p) => p.variants.some((v) => v.stock >= 2 && v.color))!;
    const v = variant.variants.find((x) => x.stock >= 2 && x.color)!;
    const ar = await place(salma, [{ productId: variant.id, color: v.color, size: v.size, quantity: 1 }], 'ar');
    const arOrder = await detail(ar.id);
    const arUrl = new URL(arOrder.whatsapp);
    expect(arUrl.pathname).toBe('/201555123987');
    const arText = arUrl.searchParams.get('text')!;
    expect(arText.split('\n')[0]).toBe('مرحبًا سلمى حسن، معك Nasma.');
    expect(arText).toContain(`وصلنا طلبك رقم ${ar.number}:`);
    expect(arText).toContain(`- 1 × ${variant.name} (`);
    expect(arText).toContain('التوصيل إلى: 12 Victor Emmanuel Square، الدقي، الجيزة');
    expect(arText).toContain('ج.م.');
  });

  it('records an answer in one click, with who and when in the history', async () => {
    const o = await place(mona, [{ productId: simple().id, quantity: 1 }]);
    const res = await answer(o.id, 'no_answer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, confirmation: 'no_answer', status: 'pending' });
    const order = await detail(o.id);
    expect(order).toMatchObject({ status: 'pending', confirmation: 'no_answer', confirmationAt: expect.stringMatching(/^\d{4}-/) });
    expect(order.history.at(-1)).toMatchObject({ from: 'pending', to: 'pending', confirmation: 'no_answer', actor: 'Shop admin', note: null });
  });

  it('confirms a pending order on "confirmed" through the status change, with the customer e-mail', async () => {
    const o = await place(salma, [{ productId: simple().id, quantity: 1 }], 'ar');
    const res = await answer(o.id, 'confirmed');
    expect(res.json()).toEqual({ ok: true, confirmation: 'confirmed', status: 'confirmed' });
    const order = await detail(o.id);
    expect(order).toMatchObject({ status: 'confirmed', confirmation: 'confirmed', nextStatuses: ['shipped', 'cancelled'] });
    expect(order.history.map((h: { to: string; confirmation: string | null }) => [h.to, h.confirmation])).toEqual([
      ['pending', null],
      ['confirmed', 'confirmed'],
    ]);
    const mails = await app.shop.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'language', 'payload'])
      .where('recipient', '=', 'salma@example.com')
      .execute();
    const told = mails.filter((m) => m.kind === 'order_status' && JSON.parse(m.payload).order?.number === o.number);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ language: 'ar' });
    expect(JSON.parse(told[0]!.payload).status).toBe('confirmed');
    // A confirmed order may still be refused; that records, it does not cancel.
    const refused = await answer(o.id, 'refused');
    expect(refused.json()).toEqual({ ok: true, confirmation: 'refused', status: 'confirmed' });
  });

  it('does not cancel a refused order, and refuses answers once the order has shipped', async () => {
    const o = await place(mona, [{ productId: simple().id, quantity: 1 }]);
    expect((await answer(o.id, 'refused')).json()).toEqual({ ok: true, confirmation: 'refused', status: 'pending' });
    expect((await detail(o.id)).nextStatuses).toEqual(['confirmed', 'cancelled']);

    const shipped = await place(mona, [{ productId: simple().id, quantity: 1 }]);
    for (const status of ['confirmed', 'shipped'])
      expect((await call({ method: 'POST', url: `/api/admin/orders/${shipped.id}/status`, payload: { status } })).statusCode).toBe(200);
    const late = await answer(shipped.id, 'confirmed');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('status_conflict');
  });

  it('validates the answer and needs an admin', async () => {
    const o = await place(mona, [{ productId: simple().id, quantity: 1 }]);
    for (const payload of [{ answer: 'maybe' }, {}, { answer: 'confirmed', status: 'shipped' }]) {
      const res = await call({ method: 'POST', url: `/api/admin/orders/${o.id}/confirmation`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await answer(999999, 'confirmed')).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: `/api/admin/orders/${o.id}/confirmation`, payload: { answer: 'confirmed' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await detail(o.id)).confirmation).toBe('awaiting');
  });

  it('filters the list on the pending orders still to be confirmed, newest first', async () => {
    const p = simple().id;
    const waiting = await place(mona, [{ productId: p, quantity: 1 }]);
    const unanswered = await place(mona, [{ productId: p, quantity: 1 }]);
    const confirmed = await place(mona, [{ productId: p, quantity: 1 }]);
    const refused = await place(mona, [{ productId: p, quantity: 1 }]);
    const cancelled = await place(mona, [{ productId: p, quantity: 1 }]);
    await answer(unanswered.id, 'no_answer');
    await answer(confirmed.id, 'confirmed');
    await answer(refused.id, 'refused');
    await call({ method: 'POST', url: `/api/admin/orders/${cancelled.id}/status`, payload: { status: 'cancelled' } });
    const ids = await awaiting();
    expect(ids.slice(0, 2)).toEqual([unanswered.id, waiting.id]);
    for (const gone of [confirmed.id, refused.id, cancelled.id]) expect(ids).not.toContain(gone);
    expect(await awaiting(`&q=${encodeURIComponent(waiting.number)}`)).toEqual([waiting.id]);
    expect(await awaiting('&status=confirmed')).toEqual([]);
    const csv = await call({ method: 'GET', url: `/api/admin/orders.csv?confirmation=awaiting&q=${encodeURIComponent(unanswered.number)}` });
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect((await call({ method: 'GET', url: '/api/admin/orders?confirmation=confirmed' })).statusCode).toBe(400);
  });

  it('walks the status index for the filter, and counts answers from their index', async () => {
    if (name !== 'sqlite') return;
    const filter = await sql<{ detail: string }>`explain query plan select id from orders
      where status = ${'pending'} and confirmation in (${'awaiting'}, ${'no_answer'}) order by created_at desc, id desc limit 25`.execute(app.shop.db);
    expect(filter.rows.map((r) => r.detail).join('\n')).toMatch(/USING INDEX orders_status_created/);
    const answers = await sql<{ detail: string }>`explain query plan select confirmation, count(*) from orders
      where confirmation_at >= ${'2026-01-01'} group by confirmation`.execute(app.shop.db);
    expect(answers.rows.map((r) => r.detail).join('\n')).toMatch(/USING COVERING INDEX orders_confirmation_at/);
  });

  it('shows the confirmation rate over 30 days on the dashboard', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    const { confirmation } = res.json<Dashboard>();
    // Answers above, each order by its last: confirmed 1 (the filter's), refused 3 (two refused, one confirmed then refused), no answer 2.
    expect(confirmation).toEqual({ confirmed: 1, no_answer: 2, refused: 3, rate: 0.25 });
  });
});
