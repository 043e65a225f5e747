import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ProductList, ProductSuggestions } from '../../../shared/schemas/product.js';
import type { SearchStatsAnswer } from '../../../shared/schemas/search-stats.js';

describe.each(testDatabases)('product search API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: '10.9.0.1', ...opts });
  const list = async (query: string) => {
    const res = await call({ method: 'GET', url: `/api/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductList>();
  };
  const names = (l: { items: Array<{ name: string }> }) => l.items.map((p) => p.name);
  const search = (q: string, more = '') => list(`q=${encodeURIComponent(q)}${more}`);

  it('forgives typos and finds products in any language, shown in the page language', async () => {
    expect(names(await search('lavendar'))).toEqual(expect.arrayContaining(['French Lavender Essential Oil', 'Lavender Fields Candle']));
    const ar = await search('oud', '&lng=ar');
    expect(names(ar)).toEqual(expect.arrayContaining(['شمعة العود الأسود', 'معطر غرف العود والعنبر']));
    expect(names(await search('عود', '&lng=en'))).toContain('Oud Noir Candle');
    expect(names(await search('٣٠٠ مل', '&lng=ar'))[0]).toBe('جهاز نشر عطور بالموجات فوق الصوتية بخشب طبيعي 300 مل');
    expect((await search('الشموع', '&lng=ar')).total).toBe((await search('شموع', '&lng=ar')).total);
  });

  it('orders by relevance unless the shopper chose a sort, and filters within the matches', async () => {
    expect(names(await search('oud noir candle'))[0]).toBe('Oud Noir Candle');
    const byPrice = await search('candle', '&sort=priceLowToHigh');
    const paid = byPrice.items.map((p) => p.price * (100 - p.discount));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const inCategory = await search('lavender', '&category=scented-candles');
    expect(names(inCategory)).toEqual(['Lavender Fields Candle']);
    expect(inCategory.facets.categories.map((c) => c.value).sort()).toEqual(['essential-oils', 'scented-candles']);
  });

  it('offers the closest names when a search finds nothing, in the page language', async () => {
    const none = await search('lavvvvender');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toContain('Lavender Fields Candle');
    const ar = await search('lavvvvender', '&lng=ar');
    expect(ar.didYouMean!.length).toBeGreaterThan(0);
    expect(ar.didYouMean!.every((n) => /[\u0600-\u06ff]/.test(n))).toBe(true);
    expect((await search('lavender')).didYouMean).toBeUndefined();
  });

  it('suggests at most six products in the listing shape for two or more letters', async () => {
    const suggest = async (q: string, lng = 'en') => {
      const res = await call({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}&lng=${lng}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ProductSuggestions>();
    };
    expect((await suggest('l')).items).toEqual([]);
    expect((await suggest('')).items).toEqual([]);
    const some = await suggest('can');
    expect(some.items).toHaveLength(6);
    for (const item of some.items) {
      expect(item.images.length).toBeLessThanOrEqual(1);
      expect(item).not.toHaveProperty('fullDescription');
      expect(item).toHaveProperty('price');
      expect(item).toHaveProperty('stock');
    }
    expect(names(await suggest('pepermint'))[0]).toBe('Peppermint Essential Oil');
    expect(names(await suggest('نعناع', 'ar'))).toContain('زيت النعناع العطري');
    // Kept: the same normalised query answers the same.
    expect(await suggest('  PEPERMINT ')).toEqual(await suggest('pepermint'));
  });

  it('refuses bad suggestion queries with the validation error', async () => {
    const long = await call({ method: 'GET', url: `/api/products/suggest?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'validation', fields: { q: expect.any(String) } });
    const unknown = await call({ method: 'GET', url: '/api/products/suggest?q=oud&x=1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ x: 'unknown' });
  });

  it('counts full searches (page 1, normalised) but not suggestions, and shows them to the admin only', async () => {
    await search('Rose');
    await search(' rose ');
    await search('rose', '&page=2');
    await search('qqzzxx');
    await call({ method: 'GET', url: '/api/products/suggest?q=rose' });
    await app.shop.searchStats.flush();
    await search('ROSE', '&lng=ar');
    await app.shop.searchStats.flush();

    expect((await call({ method: 'GET', url: '/api/admin/search-stats' })).statusCode).toBe(401);
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode, login.body).toBe(200);
    const res = await call({ method: 'GET', url: '/api/admin/search-stats', headers: { cookie: sessionCookie(login) } });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<SearchStatsAnswer>();
    expect(stats.top).toContainEqual({ query: 'rose', searches: 3 });
    expect(stats.noResults).toContainEqual({ query: 'qqzzxx', searches: 1 });
    expect(stats.noResults.map((r) => r.query)).not.toContain('rose');
    expect(stats.top.length).toBeLessThanOrEqual(20);
    const rows = await app.shop.db.selectFrom('search_stats').selectAll().where('query', '=', 'rose').orderBy('language').execute();
    expect(rows.map((r) => [r.language, r.searches, r.no_results])).toEqual([
      ['ar', 1, 0],
      ['en', 2, 0],
    ]);
  });
});
