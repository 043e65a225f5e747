import { z } from 'zod';

/** Response shapes of the blog API (`/api/blog/posts`), shared by the server and the client. */

/** A cover picture: the largest rendition, a `srcset` of every rendition and its intrinsic size. */
export const blogImageSchema = z.object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number() });
export type BlogImage = z.infer<typeof blogImageSchema>;

/** A post as listed: everything but the body, in the requested language. */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Category key (`guides`, `care`, `seasonal`); the client translates it. */
  category: z.string(),
  /** Tag keys (`candles`, `oils`…); the client translates them. */
  tags: z.array(z.string()),
  image: blogImageSchema.nullable(),
  author: z.string(),
  /** ISO 8601. */
  publishedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** A key with the number of posts carrying it. */
export const blogFacetSchema = z.object({ value: z.string(), count: z.number() });
export type BlogFacet = z.infer<typeof blogFacetSchema>;

export const blogPostListSchema = z.object({
  items: z.array(blogPostSummarySchema),
  /** Posts matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Every category with its number of posts (unfiltered). */
  categories: z.array(blogFacetSchema),
  /** Every tag with its number of posts (unfiltered). */
  tags: z.array(blogFacetSchema),
  /** The three newest posts. */
  recent: z.array(blogPostSummarySchema),
});
export type BlogPostList = z.infer<typeof blogPostListSchema>;

export const blogPostLinkSchema = z.object({ slug: z.string(), title: z.string() });
export type BlogPostLink = z.infer<typeof blogPostLinkSchema>;

/** A whole post. `body` holds paragraphs separated by blank lines; `## ` starts a subheading. */
export const blogPostSchema = blogPostSummarySchema.extend({
  body: z.string(),
  /** The next older post. */
  previous: blogPostLinkSchema.nullable(),
  /** The next newer post. */
  next: blogPostLinkSchema.nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const BLOG_PAGE_SIZE_DEFAULT = 6;
export const BLOG_PAGE_SIZE_MAX = 24;

const blogKey = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z0-9-]*$/, 'invalid');

/** Query of `GET /api/blog/posts`. */
export const blogListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(BLOG_PAGE_SIZE_MAX).default(BLOG_PAGE_SIZE_DEFAULT),
    q: z.string().max(100).optional(),
    category: blogKey.optional(),
    tag: blogKey.optional(),
    lng: z.string().max(10).optional(),
  })
  .strict();
/** What the client may ask for: any of the query's parameters. */
export type BlogListQuery = Partial<z.output<typeof blogListQuerySchema>>;

/** `/api/blog/posts/:slug`. */
export const blogPostParamsSchema = z.object({ slug: z.string().min(1).max(120) }).strict();
