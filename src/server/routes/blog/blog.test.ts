import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';
import { seedBlog, seedBlogPosts } from '../../db/seed/blog.js';
import type { BlogPost, BlogPostList } from '../../../shared/schemas/blog.js';
import blogRoutes from './index.js';

describe.each(testDatabases)('blog API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
    // The app may not seed or serve the blog yet: do both here when it does not.
    await seedBlog(app.shop.db, { renderDir: app.shop.config.imageDir, store: app.shop.pictures });
    if (!app.hasRoute({ method: 'GET', url: '/api/blog/posts' })) await app.register(blogRoutes);
  });
  afterAll(async () => close?.());

  async function list(query = ''): Promise<BlogPostList> {
    const res = await app.inject({ method: 'GET', url: `/api/blog/posts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BlogPostList>();
  }

  async function post(slug: string, query = ''): Promise<BlogPost> {
    const res = await app.inject({ method: 'GET', url: `/api/blog/posts/${slug}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BlogPost>();
  }

  it('seeds only once', async () => {
    expect(await seedBlog(app.shop.db, { renderDir: app.shop.config.imageDir, store: app.shop.pictures })).toBe(false);
  });

  it('lists posts newest first with totals, facets and recent posts', async () => {
    const body = await list();
    expect(body.total).toBe(seedBlogPosts.length);
    expect(body.pageSize).toBe(6);
    expect(body.page).toBe(1);
    expect(body.items).toHaveLength(Math.min(6, body.total));
    const dates = body.items.map((p) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.recent.map((p) => p.slug)).toEqual(body.items.slice(0, 3).map((p) => p.slug));
    expect(body.categories.map((c) => c.value).sort()).toEqual(['care', 'guides', 'seasonal']);
    expect(body.categories.reduce((n, c) => n + c.count, 0)).toBe(body.total);
    expect(body.tags.find((t) => t.value === 'candles')?.count).toBeGreaterThanOrEqual(2);
    const first = body.items[0]!;
    expect(first.title).toMatch(/[A-Za-z]/);
    expect(Array.isArray(first.tags)).toBe(true);
    expect(first.author).toBe('Nasma team');
    expect(first.image).toEqual({
      src: `/images/blog/${first.slug}-1200.webp`,
      srcSet: `/images/blog/${first.slug}-600.webp 600w, /images/blog/${first.slug}-1200.webp 1200w`,
      width: 1200,
      height: 800,
    });
    expect('body' in first).toBe(false);
    expect(Date.now() - Date.parse(dates[dates.length - 1]!)).toBeLessThan(65 * 24 * 60 * 60 * 1000);
  });

  it('pages with total counting the whole set', async () => {
    const all = await list('?pageSize=24');
    const first = await list('?page=1&pageSize=3');
    const second = await list('?page=2&pageSize=3');
    expect(first.items).toHaveLength(3);
    expect(second.page).toBe(2);
    expect(second.total).toBe(all.total);
    expect([...first.items, ...second.items].map((p) => p.slug)).toEqual(all.items.slice(0, 6).map((p) => p.slug));
    const past = await list('?page=50');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('answers in Arabic by parameter or Accept-Language, in English for French', async () => {
    const ar = await list('?lng=ar');
    expect(ar.items.every((p) => /[\u0600-\u06FF]/.test(p.title) && /[\u0600-\u06FF]/.test(p.excerpt))).toBe(true);
    const byHeader = await app.inject({ method: 'GET', url: '/api/blog/posts', headers: { 'accept-language': 'ar-EG,ar;q=0.9' } });
    expect(byHeader.json<BlogPostList>().items[0]!.title).toBe(ar.items[0]!.title);
    const fr = await list('?lng=fr');
    const en = await list('?lng=en');
    expect(fr.items.map((p) => p.title)).toEqual(en.items.map((p) => p.title));
    const full = await post('candle-care-first-burn', '?lng=ar');
    expect(full.title).toBe('العناية بالشموع: الإشعال الأول وتقليم الفتيل');
    expect(full.body).toContain('## الإشعال الأول');
  });

  it('searches titles and text, case-insensitively, in either language', async () => {
    const found = await list('?q=HEPA');
    expect(found.items.map((p) => p.slug)).toContain('air-purifiers-hepa-dust-season');
    const wick = await list('?q=wick');
    expect(wick.total).toBeGreaterThan(0);
    expect(wick.items.map((p) => p.slug)).toContain('candle-care-first-burn');
    const arabic = await list(`?q=${encodeURIComponent('رمضان')}&lng=ar`);
    expect(arabic.items.map((p) => p.slug)).toEqual(['scenting-home-ramadan-eid']);
    const none = await list('?q=zzzzqqq');
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
    // Wildcards are text: "100%" matches nothing rather than everything.
    expect((await list('?q=%25%25%25')).total).toBe(0);
  });

  it('filters by category and by tag', async () => {
    const care = await list('?category=care');
    expect(care.total).toBe(seedBlogPosts.filter((p) => p.category === 'care').length);
    expect(care.items.every((p) => p.category === 'care')).toBe(true);
    // The facets stay whole under a filter, so the sidebar still lists every category.
    expect(care.categories).toHaveLength(3);
    const candles = await list('?tag=candles');
    expect(candles.total).toBe(seedBlogPosts.filter((p) => p.tags.includes('candles')).length);
    expect(candles.items.every((p) => p.tags.includes('candles'))).toBe(true);
    const both = await list('?category=seasonal&tag=ramadan');
    expect(both.items.map((p) => p.slug)).toEqual(['scenting-home-ramadan-eid']);
    expect((await list('?category=nothing')).total).toBe(0);
  });

  it('serves a whole post with previous and next links', async () => {
    const all = (await list('?pageSize=24')).items;
    const middle = all[2]!;
    const full = await post(middle.slug);
    expect(full.slug).toBe(middle.slug);
    expect(full.body.split('\n\n').length).toBeGreaterThanOrEqual(4);
    expect(full.body).toMatch(/^## /m);
    expect(full.next).toEqual({ slug: all[1]!.slug, title: all[1]!.title });
    expect(full.previous).toEqual({ slug: all[3]!.slug, title: all[3]!.title });
    const newest = await post(all[0]!.slug);
    expect(newest.next).toBeNull();
    expect(newest.previous?.slug).toBe(all[1]!.slug);
    const oldest = await post(all[all.length - 1]!.slug);
    expect(oldest.previous).toBeNull();
    const arabic = await post(middle.slug, '?lng=ar');
    expect(arabic.next?.title).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 404 for an unknown post', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/blog/posts/no-such-post' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'post_not_found' } });
  });

  it('rejects unknown and invalid parameters', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/blog/posts?colour=red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'validation' } });
    expect((await app.inject({ method: 'GET', url: '/api/blog/posts?pageSize=25' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/blog/posts?page=0' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/blog/posts/candle-care-first-burn?page=2' })).statusCode).toBe(400);
  });
});
