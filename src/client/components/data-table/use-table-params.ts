import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A list's page and sort as they stand in the URL, and the ways to change them. */
export interface TableParams {
  /** 1-based; anything malformed reads as 1. */
  page: number;
  /** The `sort` value, or the list's default when the URL has none. */
  sort: string;
  /** The address of another page of the same list, every other parameter kept. */
  pageHref: (page: number) => string;
  /** Sorts the list another way (a new history entry, so Back undoes it); goes back to page 1. */
  setSort: (sort: string) => void;
}

/**
 * Page and sort of an admin list, kept in the URL (`?page=3&sort=price_desc`) so a reload, a
 * shared link or the Back button shows the same rows. The default sort and page 1 are left out
 * of the address.
 */
export function useTableParams({ defaultSort = '' }: { defaultSort?: string } = {}): TableParams {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const sort = params.get('sort') || defaultSort;

  const pageHref = useCallback(
    (p: number) => {
      const next = new URLSearchParams(params);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      const qs = next.toString();
      return `${pathname}${qs ? `?${qs}` : ''}`;
    },
    [params, pathname],
  );
  const setSort = useCallback(
    (value: string) => {
      const next = new URLSearchParams(params);
      if (value && value !== defaultSort) next.set('sort', value);
      else next.delete('sort');
      next.delete('page');
      setParams(next);
    },
    [params, setParams, defaultSort],
  );
  return useMemo(() => ({ page, sort, pageHref, setSort }), [page, sort, pageHref, setSort]);
}
