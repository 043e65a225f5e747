/** Response shapes of the blog API (`/api/blog/posts`), shared by the server and the client. */

/** A cover picture: the largest rendition, a `srcset` of every rendition and its intrinsic size. */
export interface BlogImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** A post as listed: everything but the body, in the requested language. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  /** Category key (`guides`, `care`, `seasonal`); the client translates it. */
  category: string;
  /** Tag keys (`candles`, `oils`…); the client translates them. */
  tags: string[];
  image: BlogImage | null;
  author: string;
  /** ISO 8601. */
  publishedAt: string;
}

/** A key with the number of posts carrying it. */
export interface BlogFacet {
  value: string;
  count: number;
}

export interface BlogPostList {
  items: BlogPostSummary[];
  /** Posts matching the filters, over every page. */
  total: number;
  page: number;
  pageSize: number;
  /** Every category with its number of posts (unfiltered). */
  categories: BlogFacet[];
  /** Every tag with its number of posts (unfiltered). */
  tags: BlogFacet[];
  /** The three newest posts. */
  recent: BlogPostSummary[];
}

export interface BlogPostLink {
  slug: string;
  title: string;
}

/** A whole post. `body` holds paragraphs separated by blank lines; `## ` starts a subheading. */
export interface BlogPost extends BlogPostSummary {
  body: string;
  /** The next older post. */
  previous: BlogPostLink | null;
  /** The next newer post. */
  next: BlogPostLink | null;
}

export interface BlogListQuery {
  page?: number;
  pageSize?: number;
  q?: string;
  category?: string;
  tag?: string;
  lng?: string;
}

export const BLOG_PAGE_SIZE_DEFAULT = 6;
export const BLOG_PAGE_SIZE_MAX = 24;
