import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';

describe.each(testDatabases)('robots.txt and sitemap.xml on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  it('robots.txt keeps private pages out and points to the sitemap on this host', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.example.eg' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /checkout');
    expect(res.body).toContain('Sitemap: http://shop.example.eg/sitemap.xml');
  });

  it('the sitemap lists home, listings, every visible product and the categories', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example.eg' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('http://shop.example.eg/');
    expect(locs).toContain('http://shop.example.eg/shop-grid-standard');
    expect(locs).toContain('http://shop.example.eg/shop-grid-standard?category=scented-candles');
    const products = await app.shop.db.selectFrom('products').select('id').where('visible', '=', 1).execute();
    expect(locs.filter((l) => /\/product\/\d+$/.test(l!))).toHaveLength(products.length);
  });
});
