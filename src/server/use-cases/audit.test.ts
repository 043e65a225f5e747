import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { adminProductInput, buildTestApp, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { testCustomer, testPhone, testPromotion } from '../../shared/domain/test-products.js';
import type { ActivityEntry, ActivityList } from '../../shared/schemas/audit.js';
import type { AdminCategory, AdminProductDetail } from '../../shared/schemas/admin-product.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import { audit } from './audit.js';
import { inTransaction, systemContext } from './use-case.js';
import { ADMIN_PREFIX } from '../auth/permissions.js';

/**
 * The activity log through the shop's API on each database (issue 32): every kind of admin change
 * writes who, from which address, when, what and the changed values, in the change's own
 * transaction; the log can be filtered and has no route that edits or deletes it; a product's and
 * an order's pages read their own history.
 */
describe.each(testDatabases)('the activity log on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  const address = '10.35.1.7';
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: address, ...opts, headers: { cookie, ...opts.headers } });
  const ok = async (opts: InjectOptions) => {
    const res = await call(opts);
    expect(res.statusCode, `${opts.method} ${opts.url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const log = async (query: string) => (await ok({ method: 'GET', url: `/api/admin/activity?pageSize=100&${query}` })).json<ActivityList>();
  const newest = async (kind: string) => (await log(`kind=${kind}`)).items[0]!;

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
  });
  afterAll(async () => close?.());

  it('records a product created, its price and stock changed (only what changed), and deleted; the product page reads its history', async () => {
    const [category] = (await ok({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
    const input = adminProductInput({
      sku: `AUD-${name}`,
      name: { en: 'Audit Oud Oil', ar: 'زيت عود للتدقيق', fr: '', de: '' },
      shortDescription: { en: 'Deep oud.', ar: 'عود عميق.', fr: '', de: '' },
      fullDescription: { en: 'Aged.', ar: 'معتق.', fr: '', de: '' },
      price: 32000,
      categoryIds: [category!.id],
      stock: 12,
    });
    const { id } = (await ok({ method: 'POST', url: '/api/admin/products', payload: input })).json<{ id: number }>();
    const created = await newest('product');
    expect(created).toMatchObject({ action: 'created', subjectId: String(id), label: 'Audit Oud Oil', before: null, address });
    expect(created.actor).toMatchObject({ email: testAdmin.email, role: 'owner' });
    expect(created.after).toMatchObject({ sku: `AUD-${name}`, price: 32000, stock: 12 });

    const saved = (await ok({ method: 'GET', url: `/api/admin/products/${id}` })).json<AdminProductDetail>();
    await ok({ method: 'PUT', url: `/api/admin/products/${id}`, payload: { ...input, price: 35000, stock: 9, stockSeen: saved.stockSeen } });
    expect(await newest('product')).toMatchObject({ action: 'updated', before: { price: 32000, stock: 12 }, after: { price: 35000, stock: 9 } });
    // Saved unchanged: nothing to record.
    const again = (await ok({ method: 'GET', url: `/api/admin/products/${id}` })).json<AdminProductDetail>();
    await ok({ method: 'PUT', url: `/api/admin/products/${id}`, payload: { ...input, price: 35000, stock: 9, stockSeen: again.stockSeen } });
    await ok({ method: 'DELETE', url: `/api/admin/products/${id}` });
    const history = (await ok({ method: 'GET', url: `/api/admin/products/${id}/history` })).json<ActivityList>();
    expect(history.items.map((e) => e.action)).toEqual(['deleted', 'updated', 'created']);
    // The product's own history does not show addresses; the log does.
    expect(history.items.every((e) => e.address === null)).toBe(true);
  });

  it("records categories, an order's status and confirmation, promotions and settings; an order's page reads its history", async () => {
    const category = { name: { en: 'Audit Gifts', ar: 'هدايا', fr: '', de: '' }, slug: `audit-gifts-${name}`, image: null, sortOrder: 9 };
    const { id: categoryId } = (await ok({ method: 'POST', url: '/api/admin/categories', payload: category })).json<{ id: number }>();
    await ok({ method: 'PUT', url: `/api/admin/categories/${categoryId}`, payload: { ...category, sortOrder: 3 } });
    await ok({ method: 'DELETE', url: `/api/admin/categories/${categoryId}` });
    expect((await log(`kind=category&subject=${categoryId}`)).items.map((e) => [e.action, e.after])).toEqual([
      ['deleted', null],
      ['updated', { sortOrder: 3 }],
      ['created', category],
    ]);

    const products = (await ok({ method: 'GET', url: '/api/products?pageSize=50' })).json<{
      items: Array<{ id: number; stock: number; variants: unknown[] }>;
    }>().items;
    const productId = products.find((p) => p.variants.length === 0 && p.stock > 3)!.id;
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `audit-${name}-${Date.now()}` },
      payload: { ...testCustomer, phone: testPhone(3501), lines: [{ productId, quantity: 1 }] },
    });
    const number = placed.json<{ order: { number: string } }>().order.number;
    const orderId = (await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
    await ok({ method: 'POST', url: `/api/admin/orders/${orderId}/confirmation`, payload: { answer: 'confirmed' } });
    await ok({ method: 'POST', url: `/api/admin/orders/${orderId}/status`, payload: { status: 'shipped', trackingNote: 'Bosta 123' } });
    const orderHistory = (await ok({ method: 'GET', url: `/api/admin/orders/${orderId}/history` })).json<ActivityList>();
    expect(orderHistory.items.map((e) => [e.action, e.before, e.after])).toEqual([
      // A field one side lacks shows as null there.
      ['status', { status: 'confirmed', trackingNote: null }, { status: 'shipped', trackingNote: 'Bosta 123' }],
      ['status', { status: 'pending', confirmation: null }, { status: 'confirmed', confirmation: 'confirmed' }],
    ]);
    expect(orderHistory.items[0]!.label).toBe(number);

    const { id: promotionId } = (
      await ok({ method: 'POST', url: '/api/admin/promotions', payload: testPromotion({ names: { en: 'Audit week', ar: 'أسبوع' } }) })
    ).json<{ id: number }>();
    await ok({ method: 'PATCH', url: `/api/admin/promotions/${promotionId}`, payload: { paused: true } });
    await ok({ method: 'DELETE', url: `/api/admin/promotions/${promotionId}` });
    expect((await log(`kind=promotion&subject=${promotionId}`)).items.map((e) => e.action)).toEqual(['deleted', 'paused', 'created']);

    const settings = (await ok({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
    await ok({ method: 'PUT', url: '/api/admin/settings', payload: { ...settings, freeShippingThreshold: settings.freeShippingThreshold + 10000 } });
    expect(await newest('settings')).toMatchObject({
      action: 'updated',
      before: { freeShippingThreshold: settings.freeShippingThreshold },
      after: { freeShippingThreshold: settings.freeShippingThreshold + 10000 },
    });
    await ok({ method: 'PUT', url: '/api/admin/reviews/settings', payload: { autoPublish: true } });
    expect(await newest('settings')).toMatchObject({ action: 'reviews', before: { autoPublish: false }, after: { autoPublish: true } });
  });

  it('writes an entry with its change or not at all', async () => {
    const ctx = systemContext(app.shop, app.log);
    const entry = { kind: 'settings' as const, action: 'rolled-back', subjectId: null, label: `never-${name}`, before: null, after: { x: 1 } };
    await expect(
      inTransaction(ctx, async (tx) => {
        await audit(tx, entry);
        throw new Error('the change fails after its entry was written');
      }),
    ).rejects.toThrow('the change fails');
    await inTransaction(ctx, (tx) => audit(tx, { ...entry, action: 'committed' }));
    const actions = (await log('kind=settings')).items.filter((e: ActivityEntry) => e.label === `never-${name}`).map((e) => e.action);
    expect(actions).toEqual(['committed']);
    // The shop itself acting: no person, no address.
    expect((await log('kind=settings')).items[0]).toMatchObject({ action: 'committed', actor: { id: null, email: null, role: 'system' }, address: null });
  });

  it('filters by person, kind and Cairo day, and offers no route that edits or deletes an entry', async () => {
    const me = (await ok({ method: 'GET', url: '/api/auth/me' })).json<{ user: { id: number } }>().user.id;
    const mine = await log(`actor=${me}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((e) => e.actor.id === me)).toBe(true);
    expect(mine.people.map((p) => p.email)).toContain(testAdmin.email);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
    expect((await log(`from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await log('from=2020-01-01&to=2020-01-31')).items).toEqual([]);
    const bad = await call({ method: 'GET', url: '/api/admin/activity?from=2026-02-10&to=2026-02-01&subject=5' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['subject', 'to']);
    const writes = app.shop.routes.filter((r) => r.url.startsWith(`${ADMIN_PREFIX}/activity`) && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) expect((await call({ method, url: '/api/admin/activity' })).statusCode, method).toBe(404);
  });
});
