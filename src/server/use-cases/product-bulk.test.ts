import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, registerThroughEmail, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import type { Product, ProductList } from '../../shared/schemas/product.js';
import type { AdminBulkEdit, AdminCategory, AdminProductDetail, AdminProductInput } from '../../shared/schemas/admin-product.js';
import { bulkEditProducts, PRODUCTS_CHANGED_MAX } from './product-bulk.js';
import { systemContext } from './use-case.js';
import { readVersions } from '../repositories/settings-repository.js';

/**
 * Bulk edit of products (issue 32, point 4) through the API on each database: a price by a
 * percentage (rounded half up, variants' own prices too) on ids and on the list's filter, discount,
 * stock, categories, tags and visibility; all or nothing; one activity-log entry per product
 * changed; the storefront shows the change at once; only `catalogue.write` may.
 */
describe.each(testDatabases)('bulk edit of products on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin = '';
  let ip = 0;
  let categories: AdminCategory[];
  let run = 0;

  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.41.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie: admin, ...opts.headers } });
  const bulk = (payload: AdminBulkEdit | Record<string, unknown>, cookie = admin) =>
    call({ method: 'POST', url: '/api/admin/products/bulk', payload, headers: { cookie } });
  const detail = async (id: number) => (await call({ method: 'GET', url: `/api/admin/products/${id}` })).json<AdminProductDetail>();
  const storefront = async (id: number) => call({ method: 'GET', url: `/api/products/${id}` });
  const byTag = async (tag: string) => (await call({ method: 'GET', url: `/api/products?pageSize=100&tag=${tag}` })).json<ProductList>();

  /** Products of their own (a SKU prefix and a tag of this run), so filters and listings see only them. */
  async function products(prices: number[], over: Partial<AdminProductInput> = {}) {
    const prefix = `BLK${++run}X${name.slice(0, 2).toUpperCase()}`;
    const tag = prefix.toLowerCase();
    const ids: number[] = [];
    for (const [i, price] of prices.entries()) {
      const res = await call({
        method: 'POST',
        url: '/api/admin/products',
        payload: {
          sku: `${prefix}-${i}`,
          name: { en: `Bulk ${prefix} candle ${i}`, ar: `شمعة ${i}`, fr: '', de: '' },
          shortDescription: { en: 'A candle.', ar: 'شمعة.', fr: '', de: '' },
          fullDescription: { en: '', ar: '', fr: '', de: '' },
          price,
          discount: 0,
          offerEnd: null,
          isNew: false,
          visible: true,
          categoryIds: [categories[0]!.id],
          tags: [tag],
          images: [],
          hasVariants: false,
          stock: 5,
          variants: [],
          ...over,
        } satisfies AdminProductInput,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    return { ids, prefix, tag };
  }

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode, login.body).toBe(200);
    admin = sessionCookie(login);
    categories = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
    expect(categories.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => close?.());

  it('raises prices by 10 % on ids, rounded half up, variants’ own prices too, and the storefront shows them at once', async () => {
    const { ids, tag } = await products([45_000, 12_345]);
    const [oil] = (
      await products([20_000], {
        tags: [tag],
        hasVariants: true,
        variants: [
          { color: null, size: '10ml', stock: 3, price: null },
          { color: null, size: '30ml', stock: 4, price: 27_777 },
        ],
      })
    ).ids;
    // The storefront has them in its catalogue before the change.
    expect((await byTag(tag)).total).toBe(3);
    const res = await bulk({ selection: { ids: [...ids, oil!] }, change: { price: { mode: 'percent', percent: 10 } }, expectedCount: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ matched: 3, changed: 3 });
    expect((await detail(ids[0]!)).price).toBe(49_500);
    expect((await detail(ids[1]!)).price).toBe(13_580); // 13,579.5 → up
    const variantProduct = await detail(oil!);
    expect(variantProduct.price).toBe(22_000);
    expect(variantProduct.variants.map((v) => v.price)).toEqual([null, 30_555]); // 30,554.7
    // The storefront's own answers, right after: the product and a listing.
    expect((await storefront(ids[1]!)).json<Product>().price).toBe(13_580);
    expect((await storefront(oil!)).json<Product>().variants.map((v) => v.price)).toEqual([null, 30_555]);
    const listing = await byTag(tag);
    expect(Object.fromEntries(listing.items.map((p) => [p.id, p.price]))).toEqual({ [ids[0]!]: 49_500, [ids[1]!]: 13_580, [oil!]: 22_000 });
  });

  it('lowers by 15 % every product the list’s filter matches, resolved on the server', async () => {
    const { ids, prefix, tag } = await products([10_000, 999, 33_333]);
    await bulk({ selection: { ids: [ids[2]!] }, change: { visible: false }, expectedCount: 1 });
    // The filter of the list: this run's SKUs, visible ones only.
    const filter = { q: prefix, status: 'visible' as const };
    const listed = (await call({ method: 'GET', url: `/api/admin/products?q=${prefix}&status=visible` })).json<{ total: number }>();
    expect(listed.total).toBe(2);
    const res = await bulk({ selection: { filter }, change: { price: { mode: 'percent', percent: -15 } }, expectedCount: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ matched: 2, changed: 2 });
    expect((await detail(ids[0]!)).price).toBe(8_500);
    expect((await detail(ids[1]!)).price).toBe(849); // 849.15
    expect((await detail(ids[2]!)).price).toBe(33_333); // hidden: not in the filter
    expect((await byTag(tag)).items.map((p) => p.price).sort()).toEqual([849, 8_500]);
  });

  it('sets a price, moving variants’ own prices by the same amount', async () => {
    const { ids } = await products([20_000], {
      hasVariants: true,
      variants: [
        { color: null, size: '10ml', stock: 3, price: null },
        { color: null, size: '30ml', stock: 4, price: 27_000 },
      ],
    });
    const res = await bulk({ selection: { ids }, change: { price: { mode: 'set', price: 15_000 } }, expectedCount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(ids[0]!)).variants.map((v) => v.price)).toEqual([null, 22_000]);
    expect((await storefront(ids[0]!)).json<Product>().price).toBe(15_000);
  });

  it('sets and removes a discount (its offer’s end goes with it)', async () => {
    const { ids } = await products([40_000, 50_000], { discount: 10, offerEnd: '2030-01-01T00:00:00.000Z' });
    expect((await bulk({ selection: { ids }, change: { discount: 25 }, expectedCount: 2 })).statusCode).toBe(200);
    expect(await detail(ids[0]!)).toMatchObject({ discount: 25, offerEnd: '2030-01-01T00:00:00.000Z' });
    expect((await storefront(ids[1]!)).json<Product>().discount).toBe(25);
    expect((await bulk({ selection: { ids }, change: { discount: 0 }, expectedCount: 2 })).statusCode).toBe(200);
    expect(await detail(ids[0]!)).toMatchObject({ discount: 0, offerEnd: null });
    expect((await storefront(ids[1]!)).json<Product>()).toMatchObject({ discount: 0, offerEnd: null });
  });

  it('sets stock, on each variant of a product with variants', async () => {
    const simple = await products([10_000]);
    const sized = await products([10_000], {
      hasVariants: true,
      variants: [
        { color: null, size: '10ml', stock: 3, price: null },
        { color: null, size: '30ml', stock: 0, price: null },
      ],
    });
    const res = await bulk({ selection: { ids: [...simple.ids, ...sized.ids] }, change: { stock: 12 }, expectedCount: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(simple.ids[0]!)).stock).toBe(12);
    expect((await detail(sized.ids[0]!)).variants.map((v) => v.stock)).toEqual([12, 12]);
    expect((await storefront(sized.ids[0]!)).json<Product>().stock).toBe(24);
    expect((await storefront(simple.ids[0]!)).json<Product>().stock).toBe(12);
  });

  it('adds to, removes from and replaces categories, and adds and removes tags', async () => {
    const [a, b, c] = categories.map((x) => x.id);
    const { ids } = await products([10_000, 11_000], { tags: ['old'] });
    const cats = async () => Promise.all(ids.map(async (id) => (await detail(id)).categoryIds));
    const edit = (change: AdminBulkEdit['change']) => bulk({ selection: { ids }, change, expectedCount: 2 });

    expect((await edit({ categories: { mode: 'add', categoryIds: [b!, c!] } })).statusCode).toBe(200);
    expect(await cats()).toEqual([[a, b, c].sort(), [a, b, c].sort()]);
    expect((await edit({ categories: { mode: 'remove', categoryIds: [a!] } })).statusCode).toBe(200);
    expect(await cats()).toEqual([[b, c].sort(), [b, c].sort()]);
    expect((await edit({ categories: { mode: 'replace', categoryIds: [a!] } })).statusCode).toBe(200);
    expect(await cats()).toEqual([[a], [a]]);
    const slug = categories[0]!.slug;
    expect((await storefront(ids[0]!)).json<Product>().categories).toEqual([slug]);

    // Removing a product's last category is refused whole.
    const last = await edit({ categories: { mode: 'remove', categoryIds: [a!] } });
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toMatchObject({ code: 'bulk_category_last', details: { product: { id: ids[0] } } });
    expect(await cats()).toEqual([[a], [a]]);

    // An unknown category changes nothing and says which field.
    const unknown = await edit({ categories: { mode: 'add', categoryIds: [999_999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'change.categories.categoryIds': 'category_unknown' });

    expect((await edit({ tags: { add: ['Summer', 'gift'], remove: ['old'] } })).statusCode).toBe(200);
    expect((await detail(ids[1]!)).tags).toEqual(['gift', 'summer']);
    expect((await storefront(ids[1]!)).json<Product>().tags.sort()).toEqual(['gift', 'summer']);
  });

  it('hides and shows: the storefront drops and takes back the products at once', async () => {
    const { ids, tag } = await products([10_000, 10_000]);
    expect((await bulk({ selection: { ids }, change: { visible: false }, expectedCount: 2 })).json()).toEqual({ matched: 2, changed: 2 });
    expect((await storefront(ids[0]!)).statusCode).toBe(404);
    expect((await byTag(tag)).total).toBe(0);
    // Already hidden: matched, nothing changed, nothing logged.
    expect((await bulk({ selection: { ids }, change: { visible: false }, expectedCount: 2 })).json()).toEqual({ matched: 2, changed: 0 });
    expect((await bulk({ selection: { ids }, change: { visible: true }, expectedCount: 2 })).json()).toEqual({ matched: 2, changed: 2 });
    expect((await byTag(tag)).total).toBe(2);
    const logged = await app.shop.db
      .selectFrom('audit_log')
      .select('after')
      .where('subject_id', '=', String(ids[0]))
      .where('action', '=', 'bulk-edit')
      .orderBy('id')
      .execute();
    expect(logged.map((r) => JSON.parse(r.after!))).toEqual([{ visible: false }, { visible: true }]);
  });

  it('writes one activity-log entry per product changed, with the changed fields and one label', async () => {
    const { ids } = await products([45_000, 30_000]);
    await bulk({ selection: { ids }, change: { price: { mode: 'percent', percent: 10 }, stock: 3 }, expectedCount: 2 });
    const rows = await app.shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where(
        'subject_id',
        'in',
        ids.map((id) => String(id)),
      )
      .where('action', '=', 'bulk-edit')
      .orderBy('subject_id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.kind, r.actor_email, r.label])).toEqual([
      ['product', testAdmin.email, 'Bulk edit of 2 products: price +10%; stock 3'],
      ['product', testAdmin.email, 'Bulk edit of 2 products: price +10%; stock 3'],
    ]);
    expect(rows.map((r) => [JSON.parse(r.before!), JSON.parse(r.after!)])).toEqual([
      [
        { price: 45_000, stock: 5 },
        { price: 49_500, stock: 3 },
      ],
      [
        { price: 30_000, stock: 5 },
        { price: 33_000, stock: 3 },
      ],
    ]);
  });

  it('changes nothing when one product refuses, even after earlier batches were written (one transaction)', async () => {
    const { ids } = await products([10_000, 20_000, 30_000, 40_000, 1]);
    const versions = await readVersions(app.shop.db, app.shop.dialect);
    const logged = async () =>
      (
        await app.shop.db
          .selectFrom('audit_log')
          .select('id')
          .where(
            'subject_id',
            'in',
            ids.map((id) => String(id)),
          )
          .where('action', '=', 'bulk-edit')
          .execute()
      ).length;
    // Batches of two: the first two are written before the last product (1 piastre − 60 % = 0) refuses.
    const attempt = bulkEditProducts(
      systemContext(app.shop, app.log),
      { selection: { ids }, change: { price: { mode: 'percent', percent: -60 }, visible: false }, expectedCount: 5 },
      { batch: 2 },
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 400, code: 'bulk_price_out_of_range', details: { product: { id: ids[4] } } });
    expect(await Promise.all(ids.map(async (id) => (await detail(id)).price))).toEqual([10_000, 20_000, 30_000, 40_000, 1]);
    expect((await storefront(ids[0]!)).statusCode).toBe(200);
    expect(await logged()).toBe(0);
    expect((await readVersions(app.shop.db, app.shop.dialect)).content).toBe(versions.content);
    // Through the API, the same: the answer names the product.
    const res = await bulk({ selection: { ids }, change: { price: { mode: 'percent', percent: -60 } }, expectedCount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'bulk_price_out_of_range',
      details: { product: { id: ids[4], name: expect.stringContaining('candle 4') } },
    });
    expect((await detail(ids[0]!)).price).toBe(10_000);
  });

  it('refuses bad input clearly and changes nothing', async () => {
    const { ids } = await products([10_000]);
    const fields = async (payload: Record<string, unknown>) => {
      const res = await bulk(payload);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields as Record<string, string>;
    };
    const sel = { ids };
    expect(await fields({ selection: sel, change: { price: { mode: 'percent', percent: 600 } }, expectedCount: 1 })).toEqual({
      'change.price.percent': 'percent_out_of_range',
    });
    expect(await fields({ selection: sel, change: { price: { mode: 'percent', percent: -95 } }, expectedCount: 1 })).toEqual({
      'change.price.percent': 'percent_out_of_range',
    });
    expect(await fields({ selection: sel, change: { price: { mode: 'percent', percent: 0 } }, expectedCount: 1 })).toEqual({
      'change.price.percent': 'percent_zero',
    });
    expect(await fields({ selection: sel, change: { price: { mode: 'set', price: 0 } }, expectedCount: 1 })).toEqual({ 'change.price.price': 'too_small' });
    expect(await fields({ selection: sel, change: { stock: -1 }, expectedCount: 1 })).toEqual({ 'change.stock': 'stock_negative' });
    expect(await fields({ selection: sel, change: {}, expectedCount: 1 })).toEqual({ change: 'change_required' });
    expect(await fields({ selection: { ids: [] }, change: { visible: false }, expectedCount: 1 })).toEqual({ 'selection.ids': 'bulk_empty' });
    expect(await fields({ selection: {}, change: { visible: false }, expectedCount: 1 })).toEqual({ selection: 'selection_required' });
    // The browser never sends prices per product: such a body is refused.
    expect(await fields({ selection: sel, change: { prices: { [ids[0]!]: 1 } }, expectedCount: 1 })).toMatchObject({ prices: 'unknown' });

    // A filter that matches nothing, and a selection that changed since the merchant confirmed it.
    const none = await bulk({ selection: { filter: { q: 'no-such-product-anywhere' } }, change: { visible: false }, expectedCount: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('bulk_empty');
    const stale = await bulk({ selection: { ids: [...ids, 999_999] }, change: { visible: false }, expectedCount: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'bulk_selection_changed', details: { count: 1 } });
    expect(await detail(ids[0]!)).toMatchObject({ price: 10_000, visible: true, stock: 5 });
  });

  it('lets only catalogue.write in: the orders role gets 403, the catalogue role may', async () => {
    const { ids } = await products([10_000]);
    const staff = async (email: string, role: string) => {
      const res = await registerThroughEmail(app, { remoteAddress: `10.42.0.${++ip % 250}` }, { name: 'Nour Samy', email, password: 'jasmine-garden-42' });
      expect(res.statusCode, res.body).toBe(201);
      await app.shop.db
        .updateTable('users')
        .set({ role: role as 'orders' })
        .where('id', '=', res.json<{ user: { id: number } }>().user.id)
        .execute();
      return sessionCookie(res);
    };
    const body = { selection: { ids }, change: { visible: false }, expectedCount: 1 };
    const orders = await bulk(body, await staff(`orders-${name}@example.com`, 'orders'));
    expect(orders.statusCode).toBe(403);
    expect(orders.json().error.code).toBe('forbidden');
    expect((await detail(ids[0]!)).visible).toBe(true);
    expect((await bulk(body, await staff(`catalogue-${name}@example.com`, 'catalogue'))).statusCode).toBe(200);
    expect((await detail(ids[0]!)).visible).toBe(false);
  });

  describe('at the bound', () => {
    /** Many plain products written straight to the tables (a test's set-up, not a use case), then the catalogue reloaded. */
    async function many(count: number, prefix: string): Promise<void> {
      const now = new Date().toISOString();
      for (let i = 0; i < count; i += 500) {
        const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
          slug: `${prefix}-${i + j}`,
          sku: `${prefix}-${i + j}`,
          name_en: `${prefix} oil ${i + j}`,
          name_ar: 'زيت',
          short_description_en: '',
          short_description_ar: '',
          full_description_en: '',
          full_description_ar: '',
          price: 10_001,
          discount: 0,
          is_new: 0,
          rating: 0,
          sale_count: 0,
          stock: 1,
          visible: 1,
          created_at: now,
          updated_at: now,
        }));
        const inserted = await app.shop.db.insertInto('products').values(rows).returning('id').execute();
        await app.shop.db
          .insertInto('product_categories')
          .values(inserted.map((r) => ({ product_id: r.id, category_id: categories[0]!.id })))
          .execute();
      }
      const { contentChanged } = await import('./catalogue.js');
      await contentChanged(systemContext(app.shop, app.log));
    }

    it('refuses 10,001 products by filter, naming the count, and changes 10,000 in one operation', async () => {
      const prefix = `BOUND${name.slice(0, 2).toUpperCase()}`;
      await many(10_001, prefix);
      const filter = { q: prefix };
      const over = await bulk({ selection: { filter }, change: { price: { mode: 'percent', percent: 10 } }, expectedCount: 10_000 });
      expect(over.statusCode).toBe(400);
      expect(over.json().error).toMatchObject({ code: 'bulk_too_many', details: { count: 10_001, max: 10_000 } });
      const tooManyIds = await bulk({ selection: { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, change: { visible: true }, expectedCount: 10_000 });
      expect(tooManyIds.json().error.fields).toEqual({ 'selection.ids': 'bulk_too_many' });

      // Hide one: the visible ones are exactly 10,000.
      const one = await app.shop.db.selectFrom('products').select('id').where('sku', '=', `${prefix}-0`).executeTakeFirstOrThrow();
      expect((await bulk({ selection: { ids: [one.id] }, change: { visible: false }, expectedCount: 1 })).statusCode).toBe(200);
      const loadsBefore = app.shop.catalog.reads.wholeLoads;
      const started = performance.now();
      const res = await bulk({
        selection: { filter: { q: prefix, status: 'visible' } },
        change: { price: { mode: 'percent', percent: 10 } },
        expectedCount: 10_000,
      });
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ matched: 10_000, changed: 10_000 });
      console.info(`bulk edit of 10,000 products on ${name}: ${Math.round(ms)} ms`);
      const sample = await app.shop.db.selectFrom('products').select('id').where('sku', '=', `${prefix}-9999`).executeTakeFirstOrThrow();
      // 10,001 × 1.1 = 11,001.1 → 11,001; the storefront's catalogue was reloaded whole (more than PRODUCTS_CHANGED_MAX).
      expect((await storefront(sample.id)).json<Product>().price).toBe(11_001);
      expect(app.shop.catalog.reads.wholeLoads).toBeGreaterThan(loadsBefore);
      expect(10_000).toBeGreaterThan(PRODUCTS_CHANGED_MAX);
      const logged = await app.shop.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('label', '=', 'Bulk edit of 10000 products: price +10%')
        .executeTakeFirstOrThrow();
      expect(Number(logged.n)).toBe(10_000);
    }, 120_000);
  });
});
