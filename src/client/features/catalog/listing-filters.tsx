import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Search } from 'lucide-react';
import type { ProductList } from '../../../shared/schemas/product';
import { compareSizes, swatchOf } from '../../../shared/domain/vocabulary';
import type { ListingParams, useListingParams } from './use-listing-params';

type Update = ReturnType<typeof useListingParams>['update'];

interface Props {
  params: ListingParams;
  facets: ProductList['facets'] | undefined;
  update: Update;
  /** `panel` lays the groups out side by side (the top filter panel). */
  layout?: 'sidebar' | 'panel';
  idPrefix: string;
}

function Group({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="border-b border-line pb-6 last:border-0">
      <h2 id={id} className="mb-3 text-xs font-semibold uppercase tracking-[0.16em] text-muted">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Search, categories, colours, sizes and tags with their counts under the other active filters. */
export function ListingFilters({ params, facets, update, layout = 'sidebar', idPrefix }: Props) {
  const { t } = useTranslation();
  const [q, setQ] = useState(params.q ?? '');
  useEffect(() => setQ(params.q ?? ''), [params.q]);
  const id = (name: string) => `${idPrefix}-${name}`;

  const option = (key: 'category' | 'tag' | 'size', value: string, label: string, count: number) => {
    const active = params[key] === value;
    return (
      <li key={value}>
        <button
          type="button"
          aria-pressed={active}
          onClick={() => update({ [key]: active ? undefined : value })}
          className={`flex w-full items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-start text-sm transition ${
            active ? 'bg-ink font-semibold text-ivory' : 'text-ink hover:bg-sand'
          }`}
        >
          <span>{label}</span>
          <span className={`tabular-nums text-xs ${active ? 'text-ivory/80' : 'text-muted'}`}>{count}</span>
        </button>
      </li>
    );
  };

  return (
    <div className={layout === 'panel' ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-5' : 'flex flex-col gap-6'}>
      <Group title={t('listing.search')} id={id('search')}>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: q.trim() || undefined });
          }}
          className="relative"
        >
          <label htmlFor={id('q')} className="sr-only">
            {t('listing.searchLabel')}
          </label>
          <input
            id={id('q')}
            type="search"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('listing.searchPlaceholder')}
            className="field pe-11"
          />
          <button
            type="submit"
            className="absolute end-1 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-ink hover:bg-sand"
            aria-label={t('listing.searchSubmit')}
          >
            <Search size={17} aria-hidden="true" />
          </button>
        </form>
        <div className="mt-3 flex flex-wrap gap-2">
          {(['new', 'sale'] as const).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={params[key]}
              onClick={() => update({ [key]: !params[key] })}
              className={`rounded-full border px-3 py-1 text-xs font-semibold transition ${
                params[key] ? 'border-ink bg-ink text-ivory' : 'border-line bg-white text-ink hover:border-ink'
              }`}
            >
              {t(key === 'new' ? 'listing.onlyNew' : 'listing.onlySale')}
            </button>
          ))}
        </div>
      </Group>

      <Group title={t('listing.categories')} id={id('categories')}>
        <ul className="flex flex-col gap-0.5">
          {(facets?.categories ?? []).map((f) => option('category', f.value, t(`categories.${f.value}`, { defaultValue: f.value }), f.count))}
        </ul>
      </Group>

      {(facets?.colors.length ?? 0) > 0 && (
        <Group title={t('listing.colors')} id={id('colors')}>
          <ul className="flex flex-wrap gap-2">
            {facets!.colors.map((f) => {
              const active = params.color === f.value;
              const name = t(`colors.${f.value}`, { defaultValue: f.value });
              return (
                <li key={f.value}>
                  <button
                    type="button"
                    aria-pressed={active}
                    aria-label={t('listing.colorOption', { color: name, count: f.count })}
                    title={`${name} (${f.count})`}
                    onClick={() => update({ color: active ? undefined : f.value })}
                    className={`flex h-9 items-center gap-2 rounded-full border ps-1 pe-3 text-xs transition ${
                      active ? 'border-ink bg-ink text-ivory' : 'border-line bg-white text-ink hover:border-ink'
                    }`}
                  >
                    <span className="h-6 w-6 rounded-full border border-black/10" style={{ background: swatchOf(f.value) }} aria-hidden="true" />
                    {name}
                  </button>
                </li>
              );
            })}
          </ul>
        </Group>
      )}

      {(facets?.sizes.length ?? 0) > 0 && (
        <Group title={t('listing.sizes')} id={id('sizes')}>
          <ul className="flex flex-col gap-0.5">
            {[...facets!.sizes]
              .sort((a, b) => compareSizes(a.value, b.value))
              .map((f) => option('size', f.value, t(`sizes.${f.value}`, { defaultValue: f.value }), f.count))}
          </ul>
        </Group>
      )}

      <Group title={t('listing.tags')} id={id('tags')}>
        <ul className="flex flex-wrap gap-2">
          {(facets?.tags ?? []).map((f) => {
            const active = params.tag === f.value;
            return (
              <li key={f.value}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => update({ tag: active ? undefined : f.value })}
                  className={`rounded-full border px-3 py-1 text-xs transition ${active ? 'border-ink bg-ink text-ivory' : 'border-line bg-white text-ink hover:border-ink'}`}
                >
                  {t(`tags.${f.value}`, { defaultValue: f.value })} <span className={active ? 'text-ivory/80' : 'text-muted'}>{f.count}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Group>
    </div>
  );
}
