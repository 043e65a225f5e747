/**
 * The blog's two route components, as the router loads them: the listing (`blog-list.tsx`, with
 * `blog-sidebar.tsx` and `post-card.tsx`) and one post (`blog-post.tsx`, with `post-body.tsx`).
 */
export { BlogList } from './blog-list';
export { BlogPost } from './blog-post';
