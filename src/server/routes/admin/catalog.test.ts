import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import Papa from 'papaparse';
import { adminProductInput, buildTestApp, fileUpload, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import { testCustomer } from '../../../shared/domain/test-products.js';
import type { Config } from '../../config.js';
import { productCsvColumns } from '../../../shared/domain/product-csv.js';
import type { ProductList } from '../../../shared/schemas/product.js';
import type { AdminCategory, AdminProductDetail, AdminProductInput, AdminProductList } from '../../../shared/schemas/admin-product.js';

const admin = testAdmin;

describe.each(testDatabases)('admin catalogue API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let config: Config;
  let cookie = '';
  let ip = 0;
  let categories: AdminCategory[];

  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });

  const draft = (over: Partial<AdminProductInput> = {}): AdminProductInput =>
    adminProductInput({
      name: { en: 'Cedar Test Candle', ar: 'شمعة أرز تجريبية', fr: '', de: '' },
      shortDescription: { en: 'A calm cedar candle.', ar: 'شمعة أرز هادئة.', fr: '', de: '' },
      fullDescription: { en: 'Poured by hand.', ar: 'مصبوبة يدويًا.', fr: '', de: '' },
      price: 45000,
      discount: 10,
      isNew: true,
      categoryIds: [categories[0]!.id],
      tags: ['cedar'],
      stock: 7,
      ...over,
    });
  const create = async (over: Partial<AdminProductInput> = {}) => {
    const res = await call({ method: 'POST', url: '/api/admin/products', payload: draft(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const storefront = async (q = '') => (await call({ method: 'GET', url: `/api/products?pageSize=100${q}` })).json<ProductList>();

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    config = app.shop.config;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    categories = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
  });
  afterAll(async () => close?.());

  it('creates a product with two variants that the storefront shows at once', async () => {
    const id = await create({
      name: { en: 'Amber Dusk Oil', ar: 'زيت غسق العنبر', fr: '', de: '' },
      hasVariants: true,
      stock: 0,
      variants: [
        { color: null, size: '10ml', stock: 4, price: null },
        { color: null, size: '30ml', stock: 6, price: 52000 },
      ],
    });
    const shop = await storefront('&q=amber%20dusk');
    const product = shop.items.find((p) => p.id === id);
    expect(product).toBeDefined();
    expect(product!.stock).toBe(10);
    expect(product!.variants.map((v) => v.size)).toEqual(['10ml', '30ml']);
    // French falls back to English in the storefront.
    const fr = (await call({ method: 'GET', url: `/api/products/${id}?lng=fr` })).json<{ name: string }>();
    expect(fr.name).toBe('Amber Dusk Oil');

    const detail = (await call({ method: 'GET', url: `/api/admin/products/${id}` })).json<AdminProductDetail>();
    expect(detail).toMatchObject({ hasVariants: true, slug: 'amber-dusk-oil', price: 45000, discount: 10, isNew: true });
    expect(detail.variants).toHaveLength(2);

    const list = (await call({ method: 'GET', url: '/api/admin/products?q=amber%20dusk' })).json<AdminProductList>();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, stock: 10, visible: true, categories: [categories[0]!.name.en] });
  });

  it('keeps variant ids when a product is edited, and gives a second product with the same name its own slug', async () => {
    const id = await create({ hasVariants: true, variants: [{ color: 'white', size: 'large', stock: 2, price: null }] });
    const before = (await call({ method: 'GET', url: `/api/products/${id}` })).json<{ variants: Array<{ id: number }> }>();
    const body = {
      ...draft(),
      sku: `TST-EDIT-${id}`,
      hasVariants: true,
      variants: [
        { color: 'white', size: 'large', stock: 9, stockSeen: 2, price: null },
        { color: 'black', size: 'large', stock: 1, price: null },
      ],
    };
    const res = await call({ method: 'PUT', url: `/api/admin/products/${id}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call({ method: 'GET', url: `/api/products/${id}` })).json<{
      sku: string;
      stock: number;
      variants: Array<{ id: number; color: string }>;
    }>();
    expect(after.sku).toBe(`TST-EDIT-${id}`);
    expect(after.stock).toBe(10);
    expect(after.variants.find((v) => v.color === 'white')!.id).toBe(before.variants[0]!.id);
    const other = await create();
    const slugs = await Promise.all(
      [id, other].map(async (x) => (await call({ method: 'GET', url: `/api/admin/products/${x}` })).json<AdminProductDetail>().slug),
    );
    expect(new Set(slugs).size).toBe(2);
  });

  describe('stock edits never lose sales', () => {
    const buy = async (productId: number, quantity: number, extra: Record<string, unknown> = {}) => {
      const res = await call({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `stock-${productId}-${Math.random().toString(36).slice(2)}` },
        payload: { ...testCustomer, lines: [{ productId, quantity, ...extra }] },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const open = async (id: number) => (await call({ method: 'GET', url: `/api/admin/products/${id}` })).json<AdminProductDetail>();
    const save = (id: number, body: AdminProductDetail | AdminProductInput) => {
      const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, ...input } = body as AdminProductDetail;
      return call({ method: 'PUT', url: `/api/admin/products/${id}`, payload: input });
    };

    it('the admin opens a product with stock 50, three orders take 15, a typo fix keeps 35', async () => {
      const id = await create({ stock: 50 });
      const form = await open(id);
      expect(form).toMatchObject({ stock: 50, stockSeen: 50 });
      for (let i = 0; i < 3; i++) await buy(id, 5);
      const res = await save(id, { ...form, name: { ...form.name, en: 'Cedar Test Candle, hand poured' } });
      expect(res.statusCode, res.body).toBe(200);
      const after = await open(id);
      expect(after.name.en).toBe('Cedar Test Candle, hand poured');
      expect(after.stock).toBe(35);
      expect((await call({ method: 'GET', url: `/api/products/${id}` })).json<{ stock: number }>().stock).toBe(35);
    });

    it('a stock figure changed on a stale form answers 409 with the current figures and saves nothing', async () => {
      const id = await create({ stock: 50 });
      const form = await open(id);
      for (let i = 0; i < 3; i++) await buy(id, 5);
      const stale = await save(id, { ...form, stock: 60, price: 47000 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'product_changed', details: { current: { stock: 35, variants: [] } } });
      const unchanged = await open(id);
      expect(unchanged).toMatchObject({ stock: 35, price: 45000 });
      // The form keeps what was typed and now knows the current figure: saving again applies it.
      const again = await save(id, { ...form, stock: 60, stockSeen: 35, price: 47000 });
      expect(again.statusCode, again.body).toBe(200);
      expect(await open(id)).toMatchObject({ stock: 60, price: 47000 });
    });

    it('the same holds per variant', async () => {
      const id = await create({
        hasVariants: true,
        stock: 0,
        variants: [
          { color: null, size: '10ml', stock: 20, price: null },
          { color: null, size: '30ml', stock: 20, price: null },
        ],
      });
      const form = await open(id);
      await buy(id, 4, { size: '10ml' });
      // A description edit leaves both variants' stock as the sale left it.
      expect((await save(id, { ...form, shortDescription: { ...form.shortDescription, en: 'Now with a cotton wick.' } })).statusCode).toBe(200);
      expect((await open(id)).variants.map((v) => v.stock)).toEqual([16, 20]);
      // Restocking the sold variant from the stale figure is refused; the untouched one may change.
      const stale = await save(id, { ...form, variants: form.variants.map((v) => ({ ...v, stock: 30 })) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.details.current.variants).toEqual([
        { color: null, size: '10ml', stock: 16 },
        { color: null, size: '30ml', stock: 20 },
      ]);
      expect((await open(id)).variants.map((v) => v.stock)).toEqual([16, 20]);
    });

    it('an update without the figure the admin saw is refused rather than overwriting stock', async () => {
      const id = await create({ stock: 50 });
      const { stockSeen: _seen, ...form } = await open(id);
      const res = await save(id, { ...form, stock: 10 });
      expect(res.statusCode).toBe(409);
      expect((await open(id)).stock).toBe(50);
    });
  });

  it('answers 400 naming each bad field', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/admin/products',
      payload: {
        ...draft(),
        name: { en: '', ar: '', fr: '', de: '' },
        price: 0,
        discount: 95,
        categoryIds: [],
        hasVariants: true,
        variants: [
          { color: 'white', size: '10ml', stock: 1, price: null },
          { color: 'white', size: '10ml', stock: -1, price: null },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(error.code).toBe('validation');
    expect(error.fields).toMatchObject({
      'name.en': 'required',
      price: 'too_small',
      discount: 'too_big',
      categoryIds: 'category_required',
      'variants.1.stock': 'too_small',
    });

    const dup = await call({
      method: 'POST',
      url: '/api/admin/products',
      payload: { ...draft(), hasVariants: true, variants: [0, 1].map(() => ({ color: 'white', size: '10ml', stock: 1, price: null })) },
    });
    expect(dup.json().error.fields).toEqual({ 'variants.1': 'duplicate_variant' });

    const missing = await call({ method: 'POST', url: '/api/admin/products', payload: { ...draft(), images: ['/uploads/products/nothing-here'] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.images).toBe('image_missing');
  });

  it('refuses a SKU another product has with 409 sku_taken, and frees the SKU of a deleted product', async () => {
    const sku = `TST-DUP-${name}`;
    const first = await create({ sku });
    const res = await call({ method: 'POST', url: '/api/admin/products', payload: draft({ sku: sku.toLowerCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'sku_taken', fields: { sku: 'sku_taken' } });
    expect((await call({ method: 'DELETE', url: `/api/admin/products/${first}` })).statusCode).toBe(204);
    await create({ sku });
  });

  it('saves a product written in English only; Arabic and French readers see, and find, its English name', async () => {
    const id = await create({ name: { en: 'Juniper Dawn Oil', ar: '', fr: '', de: '' } });
    for (const lng of ['ar', 'fr']) {
      const page = await call({ method: 'GET', url: `/api/products/${id}?lng=${lng}` });
      expect(page.statusCode).toBe(200);
      expect(page.json().name).toBe('Juniper Dawn Oil');
    }
    expect((await storefront('&q=juniper&lng=ar')).items.map((p) => p.id)).toContain(id);
  });

  it('deletes softly: gone from the storefront and the admin list, 404 to edit', async () => {
    const id = await create({ name: { en: 'Vanishing Mist', ar: 'رذاذ يختفي', fr: '', de: '' } });
    expect((await storefront('&q=vanishing')).items.map((p) => p.id)).toContain(id);
    expect((await call({ method: 'DELETE', url: `/api/admin/products/${id}` })).statusCode).toBe(204);
    expect((await storefront('&q=vanishing')).items.map((p) => p.id)).not.toContain(id);
    expect((await call({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/admin/products/${id}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/admin/products?q=vanishing' })).json<AdminProductList>().total).toBe(0);
    // A bulk "show" cannot bring a deleted product back.
    await call({ method: 'POST', url: '/api/admin/products/bulk', payload: { ids: [id], action: 'show' } });
    expect((await call({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    const row = await app.shop.db.selectFrom('products').select(['deleted_at', 'visible']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.visible).toBe(0);
  });

  it('hides and shows products in bulk', async () => {
    const ids = [
      await create({ name: { en: 'Bulk One', ar: 'واحد', fr: '', de: '' } }),
      await create({ name: { en: 'Bulk Two', ar: 'اثنان', fr: '', de: '' } }),
    ];
    const hide = await call({ method: 'POST', url: '/api/admin/products/bulk', payload: { selection: { ids }, change: { visible: false }, expectedCount: 2 } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ matched: 2, changed: 2 });
    expect((await storefront('&q=bulk')).items).toHaveLength(0);
    const hidden = (await call({ method: 'GET', url: '/api/admin/products?q=bulk&status=hidden' })).json<AdminProductList>();
    expect(hidden.items.map((p) => p.id).sort()).toEqual([...ids].sort());
    await call({ method: 'POST', url: '/api/admin/products/bulk', payload: { selection: { ids }, change: { visible: true }, expectedCount: 2 } });
    expect((await storefront('&q=bulk')).items).toHaveLength(2);
  });

  it('filters by stock and sorts the admin list', async () => {
    const out = (await call({ method: 'GET', url: '/api/admin/products?stock=out&pageSize=100' })).json<AdminProductList>();
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.items.every((p) => p.stock === 0)).toBe(true);
    const low = (await call({ method: 'GET', url: '/api/admin/products?stock=low&pageSize=100' })).json<AdminProductList>();
    expect(low.items.every((p) => p.stock >= 1 && p.stock <= 5)).toBe(true);
    const cheap = (await call({ method: 'GET', url: '/api/admin/products?sort=price_asc&pageSize=5' })).json<AdminProductList>();
    const prices = cheap.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cheap.items[0]!.thumbnail).toMatch(/-400\.webp$/);
    const byCategory = (await call({ method: 'GET', url: `/api/admin/products?category=${categories[1]!.id}&pageSize=100` })).json<AdminProductList>();
    expect(byCategory.items.every((p) => p.categories.includes(categories[1]!.name.en))).toBe(true);
    expect((await call({ method: 'GET', url: '/api/admin/products?sort=cheapest' })).statusCode).toBe(400);
  });

  it('exports every product not deleted as CSV with a header', async () => {
    const res = await call({ method: 'GET', url: '/api/admin/products.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '').trim());
    // The import's columns (decision 040): a product per row, or a row per variant under one SKU.
    expect(parsed.data[0]).toEqual([...productCsvColumns]);
    const live = (await call({ method: 'GET', url: '/api/admin/products?pageSize=1' })).json<AdminProductList>().total;
    expect(new Set(parsed.data.slice(1).map((r) => r[0])).size).toBe(live);
    expect(parsed.data[1]![productCsvColumns.indexOf('price_egp')]).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses a non-image upload (400) and an oversized one (413), and turns a PNG into WebP widths', async () => {
    const text = await call({ method: 'POST', url: '/api/admin/uploads', ...fileUpload(Buffer.from('not a picture at all'), 'photo.png', 'image/png') });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('image_invalid');

    const big = await call({ method: 'POST', url: '/api/admin/uploads', ...fileUpload(Buffer.alloc(8 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg') });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');

    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c9a24a' } })
      .png()
      .toBuffer();
    const res = await call({ method: 'POST', url: '/api/admin/uploads', ...fileUpload(png, 'candle.txt', 'text/plain') });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json<{ image: { base: string; url: string; width: number; height: number } }>();
    expect(image).toMatchObject({ width: 800, height: 600, url: `${image.base}-400.webp` });
    for (const w of [400, 800]) {
      // In the shop's picture store: files under UPLOAD_DIR on SQLite, rows on PostgreSQL (decision 015).
      const stored = await app.shop.pictures.get(`${image.base.slice(1)}-${w}.webp`);
      expect(stored, `${image.base} at ${w}`).not.toBeNull();
      if (name === 'sqlite') expect(fs.existsSync(path.join(config.uploadDir, `${image.base.replace(/^\/uploads\//, '')}-${w}.webp`))).toBe(true);
      const meta = await sharp(stored!.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: (w * 3) / 4 });
    }
    const served = await call({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);

    const id = await create({ images: [image.base] });
    const shown = (await call({ method: 'GET', url: `/api/products/${id}` })).json<{ images: Array<{ src: string; width: number; height: number }> }>();
    expect(shown.images[0]).toMatchObject({ src: `${image.base}-800.webp`, width: 800, height: 600 });
  });

  it('keeps the options a category lets its products use: the demo oils sizes only, a set saved and read back, any when left out, an unknown one refused', async () => {
    const all = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
    const oils = all.find((c) => c.slug === 'essential-oils')!;
    expect(oils.colors).toEqual([]);
    expect(oils.sizes).toEqual(['10ml', '30ml', '100ml']);
    expect(all.find((c) => c.slug === 'air-purifiers')!.sizes).toEqual([]);

    const body = { name: { en: 'Reed Sets', ar: 'أعواد', fr: '', de: '' }, slug: `reed-sets-${Date.now()}`, image: null, sortOrder: 7 };
    const made = await call({ method: 'POST', url: '/api/admin/categories', payload: { ...body, colors: ['ivory', 'black'], sizes: [] } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect((await call({ method: 'GET', url: `/api/admin/categories/${id}` })).json<AdminCategory>()).toMatchObject({ colors: ['ivory', 'black'], sizes: [] });
    const any = await call({ method: 'PUT', url: `/api/admin/categories/${id}`, payload: body });
    expect(any.statusCode, any.body).toBe(200);
    expect((await call({ method: 'GET', url: `/api/admin/categories/${id}` })).json<AdminCategory>()).toMatchObject({ colors: null, sizes: null });
    const unknown = await call({ method: 'PUT', url: `/api/admin/categories/${id}`, payload: { ...body, colors: ['plaid'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'colors.0': 'unknown_color' });
    expect((await call({ method: 'DELETE', url: `/api/admin/categories/${id}` })).statusCode).toBe(204);
  });

  it('manages categories: 409 for a used one, moveTo moves its products first', async () => {
    const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#a3b18a' } })
      .png()
      .toBuffer();
    const up = await call({ method: 'POST', url: '/api/admin/uploads?kind=category', ...fileUpload(png, 'tile.png', 'image/png') });
    expect(up.statusCode, up.body).toBe(201);
    const body = { name: { en: 'Gift Sets', ar: 'مجموعات الهدايا', fr: '', de: '' }, slug: 'gift-sets', image: up.json().image.base, sortOrder: 9 };
    const made = await call({ method: 'POST', url: '/api/admin/categories', payload: body });
    expect(made.statusCode, made.body).toBe(201);
    const catId = made.json<{ id: number }>().id;
    const taken = await call({ method: 'POST', url: '/api/admin/categories', payload: body });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ slug: 'slug_taken' });

    const productId = await create({ categoryIds: [catId] });
    const listed = (await call({ method: 'GET', url: `/api/admin/categories/${catId}` })).json<AdminCategory>();
    expect(listed.productCount).toBe(1);
    const edit = await call({ method: 'PUT', url: `/api/admin/categories/${catId}`, payload: { ...body, name: { ...body.name, fr: 'Coffrets' } } });
    expect(edit.statusCode, edit.body).toBe(200);

    const refused = await call({ method: 'DELETE', url: `/api/admin/categories/${catId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('category_in_use');

    const target = categories[2]!;
    const moved = await call({ method: 'DELETE', url: `/api/admin/categories/${catId}?moveTo=${target.id}` });
    expect(moved.statusCode, moved.body).toBe(204);
    expect((await call({ method: 'GET', url: `/api/admin/categories/${catId}` })).statusCode).toBe(404);
    const product = (await call({ method: 'GET', url: `/api/admin/products/${productId}` })).json<AdminProductDetail>();
    expect(product.categoryIds).toEqual([target.id]);
    const shopProduct = (await call({ method: 'GET', url: `/api/products/${productId}` })).json<{ categories: string[] }>();
    expect(shopProduct.categories).toEqual([target.slug]);
  });
});
