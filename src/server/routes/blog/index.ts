import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lngQuery } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { toIso } from '../../db/database.js';
import {
  blogFacets,
  blogNeighbours,
  findBlogPost,
  listBlogPosts,
  splitTags,
  type BlogLanguage,
  type BlogPostRecord,
} from '../../repositories/blog-repository.js';
import {
  blogListQuerySchema,
  blogPostListSchema,
  blogPostParamsSchema,
  blogPostSchema,
  type BlogImage,
  type BlogPostSummary,
} from '../../../shared/schemas/blog.js';

/** Cover renditions written by the seed: `<base>-600.webp` and `<base>-1200.webp`, 3:2. */
const COVER_WIDTHS = [600, 1200];

function cover(base: string | null): BlogImage | null {
  if (!base) return null;
  return {
    src: `${base}-1200.webp`,
    srcSet: COVER_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
    width: 1200,
    height: 800,
  };
}

function summary(row: BlogPostRecord): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: splitTags(row.tags),
    image: cover(row.image),
    author: row.author,
    publishedAt: toIso(row.published_at),
  };
}

/** Posts are written in English and Arabic; French and German readers get the English text. */
function blogLanguage(language: string): BlogLanguage {
  return language === 'ar' ? 'ar' : 'en';
}

const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/blog/posts', { schema: { querystring: blogListQuerySchema, response: { 200: blogPostListSchema } } }, async (request) => {
    const query = request.query;
    const language = blogLanguage(requestLanguage(request, query.lng));
    const db = app.shop.db;
    const filters = { q: query.q || undefined, category: query.category || undefined, tag: query.tag || undefined };
    const [page, facets, recent] = await Promise.all([
      listBlogPosts(db, language, filters, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      blogFacets(db),
      listBlogPosts(db, language, {}, { offset: 0, limit: 3 }),
    ]);
    return {
      items: page.rows.map(summary),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
      categories: facets.categories,
      tags: facets.tags,
      recent: recent.rows.map(summary),
    };
  });

  app.get('/api/blog/posts/:slug', { schema: { params: blogPostParamsSchema, querystring: lngQuery, response: { 200: blogPostSchema } } }, async (request) => {
    const { slug } = request.params;
    const { lng } = request.query;
    const language = blogLanguage(requestLanguage(request, lng));
    const row = await findBlogPost(app.shop.db, language, slug);
    if (!row) throw notFound('post_not_found', `No blog post ${slug}`);
    const { previous, next } = await blogNeighbours(app.shop.db, language, row);
    return { ...summary(row), body: row.body, previous: previous ?? null, next: next ?? null };
  });
};

export default blogRoutes;
