import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';

describe.each(testDatabases)('robots.txt and sitemap.xml on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const built = await buildTestApp(name, { publicUrl: 'https://shop.example.eg' });
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  it('robots.txt keeps private pages out and points to the sitemap at PUBLIC_URL, whatever Host says', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /checkout');
    expect(res.body).toContain('Disallow: /staff-invite');
    expect(res.body).toContain('Disallow: /stock-alerts/');
    expect(res.body).toContain('Sitemap: https://shop.example.eg/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
  });

  it('without PUBLIC_URL, absolute URLs use the request host only when it is allowed', async () => {
    const plain = await buildTestApp('sqlite', { allowedHosts: ['shop.example.eg', 'localhost'] });
    try {
      const robots = (host: string) => plain.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      expect((await robots('shop.example.eg')).body).toContain('Sitemap: http://shop.example.eg/sitemap.xml');
      const spoofed = await robots('evil.example');
      expect(spoofed.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      expect(spoofed.body).not.toContain('evil.example');
      const sitemap = await plain.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(sitemap.body).not.toContain('evil.example');
    } finally {
      await plain.close();
    }
  });

  it('the sitemap lists home, listings, every visible product and the categories', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://shop.example.eg/');
    expect(locs).toContain('https://shop.example.eg/shop-grid-standard');
    expect(locs).toContain('https://shop.example.eg/shop-grid-standard?category=scented-candles');
    const products = await app.shop.db.selectFrom('products').select('id').where('visible', '=', 1).execute();
    expect(locs.filter((l) => /\/product\/\d+$/.test(l!))).toHaveLength(products.length);
  });
});
