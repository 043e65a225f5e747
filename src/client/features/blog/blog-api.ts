import { api } from '../../app/api';
import type { BlogListQuery, BlogPost, BlogPostList } from '../../../shared/schemas/blog';

export interface BlogListArgs extends BlogListQuery {
  lng: string;
}

/** Drops empty values so the server sees only the filters in use (and caches stay shared). */
function cleanParams(args: BlogListArgs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    out[key] = String(value);
  }
  return out;
}

/** The blog's endpoints, added to the shop's API. Posts arrive in the requested language. */
export const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlogPosts: build.query<BlogPostList, BlogListArgs>({
      query: (args) => ({ url: '/blog/posts', params: cleanParams(args) }),
    }),
    getBlogPost: build.query<BlogPost, { slug: string; lng: string }>({
      query: ({ slug, lng }) => ({ url: `/blog/posts/${encodeURIComponent(slug)}`, params: { lng } }),
    }),
  }),
});

export const { useGetBlogPostsQuery, useGetBlogPostQuery } = blogApi;
