import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { BookOpen, X } from 'lucide-react';
import type { BlogPostList } from '../../../shared/schemas/blog';
import { Seo } from '../../components/ui/seo';
import { Pagination } from '../../components/ui/pagination';
import { useGetBlogPostsQuery } from './blog-api';
import { Breadcrumb } from './blog-breadcrumb';
import { useLabels, useLng } from './blog-format';
import { Sidebar, type FilterControls, type Filters } from './blog-sidebar';
import { PostCard } from './post-card';
import { SearchBox } from './search-box';
import { EmptyPanel } from '../../components/ui/empty-panel';

const PAGE_SIZE = 6;

/** The listing's page and filters from the URL, and the ways to change them. */
function useBlogFilters() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const filters: Filters = {
    q: searchParams.get('q')?.trim() || undefined,
    category: searchParams.get('category') || undefined,
    tag: searchParams.get('tag') || undefined,
  };

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
  return { page, filters, hrefWith, onSearch, searchParams, setSearchParams, clearAll: location.pathname };
}

/** Without a sidebar: the categories as chips and the search box above the posts. */
function CategoryBar({ data, filters, hrefWith, onSearch }: FilterControls) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
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
  );
}

/** The number of posts found and the filters in force, each removable. */
function ListStatus({ data, filters, hrefWith, clearAll }: Omit<FilterControls, 'onSearch'> & { clearAll: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const chips: Array<{ key: keyof Filters; label: string }> = [];
  if (filters.q) chips.push({ key: 'q', label: `“${filters.q}”` });
  if (filters.category) chips.push({ key: 'category', label: labels.category(filters.category) });
  if (filters.tag) chips.push({ key: 'tag', label: labels.tag(filters.tag) });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
      <p className="text-sm text-muted" aria-live="polite" data-testid="blog-count">
        {data ? t('blog.count', { count: data.total }) : t('blog.loading')}
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
  );
}

/** The posts of this page, grey placeholders while they load, or why there are none. */
function PostGrid({
  data,
  isError,
  isFetching,
  refetch,
  withSidebar,
  clearAll,
}: {
  data: BlogPostList | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
  withSidebar: boolean;
  clearAll: string;
}) {
  const { t } = useTranslation();
  if (isError)
    return (
      <div className="mt-10 rounded-3xl bg-sand/60 px-6 py-14 text-center">
        <p className="font-display text-2xl font-semibold">{t('blog.errorTitle')}</p>
        <button type="button" onClick={() => refetch()} className="btn btn-primary mt-6">
          {t('blog.retry')}
        </button>
      </div>
    );
  if (data && data.total === 0)
    return (
      <EmptyPanel
        icon={<BookOpen size={28} aria-hidden="true" />}
        title={t('blog.emptyTitle')}
        text={t('blog.emptyText')}
        titleAs="p"
        action={{ to: clearAll, label: t('blog.allPosts') }}
      />
    );
  return (
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
                sizes={withSidebar ? '(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'}
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
  );
}

/** The blog's listing: posts in a grid with a sidebar on either side, or none. Filters live in the URL. */
export function BlogList({ sidebar }: { sidebar: 'left' | 'right' | 'none' }) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const { page, filters, hrefWith, onSearch, searchParams, setSearchParams, clearAll } = useBlogFilters();
  const { data, isFetching, isError, refetch } = useGetBlogPostsQuery({ lng, page, pageSize: PAGE_SIZE, ...filters });
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

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

      {!withSidebar && <CategoryBar data={data} filters={filters} hrefWith={hrefWith} onSearch={onSearch} />}

      <div className={`mt-8 grid gap-10 ${withSidebar ? (sidebar === 'right' ? 'lg:grid-cols-[1fr_320px]' : 'lg:grid-cols-[320px_1fr]') : ''}`}>
        {withSidebar && (
          <aside className={sidebar === 'right' ? 'lg:order-2' : ''} aria-label={t('blog.sidebar')}>
            <Sidebar data={data} filters={filters} hrefWith={hrefWith} onSearch={onSearch} />
          </aside>
        )}

        <div className={`min-w-0 ${withSidebar ? 'order-first lg:order-none' : ''}`}>
          <ListStatus data={data} filters={filters} hrefWith={hrefWith} clearAll={clearAll} />
          <PostGrid data={data} isError={isError} isFetching={isFetching} refetch={() => void refetch()} withSidebar={withSidebar} clearAll={clearAll} />
          <Pagination page={Math.min(page, pages)} pages={pages} />
        </div>
      </div>
    </div>
  );
}
