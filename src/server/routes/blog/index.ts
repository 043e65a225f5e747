import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parseOr400 } from '../../errors.js';
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
  BLOG_PAGE_SIZE_DEFAULT,
  BLOG_PAGE_SIZE_MAX,
  type BlogImage,
  type BlogPost,
  type BlogPostList,
  type BlogPostSummary,
} from '../../../shared/schemas/blog.js';

const key = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z0-9-]*$/, 'invalid');

const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(BLOG_PAGE_SIZE_MAX).default(BLOG_PAGE_SIZE_DEFAULT),
    q: z.string().max(100).optional(),
    category: key.optional(),
    tag: key.optional(),
    lng: z.string().max(10).optional(),
  })
  .strict();

const postParams = z.object({ slug: z.string().min(1).max(120) }).strict();
const lngQuery = z.object({ lng: z.string().max(10).optional() }).strict();

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

export default async function blogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/blog/posts', async (request): Promise<BlogPostList> => {
    const query = parseOr400(listQuery, request.query);
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

  app.get('/api/blog/posts/:slug', async (request): Promise<BlogPost> => {
    const { slug } = parseOr400(postParams, request.params);
    const { lng } = parseOr400(lngQuery, request.query);
    const language = blogLanguage(requestLanguage(request, lng));
    const row = await findBlogPost(app.shop.db, language, slug);
    if (!row) throw notFound('post_not_found', `No blog post ${slug}`);
    const { previous, next } = await blogNeighbours(app.shop.db, language, row);
    return { ...summary(row), body: row.body, previous: previous ?? null, next: next ?? null };
  });
}
