import { formatShopTime } from '../../../shared/domain/shop-time';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { ArrowLeft, ArrowRight, BookOpen, CalendarDays, Clock, Search, Tag, UserRound, X } from 'lucide-react';
import type { BlogImage, BlogPostLink, BlogPostList, BlogPostSummary } from '../../../shared/schemas/blog';
import { Seo } from '../../components/ui/seo';
import { Pagination } from '../../components/ui/pagination';
import { useGetBlogPostQuery, useGetBlogPostsQuery } from './blog-api';

const PAGE_SIZE = 6;
/** Where the blog's listing lives; tags and breadcrumbs of a post link back here. */
const BLOG_HOME = '/blog-standard';

function useLng(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? 'en';
}

/** A date in the active language; Arabic keeps Latin digits, as elsewhere in the shop. */
function formatDate(iso: string, lng: string): string {
  return formatShopTime(iso, lng, { day: 'numeric', month: 'long', year: 'numeric' });
}

function useLabels() {
  const { t } = useTranslation();
  return {
    category: (key: string) => t(`blog.categories.${key}`, { defaultValue: key }),
    tag: (key: string) => t(`blog.tags.${key}`, { defaultValue: key }),
  };
}

function Breadcrumb({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('blog.breadcrumb')} className="text-sm text-muted">
      <Link to="/" className="hover:text-ink">
        {t('blog.home')}
      </Link>
      <span className="mx-2" aria-hidden="true">
        /
      </span>
      {children}
    </nav>
  );
}

function Cover({ image, sizes, className, priority }: { image: BlogImage | null; sizes: string; className?: string; priority?: boolean }) {
  if (!image) return <div className={`bg-gradient-to-br from-sand to-linen ${className ?? ''}`} aria-hidden="true" />;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
    />
  );
}

function PostCard({ post, priority, sizes }: { post: BlogPostSummary; priority: boolean; sizes: string }) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const href = `/blog/${post.slug}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-soft transition hover:shadow-lift" data-testid="blog-card">
      <Link to={href} className="relative block aspect-[3/2] overflow-hidden bg-sand" tabIndex={-1} aria-hidden="true">
        <Cover image={post.image} sizes={sizes} priority={priority} className="h-full w-full object-cover transition duration-700 group-hover:scale-105" />
        <span className="absolute start-4 top-4 rounded-full bg-ivory/90 px-3 py-1 text-xs font-semibold tracking-wide text-ink backdrop-blur">
          {labels.category(post.category)}
        </span>
      </Link>
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarDays size={15} aria-hidden="true" />
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lng)}</time>
        </p>
        <h2 className="mt-3 font-display text-2xl font-semibold leading-snug">
          <Link to={href} className="transition hover:text-amber-dark">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 line-clamp-3 leading-relaxed text-muted">{post.excerpt}</p>
        <div className="mt-auto pt-6">
          <Link
            to={href}
            aria-label={t('blog.readMoreAbout', { title: post.title })}
            className="inline-flex items-center gap-2 text-sm font-semibold text-amber-dark underline-offset-4 hover:underline"
          >
            {t('blog.readMore')}
            <ArrowRight size={16} className="transition group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

function SearchBox({ q, onSearch, id }: { q: string; onSearch: (q: string) => void; id: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(q);
  useEffect(() => setValue(q), [q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor={id} className="sr-only">
        {t('blog.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('blog.searchPlaceholder')}
        maxLength={100}
        className="h-12 w-full rounded-full border border-line bg-white pe-12 ps-5 text-sm outline-none transition focus:border-ink"
      />
      <button
        type="submit"
        aria-label={t('blog.searchSubmit')}
        className="absolute end-1 top-1 flex h-10 w-10 items-center justify-center rounded-full bg-ink text-ivory transition hover:bg-olive"
      >
        <Search size={16} aria-hidden="true" />
      </button>
    </form>
  );
}

function SideSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-6 shadow-soft">
      <h2 className="font-display text-2xl font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface Filters {
  q?: string;
  category?: string;
  tag?: string;
}

function Sidebar({
  data,
  filters,
  hrefWith,
  onSearch,
}: {
  data: BlogPostList | undefined;
  filters: Filters;
  hrefWith: (patch: Filters) => string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const all = data?.categories.reduce((n, c) => n + c.count, 0);
  const row = (active: boolean) =>
    `flex items-center justify-between rounded-xl px-3 py-2 text-sm transition ${active ? 'bg-sand font-semibold text-ink' : 'text-olive hover:bg-sand/60 hover:text-ink'}`;
  return (
    <div className="space-y-6">
      <SideSection title={t('blog.search')}>
        <SearchBox id="blog-search-side" q={filters.q ?? ''} onSearch={onSearch} />
      </SideSection>

      <SideSection title={t('blog.categoriesTitle')}>
        <ul className="-mx-3 space-y-0.5">
          <li>
            <Link to={hrefWith({ category: undefined })} className={row(!filters.category)} aria-current={!filters.category ? 'true' : undefined}>
              <span>{t('blog.allPosts')}</span>
              {all !== undefined && <span className="text-xs text-muted">{all}</span>}
            </Link>
          </li>
          {data?.categories.map((c) => (
            <li key={c.value}>
              <Link
                to={hrefWith({ category: c.value })}
                className={row(filters.category === c.value)}
                aria-current={filters.category === c.value ? 'true' : undefined}
              >
                <span>{labels.category(c.value)}</span>
                <span className="text-xs text-muted">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </SideSection>

      {data && data.recent.length > 0 && (
        <SideSection title={t('blog.recentTitle')}>
          <ul className="space-y-4">
            {data.recent.map((p) => (
              <li key={p.slug}>
                <Link to={`/blog/${p.slug}`} className="group grid grid-cols-[72px_1fr] items-center gap-4">
                  <span className="block aspect-square overflow-hidden rounded-2xl bg-sand">
                    <Cover image={p.image} sizes="72px" className="h-full w-full object-cover transition duration-500 group-hover:scale-110" />
                  </span>
                  <span>
                    <span className="line-clamp-2 font-display text-lg font-semibold leading-snug transition group-hover:text-amber-dark">{p.title}</span>
                    <time dateTime={p.publishedAt} className="mt-1 block text-xs text-muted">
                      {formatDate(p.publishedAt, lng)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </SideSection>
      )}

      {data && data.tags.length > 0 && (
        <SideSection title={t('blog.tagsTitle')}>
          <ul className="flex flex-wrap gap-2">
            {data.tags.map((tag) => (
              <li key={tag.value}>
                <Link
                  to={hrefWith({ tag: filters.tag === tag.value ? undefined : tag.value })}
                  aria-current={filters.tag === tag.value ? 'true' : undefined}
                  className={`inline-flex rounded-full border px-3 py-1 text-sm transition ${filters.tag === tag.value ? 'border-ink bg-ink text-ivory' : 'border-line text-olive hover:border-ink hover:text-ink'}`}
                >
                  {labels.tag(tag.value)}
                </Link>
              </li>
            ))}
          </ul>
        </SideSection>
      )}
    </div>
  );
}

/** The blog's listing: posts in a grid with a sidebar on either side, or none. Filters live in the URL. */
export function BlogList({ sidebar }: { sidebar: 'left' | 'right' | 'none' }) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const filters: Filters = {
    q: searchParams.get('q')?.trim() || undefined,
    category: searchParams.get('category') || undefined,
    tag: searchParams.get('tag') || undefined,
  };
  const { data, isFetching, isError, refetch } = useGetBlogPostsQuery({ lng, page, pageSize: PAGE_SIZE, ...filters });
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  /** The current URL with some filters changed, back on the first page. */
  const hrefWith = (patch: Filters): string => {
    const params = new URLSearchParams(searchParams);
    params.delete('page');
    for (const [key, value] of Object.entries(patch)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  const onSearch = (q: string) => {
    const params = new URLSearchParams(searchParams);
    params.delete('page');
    if (q) params.set('q', q);
    else params.delete('q');
    setSearchParams(params);
  };

  // A page past the end (after a filter narrowed the list) goes to the last page that exists.
  useEffect(() => {
    if (data && !isFetching && total > 0 && page > pages) {
      const params = new URLSearchParams(searchParams);
      if (pages === 1) params.delete('page');
      else params.set('page', String(pages));
      setSearchParams(params, { replace: true });
    }
  }, [data, isFetching, total, page, pages, searchParams, setSearchParams]);

  const heading = filters.q
    ? t('blog.resultsFor', { q: filters.q })
    : filters.category
      ? labels.category(filters.category)
      : filters.tag
        ? t('blog.taggedTitle', { tag: labels.tag(filters.tag) })
        : t('blog.heading');

  const chips: Array<{ key: keyof Filters; label: string }> = [];
  if (filters.q) chips.push({ key: 'q', label: `“${filters.q}”` });
  if (filters.category) chips.push({ key: 'category', label: labels.category(filters.category) });
  if (filters.tag) chips.push({ key: 'tag', label: labels.tag(filters.tag) });
  const clearAll = `${location.pathname}`;

  const withSidebar = sidebar !== 'none';

  return (
    <div className="container-shop py-10">
      <Seo title={heading} titleTemplate={t('blog.metaTitle')} description={t('blog.metaDescription')} />
      <Breadcrumb>
        <span aria-current="page">{t('blog.crumb')}</span>
      </Breadcrumb>
      <header className="mt-6 max-w-3xl">
        <p className="eyebrow">{t('blog.eyebrow')}</p>
        <h1 className="mt-2 font-display text-4xl font-semibold leading-tight sm:text-6xl">{heading}</h1>
        {!filters.q && !filters.category && !filters.tag && <p className="mt-4 text-lg leading-relaxed text-olive">{t('blog.lead')}</p>}
      </header>

      {!withSidebar && (
        <div className="mt-8 flex flex-col gap-4 rounded-3xl bg-white p-4 shadow-soft sm:p-5 lg:flex-row lg:items-center lg:justify-between">
          <ul className="flex flex-wrap gap-2" aria-label={t('blog.categoriesTitle')}>
            {[
              { value: undefined, label: t('blog.allPosts') },
              ...(data?.categories ?? []).map((c) => ({ value: c.value, label: `${labels.category(c.value)} (${c.count})` })),
            ].map((c) => (
              <li key={c.value ?? 'all'}>
                <Link
                  to={hrefWith({ category: c.value })}
                  aria-current={filters.category === c.value ? 'true' : undefined}
                  className={`inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold transition ${filters.category === c.value ? 'bg-ink text-ivory' : 'bg-sand/70 text-ink hover:bg-sand'}`}
                >
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="w-full lg:max-w-xs">
            <SearchBox id="blog-search-top" q={filters.q ?? ''} onSearch={onSearch} />
          </div>
        </div>
      )}

      <div className={`mt-8 grid gap-10 ${withSidebar ? (sidebar === 'right' ? 'lg:grid-cols-[1fr_320px]' : 'lg:grid-cols-[320px_1fr]') : ''}`}>
        {withSidebar && (
          <aside className={sidebar === 'right' ? 'lg:order-2' : ''} aria-label={t('blog.sidebar')}>
            <Sidebar data={data} filters={filters} hrefWith={hrefWith} onSearch={onSearch} />
          </aside>
        )}

        <div className={`min-w-0 ${withSidebar ? 'order-first lg:order-none' : ''}`}>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
            <p className="text-sm text-muted" aria-live="polite" data-testid="blog-count">
              {data ? t('blog.count', { count: total }) : t('blog.loading')}
            </p>
            {chips.length > 0 && (
              <ul className="flex flex-wrap items-center gap-2" aria-label={t('blog.activeFilters')}>
                {chips.map((c) => (
                  <li key={c.key}>
                    <Link
                      to={hrefWith({ [c.key]: undefined })}
                      className="inline-flex items-center gap-1.5 rounded-full bg-sand px-3 py-1 text-sm text-ink hover:bg-line"
                      aria-label={t('blog.removeFilter', { name: c.label })}
                    >
                      {c.label}
                      <X size={14} aria-hidden="true" />
                    </Link>
                  </li>
                ))}
                {chips.length > 1 && (
                  <li>
                    <Link to={clearAll} className="text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
                      {t('blog.clearAll')}
                    </Link>
                  </li>
                )}
              </ul>
            )}
          </div>

          {isError ? (
            <div className="mt-10 rounded-3xl bg-sand/60 px-6 py-14 text-center">
              <p className="font-display text-2xl font-semibold">{t('blog.errorTitle')}</p>
              <button type="button" onClick={() => refetch()} className="btn btn-primary mt-6">
                {t('blog.retry')}
              </button>
            </div>
          ) : data && total === 0 ? (
            <div className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">
                <BookOpen size={28} aria-hidden="true" />
              </span>
              <p className="mt-5 font-display text-3xl font-semibold">{t('blog.emptyTitle')}</p>
              <p className="mx-auto mt-2 max-w-md text-muted">{t('blog.emptyText')}</p>
              <Link to={clearAll} className="btn btn-primary mt-7">
                {t('blog.allPosts')}
              </Link>
            </div>
          ) : (
            <ul
              className={`mt-8 grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:gap-8 ${withSidebar ? '' : 'lg:grid-cols-3'} ${isFetching ? 'opacity-60' : ''}`}
              aria-busy={isFetching}
            >
              {(data?.items ?? Array.from({ length: PAGE_SIZE }, () => null)).map((p, i) => (
                <li key={p?.slug ?? `skeleton-${i}`} className="flex">
                  {p ? (
                    <div className="w-full">
                      <PostCard
                        post={p}
                        priority={i < 2}
                        sizes={
                          withSidebar ? '(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'
                        }
                      />
                    </div>
                  ) : (
                    <div className="w-full overflow-hidden rounded-3xl bg-white shadow-soft" aria-hidden="true">
                      <div className="aspect-[3/2] animate-pulse bg-sand" />
                      <div className="space-y-3 p-6">
                        <div className="h-3 w-24 animate-pulse rounded bg-sand" />
                        <div className="h-6 w-3/4 animate-pulse rounded bg-sand" />
                        <div className="h-4 w-full animate-pulse rounded bg-sand" />
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Pagination page={Math.min(page, pages)} pages={pages} />
        </div>
      </div>
    </div>
  );
}

/** Paragraphs separated by blank lines; a line starting with `## ` is a subheading. */
function PostBody({ body }: { body: string }) {
  const blocks: Array<{ kind: 'h2' | 'p'; text: string }> = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim());
    if (lines[0]?.startsWith('## ')) {
      blocks.push({ kind: 'h2', text: lines[0].slice(3).trim() });
      lines.shift();
    }
    const text = lines.join(' ').trim();
    if (text) blocks.push({ kind: 'p', text });
  }
  let lead = true;
  return (
    <div data-testid="blog-body">
      {blocks.map((b, i) => {
        if (b.kind === 'h2')
          return (
            <h2 key={i} className="mt-12 font-display text-3xl font-semibold leading-tight first:mt-0">
              {b.text}
            </h2>
          );
        const first = lead;
        lead = false;
        return (
          <p key={i} className={first ? 'text-xl leading-relaxed text-olive first:mt-0' : 'mt-5 text-lg leading-relaxed text-ink/90'}>
            {b.text}
          </p>
        );
      })}
    </div>
  );
}

function NeighbourLink({ link, direction }: { link: BlogPostLink | null; direction: 'previous' | 'next' }) {
  const { t } = useTranslation();
  if (!link) return <div className="hidden sm:block" />;
  const next = direction === 'next';
  return (
    <Link
      to={`/blog/${link.slug}`}
      rel={next ? 'next' : 'prev'}
      className={`group flex items-center gap-4 rounded-3xl bg-white p-5 shadow-soft transition hover:shadow-lift ${next ? 'sm:flex-row-reverse sm:text-end' : ''}`}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-sand text-ink transition group-hover:bg-ink group-hover:text-ivory">
        {next ? <ArrowRight size={18} className="rtl:rotate-180" aria-hidden="true" /> : <ArrowLeft size={18} className="rtl:rotate-180" aria-hidden="true" />}
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-wider text-muted">{t(next ? 'blog.nextPost' : 'blog.previousPost')}</span>
        <span className="mt-1 block font-display text-xl font-semibold leading-snug">{link.title}</span>
      </span>
    </Link>
  );
}

function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** One post, by `:slug`; without a slug (the details route) the newest post. */
export function BlogPost() {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const { slug } = useParams();
  const latest = useGetBlogPostsQuery({ lng, pageSize: 1 }, { skip: Boolean(slug) });
  const target = slug ?? latest.data?.items[0]?.slug;
  const { data: post, error, isError, isFetching, refetch } = useGetBlogPostQuery(target ? { slug: target, lng } : skipToken);
  const notFound = (isError && typeof error === 'object' && 'status' in error && error.status === 404) || (!slug && latest.data?.total === 0);
  const failed = !notFound && (isError || latest.isError);

  if (notFound || failed) {
    return (
      <div className="container-shop py-10">
        <Seo title={t(notFound ? 'blog.notFoundTitle' : 'blog.errorTitle')} titleTemplate={t('blog.metaTitle')} />
        <Breadcrumb>
          <Link to={BLOG_HOME} className="hover:text-ink">
            {t('blog.crumb')}
          </Link>
        </Breadcrumb>
        <div
          className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center"
          data-testid={notFound ? 'blog-not-found' : 'blog-error'}
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">
            <BookOpen size={28} aria-hidden="true" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold sm:text-4xl">{t(notFound ? 'blog.notFoundTitle' : 'blog.errorTitle')}</h1>
          {notFound && <p className="mx-auto mt-2 max-w-md text-muted">{t('blog.notFoundText')}</p>}
          <div className="mt-7 flex flex-wrap justify-center gap-3">
            {!notFound && (
              <button type="button" onClick={() => (latest.isError ? latest.refetch() : refetch())} className="btn btn-primary">
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

  if (!post) {
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

      <div className="mx-auto mt-10 max-w-5xl overflow-hidden rounded-3xl bg-sand shadow-soft">
        <Cover image={post.image} sizes="(min-width: 1024px) 1024px, 100vw" priority className="aspect-[3/2] h-auto w-full object-cover" />
      </div>

      <div className="mx-auto mt-12 max-w-2xl">
        <PostBody body={post.body} />

        {post.tags.length > 0 && (
          <div className="mt-12 flex flex-wrap items-center gap-3 border-t border-line pt-6">
            <span className="inline-flex items-center gap-2 text-sm font-semibold text-ink">
              <Tag size={15} aria-hidden="true" />
              {t('blog.tagsTitle')}
            </span>
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
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
        )}
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
