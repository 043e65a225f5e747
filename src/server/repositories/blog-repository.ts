import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { containsPattern, escapeLike } from '../db/like.js';

type Q = Kysely<Database> | Transaction<Database>;
type Eb = ExpressionBuilder<Database, 'blog_posts'>;

export type BlogLanguage = 'en' | 'ar';

/** A post row in one language, with timestamps still as the driver returns them. */
export interface BlogPostRecord {
  id: number;
  slug: string;
  category: string;
  tags: string;
  image: string | null;
  author: string;
  title: string;
  excerpt: string;
  published_at: Date | string;
}

export interface BlogPostFullRecord extends BlogPostRecord {
  body: string;
}

export interface BlogFilters {
  q?: string;
  category?: string;
  tag?: string;
}

function where(eb: Eb, filters: BlogFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filters.category) parts.push(eb('category', '=', filters.category));
  if (filters.tag) parts.push(sql<SqlBool>`(',' || ${eb.ref('tags')} || ',') like ${`%,${escapeLike(filters.tag)},%`} escape '\\'`);
  const q = filters.q?.trim();
  if (q) {
    // Either language matches, so a shopper reading in English may still search an Arabic word.
    const pattern = containsPattern(q);
    const columns = ['title_en', 'title_ar', 'excerpt_en', 'excerpt_ar', 'body_en', 'body_ar'] as const;
    parts.push(eb.or(columns.map((c) => sql<SqlBool>`lower(${eb.ref(c)}) like ${pattern} escape '\\'`)));
  }
  return eb.and(parts);
}

function localized(language: BlogLanguage) {
  return ['id', 'slug', 'category', 'tags', 'image', 'author', 'published_at', `title_${language} as title`, `excerpt_${language} as excerpt`] as const;
}

/** One page of posts matching the filters, newest first, and how many match in all. */
export async function listBlogPosts(
  db: Q,
  language: BlogLanguage,
  filters: BlogFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: BlogPostRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select(localized(language))
      .where((eb) => where(eb, filters))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where((eb) => where(eb, filters))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every category and tag key with its number of posts, most used first, then by name. */
export async function blogFacets(db: Q): Promise<{ categories: Array<{ value: string; count: number }>; tags: Array<{ value: string; count: number }> }> {
  const rows = await db.selectFrom('blog_posts').select(['category', 'tags']).execute();
  const categories = new Map<string, number>();
  const tags = new Map<string, number>();
  for (const r of rows) {
    categories.set(r.category, (categories.get(r.category) ?? 0) + 1);
    for (const tag of splitTags(r.tags)) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  const sorted = (m: Map<string, number>) =>
    [...m].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { categories: sorted(categories), tags: sorted(tags) };
}

/** One post by slug, in one language. */
export async function findBlogPost(db: Q, language: BlogLanguage, slug: string): Promise<BlogPostFullRecord | undefined> {
  return db
    .selectFrom('blog_posts')
    .select([...localized(language), `body_${language} as body`])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The posts either side of `post` in publication order: `previous` is older, `next` newer. */
export async function blogNeighbours(
  db: Q,
  language: BlogLanguage,
  post: { id: number; published_at: Date | string },
): Promise<{ previous: { slug: string; title: string } | undefined; next: { slug: string; title: string } | undefined }> {
  const at = post.published_at instanceof Date ? post.published_at.toISOString() : post.published_at;
  const [previous, next] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select(['slug', `title_${language} as title`])
      .where((eb) => eb.or([eb('published_at', '<', at), eb.and([eb('published_at', '=', at), eb('id', '<', post.id)])]))
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('blog_posts')
      .select(['slug', `title_${language} as title`])
      .where((eb) => eb.or([eb('published_at', '>', at), eb.and([eb('published_at', '=', at), eb('id', '>', post.id)])]))
      .orderBy('published_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { previous, next };
}

/** Every post's slug and publication time (as the driver returns it), newest first: what a sitemap lists. */
export async function listPostDates(db: Q): Promise<Array<{ slug: string; published_at: Date | string }>> {
  return db.selectFrom('blog_posts').select(['slug', 'published_at']).orderBy('published_at', 'desc').execute();
}

export async function countBlogPosts(db: Q): Promise<number> {
  const { n } = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Tag keys of the comma-separated column. */
export function splitTags(tags: string): string[] {
  return tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}
