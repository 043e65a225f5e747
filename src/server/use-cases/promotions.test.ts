import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testCustomer, testDatabases } from '../test-support.js';
import { testPhone, testPromotion } from '../../shared/domain/test-products.js';
import type { AdminPromotionDetail, AdminPromotionInput } from '../../shared/schemas/promotion.js';
import type { Order } from '../../shared/schemas/checkout.js';
import type { ProductList } from '../../shared/schemas/product.js';
import type { AdminCategory } from '../../shared/schemas/admin-product.js';

/**
 * Promotions through the shop's API on each database: the merchant's form and list, the shopper's
 * "Apply" with every answer, checkout's atomic redemption (20 shoppers at once on a one-use code;
 * one phone racing itself on a once-per-customer code, across two processes on PostgreSQL), and
 * a cancelled order giving its use back once.
 */
describe.each(testDatabases)('promotions on $name', ({ name }) => {
  let app: FastifyInstance;
  let second: FastifyInstance;
  const closers: Array<() => Promise<void>> = [];
  let cookie = '';
  let ip = 0;
  let products: ProductList['items'] = [];
  let categories: AdminCategory[] = [];
  let phones = 0;

  /** Each call from its own address, so per-address limits never join unrelated calls. */
  const call = (opts: InjectOptions, on: FastifyInstance = app) =>
    on.inject({ remoteAddress: `10.30.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });

  const offer = (over: Partial<AdminPromotionInput> = {}) => testPromotion({ names: { en: 'White Friday', ar: 'الجمعة البيضاء' }, ...over });

  let codes = 0;
  /** A new code unique to this run. */
  const newCode = (stem = 'TEST') => `${stem}${name === 'sqlite' ? 'S' : 'P'}${++codes}`;

  const create = async (input: AdminPromotionInput): Promise<number> => {
    const res = await call({ method: 'POST', url: '/api/admin/promotions', payload: input });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const read = async (id: number) => (await call({ method: 'GET', url: `/api/admin/promotions/${id}` })).json<AdminPromotionDetail>();

  /** A product with stock and no variants, at full price (no own discount) unless asked. */
  const plain = (discounted = false) => products.find((p) => p.variants.length === 0 && p.stock >= 50 && p.discount > 0 === discounted)!;
  const lines = (quantity = 1, product = plain()) => [{ productId: product.id, quantity }];

  const order = (body: Record<string, unknown>, on?: FastifyInstance) =>
    call(
      {
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: '', 'idempotency-key': `pr-${name}-${++ip}-${Date.now()}` },
        payload: { ...testCustomer, ...body },
      },
      on,
    );
  const apply = (code: string, body: Record<string, unknown> = {}) =>
    call({ method: 'POST', url: '/api/promotions/code', headers: { cookie: '' }, payload: { code, lines: lines(), ...body } });

  beforeAll(async () => {
    const first = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = first.app;
    closers.push(first.close);
    // A second process on the same database (PostgreSQL), as behind nginx; SQLite is one process.
    if (name === 'postgres') {
      const { databaseUrl, pgSchema } = first.app.shop.config;
      const other = await buildTestApp(name, { databaseUrl, pgSchema, seedDemo: false });
      second = other.app;
      closers.unshift(async () => other.app.close());
    } else second = app;
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    products = (await call({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    categories = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  describe('the merchant’s form and list', () => {
    it('stores a code normalised (any case, Arabic-Indic digits) and finds it by status and text', async () => {
      const code = newCode('eid');
      const id = await create(offer({ code: `${code.toLowerCase()}٢٠`, kind: 'amount', value: 5000 }));
      const stored = await read(id);
      expect(stored).toMatchObject({
        code: `${code.toUpperCase()}20`,
        kind: 'amount',
        value: 5000,
        status: 'active',
        uses: 0,
        usage: { orders: 0, discount: 0, revenue: 0 },
      });
      const list = (await call({ method: 'GET', url: `/api/admin/promotions?status=active&q=${code.toLowerCase()}` })).json<{
        items: AdminPromotionDetail[];
      }>();
      expect(list.items.map((p) => p.id)).toContain(id);
      const paused = (await call({ method: 'GET', url: `/api/admin/promotions?status=paused&q=${code}` })).json<{ items: AdminPromotionDetail[] }>();
      expect(paused.items.map((p) => p.id)).not.toContain(id);
    });

    it('refuses a code taken, a bad code, a percent over 100 and an end before the start, each on its field', async () => {
      const code = newCode();
      await create(offer({ code }));
      const taken = await call({ method: 'POST', url: '/api/admin/promotions', payload: offer({ code: code.toLowerCase() }) });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'code_taken' } });
      const fields = async (input: AdminPromotionInput) => {
        const res = await call({ method: 'POST', url: '/api/admin/promotions', payload: input });
        expect(res.statusCode).toBe(400);
        return res.json<{ error: { fields: Record<string, string> } }>().error.fields;
      };
      expect(await fields(offer({ code: 'a b' }))).toMatchObject({ code: 'code_invalid' });
      expect(await fields(offer({ value: 150, startsAt: '2026-12-02T10:00:00.000Z', endsAt: '2026-12-01T10:00:00.000Z' }))).toMatchObject({
        value: 'percent_range',
        endsAt: 'ends_before_start',
      });
    });

    it('pauses and resumes, and deletes only an offer no order used', async () => {
      const id = await create(offer({ code: newCode() }));
      expect((await call({ method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { paused: true } })).statusCode).toBe(200);
      expect((await read(id)).status).toBe('paused');
      expect((await call({ method: 'DELETE', url: `/api/admin/promotions/${id}` })).statusCode).toBe(204);
      expect((await call({ method: 'GET', url: `/api/admin/promotions/${id}` })).statusCode).toBe(404);
    });
  });

  describe('the shopper’s Apply', () => {
    it('answers a good code with its offer and what it saves on these lines', async () => {
      const code = newCode();
      await create(offer({ code, value: 15 }));
      const product = plain();
      const res = await apply(` ${code.toLowerCase()} `, { lines: lines(2, product) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ rule: { code, kind: 'percent', value: 15 }, saving: Math.round(product.price * 2 * 0.15) });
    });

    it('says why a code cannot be used: unknown, expired, not started, paused, minimum (with the amount missing), not for these products', async () => {
      const past = '2020-01-01T00:00:00.000Z';
      const future = '2099-01-01T00:00:00.000Z';
      const expired = newCode();
      const later = newCode();
      const paused = newCode();
      const minimum = newCode();
      const elsewhere = newCode();
      await create(offer({ code: expired, startsAt: '2019-01-01T00:00:00.000Z', endsAt: past }));
      await create(offer({ code: later, startsAt: future }));
      await create(offer({ code: paused, paused: true }));
      await create(offer({ code: minimum, minSubtotal: plain().price + 1 }));
      const other = products.find((p) => p.id !== plain().id && p.variants.length === 0)!;
      await create(offer({ code: elsewhere, productIds: [other.id] }));
      const answer = async (code: string) => {
        const res = await apply(code);
        return [res.statusCode, res.json<{ error: { code: string; details?: unknown } }>().error.code];
      };
      expect(await answer('NOSUCHCODE')).toEqual([404, 'promotion_unknown']);
      expect(await answer(expired)).toEqual([409, 'promotion_expired']);
      expect(await answer(later)).toEqual([409, 'promotion_not_started']);
      expect(await answer(paused)).toEqual([409, 'promotion_paused']);
      expect(await answer(minimum)).toEqual([409, 'promotion_minimum']);
      expect((await apply(minimum)).json()).toMatchObject({ error: { details: { missing: 1 } } });
      expect(await answer(elsewhere)).toEqual([409, 'promotion_not_applicable']);
      expect((await apply('ab')).statusCode).toBe(400);
    });

    it('limits unknown codes per address: the sixth in a minute answers 429', async () => {
      const from = { remoteAddress: '10.99.0.1' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/promotions/code', ...from, payload: { code: `GUESS${i}X`, lines: lines() } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
      const refused = await app.inject({ method: 'POST', url: '/api/promotions/code', ...from, payload: { code: 'GUESS9X', lines: lines() } });
      expect(refused.json()).toMatchObject({ error: { code: 'too_many_code_attempts' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('checkout', () => {
    it('charges the code’s saving, shows it on the order and in its usage, and refuses a bad code', async () => {
      const code = newCode();
      const id = await create(offer({ code, kind: 'amount', value: 2500 }));
      const res = await order({ phone: testPhone(++phones), lines: lines(1), couponCode: code.toLowerCase() });
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json<{ order: Order }>().order;
      expect(placed).toMatchObject({
        discount: 2500,
        total: placed.subtotal - 2500 + placed.shippingFee,
        promotions: [{ code, name: code, kind: 'amount', amount: 2500 }],
      });
      expect(await read(id)).toMatchObject({ uses: 1, usage: { orders: 1, discount: 2500, revenue: placed.total } });
      const csv = await call({ method: 'GET', url: `/api/admin/promotions/${id}/orders.csv` });
      expect(csv.body).toContain(placed.number);
      const bad = await order({ phone: testPhone(++phones), lines: lines(1), couponCode: 'NOSUCHCODE' });
      expect(bad.statusCode).toBe(404);
    });

    it('gives a one-use code to exactly one of 20 shoppers at once; the others are told and may order without it', async () => {
      const code = newCode('ONCE');
      const id = await create(offer({ code, maxUses: 1 }));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => order({ phone: testPhone(++phones), lines: lines(1), couponCode: code }, i % 2 ? second : app)),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json()).toMatchObject({ error: { code: expect.stringMatching(/^promotion_used_up$/) } });
      expect(await read(id)).toMatchObject({ uses: 1, status: 'ended', usage: { orders: 1 } });
      // Without the code, the order goes through.
      expect((await order({ phone: testPhone(++phones), lines: lines(1) })).statusCode).toBe(201);
    });

    it('holds a once-per-customer code for one phone racing itself, across processes', async () => {
      const code = newCode('ONEPHONE');
      const id = await create(offer({ code, perCustomer: 1 }));
      const phone = testPhone(++phones);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => order({ phone, lines: lines(1), couponCode: code }, i % 2 ? second : app)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.json()).toMatchObject({ error: { code: 'promotion_already_used' } });
      expect((await read(id)).uses).toBe(1);
      // The same phone is told at Apply too; another phone may use it.
      expect((await apply(code, { phone })).json()).toMatchObject({ error: { code: 'promotion_already_used' } });
      expect((await apply(code, { phone: testPhone(++phones) })).statusCode).toBe(200);
    });

    it('a first-order code is refused to a phone that ordered before', async () => {
      const code = newCode('FIRST');
      await create(offer({ code, firstOrderOnly: true }));
      const phone = testPhone(++phones);
      expect((await order({ phone, lines: lines(1) })).statusCode).toBe(201);
      const res = await order({ phone, lines: lines(1), couponCode: code });
      expect(res.json()).toMatchObject({ error: { code: 'promotion_first_order' } });
      expect((await order({ phone: testPhone(++phones), lines: lines(1), couponCode: code })).statusCode).toBe(201);
    });

    it('a cancelled order gives its use back, once', async () => {
      const code = newCode('BACK');
      const id = await create(offer({ code, maxUses: 1 }));
      const placed = (await order({ phone: testPhone(++phones), lines: lines(1), couponCode: code })).json<{ order: Order }>().order;
      expect((await order({ phone: testPhone(++phones), lines: lines(1), couponCode: code })).json()).toMatchObject({ error: { code: 'promotion_used_up' } });
      const adminId = (await call({ method: 'GET', url: `/api/admin/orders?q=${placed.number}` })).json<{ items: Array<{ id: number }> }>().items[0]!.id;
      const cancel = await call({ method: 'POST', url: `/api/admin/orders/${adminId}/status`, payload: { status: 'cancelled' } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await read(id)).uses).toBe(0);
      expect((await call({ method: 'POST', url: `/api/admin/orders/${adminId}/status`, payload: { status: 'cancelled' } })).statusCode).toBe(409);
      expect((await read(id)).uses).toBe(0);
      expect((await order({ phone: testPhone(++phones), lines: lines(1), couponCode: code })).statusCode).toBe(201);
      expect((await read(id)).uses).toBe(1);
    });

    it('applies an automatic offer on its categories only, and lists it for the cart', async () => {
      const category = categories.find((c) =>
        products.some((p) => p.categories.includes(c.slug) && p.variants.length === 0 && p.discount === 0 && p.stock >= 5),
      )!;
      const inside = products.find((p) => p.categories.includes(category.slug) && p.variants.length === 0 && p.discount === 0 && p.stock >= 5)!;
      const outside = products.find((p) => !p.categories.includes(category.slug) && p.variants.length === 0 && p.stock >= 5)!;
      const id = await create(offer({ names: { en: 'Candle week', ar: 'أسبوع الشموع' }, kind: 'amount', value: 1000, categoryIds: [category.id] }));
      const offers = (await call({ method: 'GET', url: '/api/promotions?lng=ar', headers: { cookie: '' } })).json<{
        items: Array<{ id: number; name: string; categories: string[] }>;
      }>();
      expect(offers.items.find((o) => o.id === id)).toMatchObject({ name: 'أسبوع الشموع', categories: [category.slug] });
      const placed = (
        await order({
          phone: testPhone(++phones),
          lines: [
            { productId: inside.id, quantity: 1 },
            { productId: outside.id, quantity: 1 },
          ],
        })
      ).json<{ order: Order }>().order;
      expect(placed.promotions).toEqual([{ code: null, name: 'Candle week', kind: 'amount', amount: 1000 }]);
      expect(placed.discount).toBe(1000);
      await call({ method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { paused: true } });
      expect(
        (await call({ method: 'GET', url: '/api/promotions', headers: { cookie: '' } })).json<{ items: Array<{ id: number }> }>().items.map((o) => o.id),
      ).not.toContain(id);
    });
  });
});
