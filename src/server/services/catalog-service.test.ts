import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { testCustomer } from '../../shared/domain/test-products.js';
import { CatalogService } from './catalog-service.js';
import type { ProductList } from '../../shared/schemas/product.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** Asks `read` until `done` holds, for at most a second; returns the last answer. */
async function withinASecond<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < 1_000) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe.each(testDatabases)('the catalogue over one database shared by two processes, on $name', ({ name }) => {
  let a: App;
  let b: App;
  let cookie: string;
  beforeAll(async () => {
    a = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    const shared = name === 'postgres' ? { pgSchema: a.app.shop.config.pgSchema } : { databaseUrl: a.app.shop.config.databaseUrl };
    b = await buildTestApp(name, shared);
    cookie = sessionCookie(await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const listing = (app: App, query = '') => app.app.inject({ method: 'GET', url: `/api/products?pageSize=100${query}` }).then((r) => r.json<ProductList>());

  it('an admin edit, a new product and a hidden one reach the other process within a second, reading just those products', async () => {
    const first = (await listing(b)).items[0]!;
    const whole = b.app.shop.catalog.reads.wholeLoads;
    const read = b.app.shop.catalog.reads.changedProducts;
    const form = (await a.app.inject({ method: 'GET', url: `/api/admin/products/${first.id}`, headers: { cookie } })).json<Record<string, unknown>>();
    const { id: _id, slug: _slug, ...input } = form as { id: number; slug: string; name: { en: string } } & Record<string, unknown>;
    const name = { ...(input.name as Record<string, string>), en: 'Renamed Cedar Mist' };
    const saved = await a.app.inject({ method: 'PUT', url: `/api/admin/products/${first.id}`, headers: { cookie }, payload: { ...input, name } });
    expect(saved.statusCode, saved.body).toBe(200);
    const seen = await withinASecond(
      () => listing(b, '&q=renamed'),
      (l) => l.items.some((p) => p.id === first.id),
    );
    expect(seen.items.map((p) => p.name)).toEqual(['Renamed Cedar Mist']);
    expect((await b.app.inject({ method: 'GET', url: `/api/products/${first.id}` })).json<{ name: string }>().name).toBe('Renamed Cedar Mist');

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie },
      payload: { ...input, sku: 'NEW-PER-PRODUCT', name: { ...name, en: 'Brand New Vetiver' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json<{ id: number }>().id;
    const total = (await listing(a)).total;
    const grown = await withinASecond(
      () => listing(b),
      (l) => l.total === total,
    );
    expect(grown.total).toBe(total);
    expect((await b.app.inject({ method: 'GET', url: `/api/products/${newId}` })).statusCode).toBe(200);

    const hidden = await a.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk',
      headers: { cookie },
      payload: { selection: { ids: [newId] }, change: { visible: false }, expectedCount: 1 },
    });
    expect(hidden.json()).toEqual({ matched: 1, changed: 1 });
    const gone = await withinASecond(
      () => b.app.inject({ method: 'GET', url: `/api/products/${newId}` }).then((r) => r.statusCode),
      (status) => status === 404,
    );
    expect(gone).toBe(404);
    expect((await listing(b)).total).toBe(total - 1);
    // None of it reloaded the catalogue: the other process read the three products back, no more.
    expect(b.app.shop.catalog.reads.wholeLoads).toBe(whole);
    expect(b.app.shop.catalog.reads.changedProducts - read).toBeLessThanOrEqual(3);
  });

  it('a product page reads its long description from memory, and an edit of it by the other process shows within a second', async () => {
    expect(await b.app.shop.catalog.descriptionsKept()).toBeGreaterThan(0);
    const product = (await listing(b)).items[1]!;
    const page = () => b.app.inject({ method: 'GET', url: `/api/products/${product.id}` }).then((r) => r.json<{ fullDescription: string }>().fullDescription);
    const stored = await a.app.shop.db.selectFrom('products').select('full_description_en').where('id', '=', product.id).executeTakeFirstOrThrow();
    const before = b.app.shop.catalog.reads.descriptions;
    expect(await page()).toBe(stored.full_description_en);
    expect(b.app.shop.catalog.reads.descriptions).toBe(before);

    const form = (await a.app.inject({ method: 'GET', url: `/api/admin/products/${product.id}`, headers: { cookie } })).json<Record<string, unknown>>();
    const { id: _id, slug: _slug, ...input } = form;
    const fullDescription = { ...(input.fullDescription as Record<string, string>), en: 'Poured by hand in Fayoum.' };
    const saved = await a.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, headers: { cookie }, payload: { ...input, fullDescription } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      await withinASecond(
        () => page(),
        (text) => text === 'Poured by hand in Fayoum.',
      ),
    ).toBe('Poured by hand in Fayoum.');
    // The edited product is read from the database (once, then kept), the others still from memory.
    expect(b.app.shop.catalog.reads.descriptions - before).toBe(1);
  });

  it('a category change still reloads the whole catalogue everywhere', async () => {
    const whole = b.app.shop.catalog.reads.wholeLoads;
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { cookie },
      payload: { slug: 'gift-sets', name: { en: 'Gift Sets', ar: 'مجموعات هدايا' }, image: null, sortOrder: 9 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const reloaded = await withinASecond(
      async () => {
        await listing(b);
        return b.app.shop.catalog.reads.wholeLoads;
      },
      (n) => n > whole,
    );
    expect(reloaded).toBe(whole + 1);
  });

  it('an order through one process makes the other re-read the stock of the ordered product only', async () => {
    const product = (await listing(b)).items.find((p) => p.variants.length === 0 && p.stock > 2)!;
    const before = b.app.shop.catalog.reads.stockProducts;
    const placed = await a.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `catalogue-stock-${name}-${Date.now()}` },
      payload: { ...testCustomer, lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const stock = await withinASecond(
      () => b.app.inject({ method: 'GET', url: `/api/products/${product.id}` }).then((r) => r.json<{ stock: number }>().stock),
      (s) => s === product.stock - 1,
    );
    expect(stock).toBe(product.stock - 1);
    // Read back: the product the order moved, not every product of the catalogue.
    expect(b.app.shop.catalog.reads.stockProducts - before).toBe(1);
  });
});

describe.each(testDatabases)('a catalogue that cannot load, on $name', ({ name }) => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(name);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 without trying again on every request, says so in health, and recovers after the back-off', async () => {
    const { db, dialect } = app.app.shop;
    const quiet = { debug: () => undefined, warn: () => undefined, error: () => undefined };
    const catalog = new CatalogService(db, dialect, 500, quiet);
    app.app.shop.catalog = catalog;
    await sql`alter table product_tags rename to product_tags_away`.execute(db);
    try {
      const listingRes = await app.app.inject({ method: 'GET', url: '/api/products' });
      expect(listingRes.statusCode).toBe(503);
      expect(listingRes.json()).toMatchObject({ error: { code: 'catalogue_unavailable' } });
      const health = await app.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', catalogue: 'unavailable' });
      for (let i = 0; i < 5; i++) expect((await app.app.inject({ method: 'GET', url: '/api/products/1' })).statusCode).toBe(503);
      // One attempt so far: the requests inside the back-off did not load again.
      expect(catalog.reads.failedLoads).toBe(1);
    } finally {
      await sql`alter table product_tags_away rename to product_tags`.execute(db);
    }
    await new Promise((r) => setTimeout(r, 1_100));
    const health = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', catalogue: 'ok' });
    expect((await app.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
  });

  it('answers a text search asked while the first load is under way once its search index is built, as later', async () => {
    const { db, dialect } = app.app.shop;
    const later = await app.app.shop.catalog.query('en', { q: 'candle', sort: 'default', page: 1, pageSize: 24 });
    expect(later.total).toBeGreaterThan(0);
    const catalog = new CatalogService(db, dialect);
    const [listing, search, suggested] = await Promise.all([
      catalog.query('en', { sort: 'default', page: 1, pageSize: 24 }),
      catalog.query('en', { q: 'candle', sort: 'default', page: 1, pageSize: 24 }),
      catalog.suggest('en', 'candle'),
    ]);
    expect(listing.total).toBeGreaterThan(later.total);
    expect(search).toEqual(later);
    expect(suggested.map((p) => p.id)).toEqual(later.items.slice(0, 6).map((p) => p.id));
  });

  it('keeps answering from the last catalogue when a later reload fails', async () => {
    const { db } = app.app.shop;
    const before = (await app.app.inject({ method: 'GET', url: '/api/products' })).json<ProductList>().total;
    await sql`alter table product_tags rename to product_tags_away`.execute(db);
    try {
      await sql`update settings set value = '999' where key = 'catalog_version'`.execute(db);
      await sql`insert into settings (key, value) values ('catalog_reload_version', '999') on conflict (key) do update set value = '999'`.execute(db);
      app.app.shop.catalog.invalidate();
      const res = await app.app.inject({ method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(200);
      expect(res.json<ProductList>().total).toBe(before);
      expect((await app.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ catalogue: 'ok' });
    } finally {
      await sql`alter table product_tags_away rename to product_tags`.execute(db);
    }
  });
});
