import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';
import { productQuerySchema, type Product, type ProductList } from '../../../shared/schemas/product.js';
import { effectivePrice } from '../../../shared/domain/pricing.js';
import { acceptedEncoding } from '../../encoding.js';

describe.each(testDatabases)('catalogue API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  async function list(query = ''): Promise<ProductList> {
    const res = await app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductList>();
  }

  it('serves the seeded demo catalogue with totals and facets', async () => {
    const body = await list('?pageSize=100');
    expect(body.total).toBeGreaterThanOrEqual(40);
    expect(body.items).toHaveLength(Math.min(100, body.total));
    const slugs = body.facets.categories.map((f) => f.value).sort();
    expect(slugs).toEqual(['aroma-diffusers', 'air-purifiers', 'essential-oils', 'scented-candles', 'water-fresheners'].sort());
    const prices = body.items.map((p) => p.price);
    expect(Math.min(...prices)).toBe(9500);
    expect(Math.max(...prices)).toBe(785000);
    expect(body.items.some((p) => p.stock === 0)).toBe(true);
    expect(body.items.some((p) => p.variants.length > 1)).toBe(true);
    expect(body.items.every((p) => p.images.length > 0 && p.images[0]!.srcSet.includes('400w'))).toBe(true);
    // Listings leave out the long description; the product itself carries it.
    expect(body.items.every((p) => !('fullDescription' in p) && p.shortDescription.length > 20)).toBe(true);
  });

  it('answers a browser with the listing compressed (brotli first, then gzip) and the same JSON inside', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/products?sort=priceLowToHigh' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    for (const [accept, encoding, inflate] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', zlib.gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the cache of compressed bytes.
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/products?sort=priceLowToHigh', headers: { 'accept-encoding': accept } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(inflate(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }

    // The compressed bytes are made once per cached answer, not per request.
    const query = productQuerySchema.parse({ sort: 'priceLowToHigh' });
    const first = await app.shop.catalog.queryEncoded('en', query, 'br');
    const again = await app.shop.catalog.queryEncoded('en', query, 'br');
    expect(Buffer.isBuffer(first.body)).toBe(true);
    expect(again.body).toBe(first.body);
  });

  it('pages with total counting the whole filtered set', async () => {
    const all = await list('?pageSize=100');
    const first = await list('?page=1&pageSize=15');
    const second = await list('?page=2&pageSize=15');
    expect(first.items).toHaveLength(15);
    expect(first.total).toBe(all.total);
    expect(second.page).toBe(2);
    expect(second.items.map((p) => p.id)).toEqual(all.items.slice(15, 30).map((p) => p.id));
  });

  it('filters by category and counts facets under the other filters', async () => {
    const body = await list('?category=scented-candles&pageSize=100');
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((p) => p.categories.includes('scented-candles'))).toBe(true);
    // Category counts ignore the category filter itself, so every category still shows.
    expect(body.facets.categories.length).toBe(5);
    const colorCount = body.facets.colors[0];
    expect(colorCount).toBeDefined();
    const byColor = await list(`?category=scented-candles&color=${colorCount!.value}&pageSize=100`);
    expect(byColor.total).toBe(colorCount!.count);
  });

  it('combines sale and new flags and text search', async () => {
    const sale = await list('?sale=1&pageSize=100');
    expect(sale.total).toBeGreaterThan(0);
    expect(sale.items.every((p) => p.discount > 0)).toBe(true);
    const fresh = await list('?new=true&pageSize=100');
    expect(fresh.items.every((p) => p.isNew)).toBe(true);
    const found = await list('?q=lavender');
    expect(found.total).toBeGreaterThan(0);
    expect(found.items[0]!.name.toLowerCase() + found.items[0]!.shortDescription.toLowerCase()).toMatch(/lavender/);
    const none = await list('?q=zzzzqqq');
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
  });

  it('sorts by the price the shopper pays', async () => {
    const asc = await list('?sort=priceLowToHigh&pageSize=100');
    const paid = asc.items.map((p) => effectivePrice(p.price, p.discount));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const desc = await list('?sort=priceHighToLow&pageSize=100');
    const paidDesc = desc.items.map((p) => effectivePrice(p.price, p.discount));
    expect(paidDesc).toEqual([...paidDesc].sort((a, b) => b - a));
  });

  it.each([
    ['?sort=cheapest', 'sort'],
    ['?pageSize=101', 'pageSize'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?new=maybe', 'new'],
    ['?colour=ivory', 'colour'],
  ])('answers 400 with the field for %s', async (query, field) => {
    const res = await app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('validation');
    expect(body.error.message.length).toBeGreaterThan(5);
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('gets one product, localised, and 404s for an unknown one', async () => {
    const { items } = await list('?pageSize=1');
    const id = items[0]!.id;
    const en = await app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(en.statusCode).toBe(200);
    expect(en.json<Product>().fullDescription.length).toBeGreaterThan(en.json<Product>().shortDescription.length);
    const ar = await app.inject({ method: 'GET', url: `/api/products/${id}?lng=ar` });
    expect(ar.json<Product>().name).not.toBe(en.json<Product>().name);
    expect(ar.json<Product>().name).toMatch(/[\u0600-\u06FF]/);
    const missing = await app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'product_not_found', message: expect.any(String) } });
    const bad = await app.inject({ method: 'GET', url: '/api/products/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists categories with product counts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: Array<{ slug: string; name: string; productCount: number }> }>();
    expect(items.map((c) => c.slug)).toEqual(['essential-oils', 'water-fresheners', 'scented-candles', 'aroma-diffusers', 'air-purifiers']);
    expect(items.every((c) => c.productCount >= 6)).toBe(true);
    const all = await list('?pageSize=100');
    expect(items.reduce((s, c) => s + c.productCount, 0)).toBeGreaterThanOrEqual(all.total);
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
