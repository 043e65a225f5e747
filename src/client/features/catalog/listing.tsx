import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { LayoutGrid, List, SlidersHorizontal, X } from 'lucide-react';
import type { SortValue } from '../../../shared/domain/sort';
import { sortValues } from '../../../shared/domain/sort';
import { useGetProductsQuery } from '../../app/api';
import type { ProductList } from '../../../shared/schemas/product';
import { Seo } from '../../components/ui/seo';
import { Pagination } from '../../components/ui/pagination';
import { ProductCard } from './product-card';
import { ListingFilters } from './listing-filters';
import { NoResults } from './no-results';
import { useListingParams, type FilterKey, type ListingParams } from './use-listing-params';
import { keyIn } from '../../app/translation-keys';
import { Breadcrumb } from '../../components/ui/breadcrumb';

/** One listing, many routes: each listing route of the specification is a configuration of it. */
export interface ListingConfig {
  layout: 'grid' | 'list';
  /** Columns of the grid on large screens. */
  columns: 2 | 3 | 4;
  sidebar: 'left' | 'right' | 'none';
  /** Filters in a panel above the products instead of a sidebar. */
  filterPanel?: boolean;
  fullWidth?: boolean;
  pageSize: 15 | 16;
}

const gridColumns: Record<ListingConfig['columns'], string> = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
};

type Update = ReturnType<typeof useListingParams>['update'];

/** Beside the count: the filters button (the drawer), the sort and the grid/list switch. */
function ListingToolbar({
  params,
  update,
  layout,
  defaultLayout,
  filterCount,
  filtersButtonClass,
  onOpenFilters,
}: {
  params: ListingParams;
  update: Update;
  layout: 'grid' | 'list';
  defaultLayout: 'grid' | 'list';
  filterCount: number;
  filtersButtonClass: string;
  onOpenFilters: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={onOpenFilters}
        className={`inline-flex h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold ${filtersButtonClass}`}
      >
        <SlidersHorizontal size={16} aria-hidden="true" />
        {t('listing.filters')}
        {filterCount > 0 && <span className="rounded-full bg-ink px-1.5 text-xs text-ivory">{filterCount}</span>}
      </button>
      <label htmlFor="listing-sort" className="sr-only">
        {t('listing.sortLabel')}
      </label>
      <select
        id="listing-sort"
        value={params.sort}
        onChange={(e) => update({ sort: e.target.value as SortValue })}
        className="h-10 rounded-full border border-line bg-white px-4 text-sm font-semibold"
      >
        {sortValues.map((s) => (
          <option key={s} value={s}>
            {t(`listing.sort.${s}`)}
          </option>
        ))}
      </select>
      <div className="hidden items-center rounded-full border border-line bg-white p-0.5 sm:flex" role="group" aria-label={t('listing.viewLabel')}>
        {(['grid', 'list'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={layout === v}
            aria-label={t(v === 'grid' ? 'listing.gridView' : 'listing.listView')}
            onClick={() => update({ view: v === defaultLayout ? undefined : v, page: params.page })}
            className={`flex h-9 w-9 items-center justify-center rounded-full ${layout === v ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand'}`}
          >
            {v === 'grid' ? <LayoutGrid size={16} aria-hidden="true" /> : <List size={16} aria-hidden="true" />}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The filters in force, each removable, and a way to clear them all. */
function ActiveFilterChips({
  params,
  update,
  activeFilters,
  clearFilters,
}: {
  params: ListingParams;
  update: Update;
  activeFilters: FilterKey[];
  clearFilters: () => void;
}) {
  const { t } = useTranslation();
  const chipLabel = (key: FilterKey): string => {
    switch (key) {
      case 'category':
        return t(keyIn('categories', params.category ?? ''), { defaultValue: params.category });
      case 'color':
        return t(keyIn('colors', params.color ?? ''), { defaultValue: params.color });
      case 'size':
        return t(keyIn('sizes', params.size ?? ''), { defaultValue: params.size });
      case 'tag':
        return t(keyIn('tags', params.tag ?? ''), { defaultValue: params.tag });
      case 'new':
        return t('listing.onlyNew');
      case 'sale':
        return t('listing.onlySale');
      case 'q':
        return `“${params.q}”`;
    }
  };

  if (activeFilters.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap items-center gap-2" aria-label={t('listing.activeFilters')}>
      {activeFilters.map((key) => (
        <li key={key}>
          <button
            type="button"
            onClick={() => update({ [key]: undefined })}
            className="inline-flex items-center gap-1.5 rounded-full bg-sand px-3 py-1 text-sm text-ink hover:bg-line"
            aria-label={t('listing.removeFilter', { name: chipLabel(key) })}
          >
            {chipLabel(key)}
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
      <li>
        <button type="button" onClick={clearFilters} className="text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
          {t('listing.clearAll')}
        </button>
      </li>
    </ul>
  );
}

/** This page's products, placeholders while they load, or why there are none. */
function ProductGrid({
  data,
  isError,
  isFetching,
  refetch,
  clearFilters,
  layout,
  columns,
  q,
}: {
  data: ProductList | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
  clearFilters: () => void;
  /** The search, when there is one: a search that finds nothing offers a way on (NoResults). */
  q: string | undefined;
  layout: 'grid' | 'list';
  columns: ListingConfig['columns'];
}) {
  const { t } = useTranslation();
  const total = data?.total ?? 0;
  return isError ? (
    <div className="mt-10 rounded-3xl bg-sand/60 px-6 py-14 text-center">
      <p className="font-display text-2xl font-semibold">{t('listing.errorTitle')}</p>
      <button type="button" onClick={() => refetch()} className="btn btn-primary mt-6">
        {t('listing.retry')}
      </button>
    </div>
  ) : data && total === 0 && q ? (
    <NoResults q={q} didYouMean={data.didYouMean ?? []} onClear={clearFilters} />
  ) : data && total === 0 ? (
    <div className="mt-10 rounded-3xl bg-sand/60 px-6 py-14 text-center">
      <p className="font-display text-3xl font-semibold">{t('listing.emptyTitle')}</p>
      <p className="mx-auto mt-2 max-w-md text-muted">{t('listing.emptyText')}</p>
      <button type="button" onClick={clearFilters} className="btn btn-primary mt-6">
        {t('listing.clearAll')}
      </button>
    </div>
  ) : (
    <ul
      className={`mt-6 grid gap-4 transition-opacity sm:gap-6 ${layout === 'list' ? (columns === 2 ? 'grid-cols-1 xl:grid-cols-2' : 'grid-cols-1') : `grid-cols-2 ${gridColumns[columns]}`} ${isFetching ? 'opacity-60' : ''}`}
      aria-busy={isFetching}
    >
      {(data?.items ?? Array.from({ length: 6 }, () => null)).map((p, i) => (
        <li key={p?.id ?? `skeleton-${i}`} className="flex">
          {p ? (
            <div className="w-full">
              <ProductCard product={p} layout={layout} priority={i < 2} sizes={`(min-width: 1024px) ${Math.round(75 / columns)}vw, 50vw`} />
            </div>
          ) : (
            <div className="aspect-[3/4] w-full animate-pulse rounded-2xl bg-sand" />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The filters in a side drawer, for phones and for listings without a sidebar. */
function FiltersDrawer({ drawer, total, children }: { drawer: RefObject<HTMLDialogElement | null>; total: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <dialog
      ref={drawer}
      aria-label={t('listing.filters')}
      className="m-0 ms-auto h-full max-h-none w-[min(360px,90vw)] max-w-none bg-ivory p-0 backdrop:bg-ink/40"
      onClick={(e) => e.target === drawer.current && drawer.current?.close()}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 className="font-display text-2xl font-semibold">{t('listing.filters')}</h2>
          <button
            type="button"
            onClick={() => drawer.current?.close()}
            aria-label={t('listing.closeFilters')}
            className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-sand"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
        <div className="border-t border-line p-4">
          <button type="button" onClick={() => drawer.current?.close()} className="btn btn-primary w-full">
            {t('listing.showResults', { count: total })}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** A product listing: heading, filters (sidebar, panel or drawer), toolbar, products and pages. */
export function Listing({ config }: { config: ListingConfig }) {
  const { t, i18n } = useTranslation();
  const { params, update, clearFilters, activeFilters } = useListingParams();
  const layout = params.view ?? config.layout;
  const { data, isFetching, isError, refetch } = useGetProductsQuery({
    lng: i18n.resolvedLanguage ?? 'en',
    category: params.category,
    tag: params.tag,
    color: params.color,
    size: params.size,
    new: params.new,
    sale: params.sale,
    q: params.q,
    sort: params.sort,
    page: params.page,
    pageSize: config.pageSize,
  });
  const drawer = useRef<HTMLDialogElement>(null);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / config.pageSize));
  const from = total === 0 ? 0 : (params.page - 1) * config.pageSize + 1;
  const to = Math.min(total, params.page * config.pageSize);

  // A page past the end (after a filter narrowed the list) goes to the last page that exists.
  useEffect(() => {
    if (data && !isFetching && total > 0 && params.page > pages) update({ page: pages });
  }, [data, isFetching, total, pages, params.page, update]);

  const heading = params.q
    ? t('listing.resultsFor', { q: params.q })
    : params.category
      ? t(keyIn('categories', params.category ?? ''), { defaultValue: params.category })
      : t('listing.title');

  const filters = (prefix: string, panel = false) => (
    <ListingFilters params={params} facets={data?.facets} update={update} idPrefix={prefix} layout={panel ? 'panel' : 'sidebar'} />
  );
  const sidebar = config.sidebar !== 'none' && !config.filterPanel;

  return (
    <div className={`${config.fullWidth ? 'mx-auto w-full max-w-[1760px] px-4 sm:px-8' : 'container-shop'} py-10`}>
      <Seo title={heading} titleTemplate={t('meta.shop')} description={t('listing.description')} />
      <Breadcrumb trail={[{ label: t('nav.products') }]} />
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{heading}</h1>

      {config.filterPanel && <div className="mt-8 hidden rounded-3xl bg-white p-6 shadow-soft lg:block">{filters('panel', true)}</div>}

      <div className={`mt-8 grid gap-10 ${sidebar ? (config.sidebar === 'right' ? 'lg:grid-cols-[1fr_280px]' : 'lg:grid-cols-[280px_1fr]') : ''}`}>
        {sidebar && <aside className={`hidden lg:block ${config.sidebar === 'right' ? 'lg:order-2' : ''}`}>{filters('side')}</aside>}

        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
            <p className="text-sm text-muted" aria-live="polite" data-testid="listing-count">
              {total === 0 && data ? t('listing.showingNone') : t('listing.showing', { from, to, total })}
            </p>
            <ListingToolbar
              params={params}
              update={update}
              layout={layout}
              defaultLayout={config.layout}
              filterCount={activeFilters.length}
              filtersButtonClass={sidebar || config.filterPanel ? 'lg:hidden' : ''}
              onOpenFilters={() => drawer.current?.showModal()}
            />
          </div>

          <ActiveFilterChips params={params} update={update} activeFilters={activeFilters} clearFilters={clearFilters} />

          <h2 className="sr-only">{t('listing.resultsHeading')}</h2>
          <ProductGrid
            data={data}
            isError={isError}
            isFetching={isFetching}
            refetch={() => void refetch()}
            clearFilters={clearFilters}
            layout={layout}
            columns={config.columns}
            q={params.q}
          />
          <Pagination page={Math.min(params.page, pages)} pages={pages} />
        </div>
      </div>

      <FiltersDrawer drawer={drawer} total={total}>
        {filters('drawer')}
      </FiltersDrawer>
    </div>
  );
}
