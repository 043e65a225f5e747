import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toIso } from '../../db/database.js';
import { publicOrigin } from '../../public-origin.js';
import { escapeXml } from '../../xml.js';
import { listCategories, listProductUpdates } from '../../repositories/catalog-repository.js';
import { listPostDates } from '../../repositories/blog-repository.js';

/** Pages that are the same for everyone and worth finding; listing variants point to one canonical listing. */
const staticPages = ['/', '/shop-grid-standard', '/about', '/contact', '/blog-standard'];

// robots.txt and sitemap.xml are text, not JSON: they take no input and have no response schema.
const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', async (request, reply) => {
    const body = [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /my-account',
      'Disallow: /order/',
      'Disallow: /review/',
      'Disallow: /staff-invite',
      'Disallow: /stock-alerts/',
      '',
      `Sitemap: ${publicOrigin(request, app.shop.config)}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const base = publicOrigin(request, app.shop.config);
    const [categories, products, posts] = await Promise.all([listCategories(app.shop.db), listProductUpdates(app.shop.db), listPostDates(app.shop.db)]);
    const url = (path: string, lastmod?: string) =>
      `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...staticPages.map((p) => url(p)),
      ...categories.map((c) => url(`/shop-grid-standard?category=${encodeURIComponent(c.slug)}`)),
      ...products.map((p) => url(`/product/${p.id}`, toIso(p.updated_at))),
      ...posts.map((p) => url(`/blog/${encodeURIComponent(p.slug)}`, toIso(p.published_at))),
      '</urlset>',
      '',
    ];
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });
};

export default seoRoutes;
