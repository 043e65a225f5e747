import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { sortValues, type SortValue } from '../../../shared/domain/sort';

/** The listing's state, read from the URL so it is shareable and Back works. */
export interface ListingParams {
  category?: string;
  tag?: string;
  color?: string;
  size?: string;
  new: boolean;
  sale: boolean;
  q?: string;
  sort: SortValue;
  page: number;
  view?: 'grid' | 'list';
}

export const filterKeys = ['category', 'tag', 'color', 'size', 'new', 'sale', 'q'] as const;
export type FilterKey = (typeof filterKeys)[number];

const text = (v: string | null) => (v && v.trim() ? v.trim().slice(0, 100) : undefined);
const flag = (v: string | null) => v === '1' || v === 'true';

/**
 * Reads and writes the listing's URL. Any filter change returns to page 1; values the server
 * would refuse (an unknown sort, page 0) are read as their defaults instead.
 */
export function useListingParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<ListingParams>(() => {
    const sort = search.get('sort');
    const page = Math.floor(Number(search.get('page') ?? '1'));
    const view = search.get('view');
    return {
      category: text(search.get('category')),
      tag: text(search.get('tag')),
      color: text(search.get('color')),
      size: text(search.get('size')),
      new: flag(search.get('new')),
      sale: flag(search.get('sale')),
      q: text(search.get('q')),
      sort: (sortValues as readonly string[]).includes(sort ?? '') ? (sort as SortValue) : 'default',
      page: Number.isFinite(page) && page >= 1 && page <= 10000 ? page : 1,
      view: view === 'list' || view === 'grid' ? view : undefined,
    };
  }, [search]);

  const update = useCallback(
    (changes: Partial<Record<FilterKey | 'sort' | 'page' | 'view', string | boolean | number | undefined>>) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === false || value === '' || (key === 'sort' && value === 'default') || (key === 'page' && value === 1))
              next.delete(key);
            else next.set(key, value === true ? '1' : String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { preventScrollReset: 'page' in changes ? false : true },
      );
    },
    [setSearch],
  );

  const clearFilters = useCallback(() => {
    setSearch((prev) => {
      const next = new URLSearchParams();
      const view = prev.get('view');
      if (view) next.set('view', view);
      return next;
    });
  }, [setSearch]);

  const activeFilters = filterKeys.filter((k) => (k === 'new' || k === 'sale' ? params[k] : params[k] !== undefined));
  return { params, update, clearFilters, activeFilters };
}
