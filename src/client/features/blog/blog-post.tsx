import { Link, useParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { skipToken } from '@reduxjs/toolkit/query';
import { ArrowLeft, BookOpen, CalendarDays, Clock, Tag, UserRound } from 'lucide-react';
import { readingMinutes } from '../../../shared/domain/blog-body';
import type { BlogPost as Post } from '../../../shared/schemas/blog';
import { Seo } from '../../components/ui/seo';
import { useGetBlogPostQuery, useGetBlogPostsQuery } from './blog-api';
import { Breadcrumb } from './blog-breadcrumb';
import { Cover } from './blog-cover';
import { BLOG_HOME, formatDate, useLabels, useLng } from './blog-format';
import { NeighbourLink } from './neighbour-link';
import { PostBody } from './post-body';

/** A post that does not exist, or could not be loaded (with a retry). */
function PostMissing({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="container-shop py-10">
      <Seo title={t(notFound ? 'blog.notFoundTitle' : 'blog.errorTitle')} titleTemplate={t('blog.metaTitle')} />
      <Breadcrumb>
        <Link to={BLOG_HOME} className="hover:text-ink">
          {t('blog.crumb')}
        </Link>
      </Breadcrumb>
      <div className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center" data-testid={notFound ? 'blog-not-found' : 'blog-error'}>
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">
          <BookOpen size={28} aria-hidden="true" />
        </span>
        <h1 className="mt-5 font-display text-3xl font-semibold sm:text-4xl">{t(notFound ? 'blog.notFoundTitle' : 'blog.errorTitle')}</h1>
        {notFound && <p className="mx-auto mt-2 max-w-md text-muted">{t('blog.notFoundText')}</p>}
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          {!notFound && (
            <button type="button" onClick={onRetry} className="btn btn-primary">
              {t('blog.retry')}
            </button>
          )}
          <Link to={BLOG_HOME} className={notFound ? 'btn btn-primary' : 'btn btn-ghost'}>
            {t('blog.backToBlog')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Grey shapes where the post will be, while it loads. */
function PostSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container-shop py-10" aria-busy="true">
      <p className="sr-only">{t('blog.loading')}</p>
      <div className="mx-auto max-w-3xl space-y-4 pt-10" aria-hidden="true">
        <div className="mx-auto h-3 w-24 animate-pulse rounded bg-sand" />
        <div className="mx-auto h-12 w-4/5 animate-pulse rounded bg-sand" />
        <div className="mx-auto h-4 w-1/2 animate-pulse rounded bg-sand" />
      </div>
      <div className="mx-auto mt-10 aspect-[3/2] max-w-5xl animate-pulse rounded-3xl bg-sand" aria-hidden="true" />
    </div>
  );
}

/** The post's category, title, date, author and reading time. */
function PostHeader({ post }: { post: Post }) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  return (
    <header className="mx-auto mt-10 max-w-3xl text-center">
      <Link to={`${BLOG_HOME}?category=${encodeURIComponent(post.category)}`} className="eyebrow hover:text-ink">
        {labels.category(post.category)}
      </Link>
      <h1 className="mt-3 font-display text-4xl font-semibold leading-tight sm:text-6xl">{post.title}</h1>
      <p className="mt-5 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-muted">
        <span className="inline-flex items-center gap-2">
          <CalendarDays size={15} aria-hidden="true" />
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lng)}</time>
        </span>
        <span className="inline-flex items-center gap-2">
          <UserRound size={15} aria-hidden="true" />
          {t('blog.by', { author: post.author })}
        </span>
        <span className="inline-flex items-center gap-2">
          <Clock size={15} aria-hidden="true" />
          {t('blog.minRead', { count: readingMinutes(post.body) })}
        </span>
      </p>
    </header>
  );
}

/** The post's tags, each opening the listing filtered by it. */
function PostTags({ tags }: { tags: string[] }) {
  const { t } = useTranslation();
  const labels = useLabels();
  if (tags.length === 0) return null;
  return (
    <div className="mt-12 flex flex-wrap items-center gap-3 border-t border-line pt-6">
      <span className="inline-flex items-center gap-2 text-sm font-semibold text-ink">
        <Tag size={15} aria-hidden="true" />
        {t('blog.tagsTitle')}
      </span>
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            <Link
              to={`${BLOG_HOME}?tag=${encodeURIComponent(tag)}`}
              className="inline-flex rounded-full border border-line px-3 py-1 text-sm text-olive transition hover:border-ink hover:text-ink"
            >
              {labels.tag(tag)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One post, by `:slug`; without a slug (the details route) the newest post. */
export function BlogPost() {
  const { t } = useTranslation();
  const lng = useLng();
  const { slug } = useParams();
  const latest = useGetBlogPostsQuery({ lng, pageSize: 1 }, { skip: Boolean(slug) });
  const target = slug ?? latest.data?.items[0]?.slug;
  const { data: post, error, isError, isFetching, refetch } = useGetBlogPostQuery(target ? { slug: target, lng } : skipToken);
  const notFound = (isError && typeof error === 'object' && 'status' in error && error.status === 404) || (!slug && latest.data?.total === 0);
  const failed = !notFound && (isError || latest.isError);

  if (notFound || failed) return <PostMissing notFound={notFound} onRetry={() => void (latest.isError ? latest.refetch() : refetch())} />;
  if (!post) return <PostSkeleton />;

  return (
    <article className={`container-shop py-10 transition-opacity ${isFetching ? 'opacity-70' : ''}`}>
      <Seo title={post.title} titleTemplate={t('blog.metaTitle')} description={post.excerpt} image={post.image?.src} />
      <Breadcrumb>
        <Link to={BLOG_HOME} className="hover:text-ink">
          {t('blog.crumb')}
        </Link>
        <span className="mx-2" aria-hidden="true">
          /
        </span>
        <span aria-current="page" className="text-ink">
          {post.title}
        </span>
      </Breadcrumb>

      <PostHeader post={post} />

      <div className="mx-auto mt-10 max-w-5xl overflow-hidden rounded-3xl bg-sand shadow-soft">
        <Cover image={post.image} sizes="(min-width: 1024px) 1024px, 100vw" priority className="aspect-[3/2] h-auto w-full object-cover" />
      </div>

      <div className="mx-auto mt-12 max-w-2xl">
        <PostBody body={post.body} />

        <PostTags tags={post.tags} />
      </div>

      {(post.previous || post.next) && (
        <nav aria-label={t('blog.postNavigation')} className="mx-auto mt-14 grid max-w-5xl gap-4 sm:grid-cols-2">
          <NeighbourLink link={post.previous} direction="previous" />
          <NeighbourLink link={post.next} direction="next" />
        </nav>
      )}

      <p className="mt-12 text-center">
        <Link to={BLOG_HOME} className="btn btn-ghost gap-2">
          <ArrowLeft size={16} className="rtl:rotate-180" aria-hidden="true" />
          {t('blog.backToBlog')}
        </Link>
      </p>
    </article>
  );
}
