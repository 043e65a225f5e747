import type { FacetValue, Product, SortValue } from '../schemas/product.js';
import { effectivePrice } from './pricing.js';

/** The listing's filters; all optional, all combined with AND. */
export interface CatalogFilter {
  category?: string;
  tag?: string;
  color?: string;
  size?: string;
  new?: boolean;
  sale?: boolean;
  /**
   * A text search's answer: the matching product ids with their rank (0 is best), from the
   * server's search index (decision 018). Only these products match; the default sort follows it.
   */
  ranks?: ReadonlyMap<number, number>;
}

export interface Facets {
  categories: FacetValue[];
  tags: FacetValue[];
  colors: FacetValue[];
  sizes: FacetValue[];
}

type FacetKey = 'category' | 'tag' | 'color' | 'size';

/** What "Sale" lists: a product with its own discount, or one an automatic offer names (its `offer`, issue 30). */
export const onSale = (p: Pick<Product, 'discount' | 'offer'>): boolean => p.discount > 0 || p.offer !== undefined;

function matchesExcept(p: Product, f: CatalogFilter, except: FacetKey | null): boolean {
  if (except !== 'category' && f.category && !p.categories.includes(f.category)) return false;
  if (except !== 'tag' && f.tag && !p.tags.includes(f.tag)) return false;
  if (except !== 'color' && f.color && !p.variants.some((v) => v.color === f.color)) return false;
  if (except !== 'size' && f.size && !p.variants.some((v) => v.size === f.size)) return false;
  if (f.new && !p.isNew) return false;
  if (f.sale && !onSale(p)) return false;
  if (f.ranks && !f.ranks.has(p.id)) return false;
  return true;
}

/** True when the product passes every active filter (with a search, when the index matched it). */
export function matchesFilter(p: Product, filter: CatalogFilter): boolean {
  return matchesExcept(p, filter, null);
}

/** Best rated first: the higher average of published reviews, then more reviews, then the catalogue's order (id). */
export const byRating = (a: Pick<Product, 'id' | 'rating' | 'reviewCount'>, b: Pick<Product, 'id' | 'rating' | 'reviewCount'>): number =>
  b.rating - a.rating || b.reviewCount - a.reviewCount || a.id - b.id;

/**
 * Sorts by the price the shopper pays (ties by id). `default` keeps the given order, or, with a
 * search's `ranks`, puts the most relevant first. Never mutates.
 */
export function sortProducts(list: readonly Product[], sort: SortValue, ranks?: ReadonlyMap<number, number>): Product[] {
  if (sort === 'default') return ranks ? [...list].sort((a, b) => ranks.get(a.id)! - ranks.get(b.id)!) : [...list];
  if (sort === 'rating') return [...list].sort(byRating);
  const dir = sort === 'priceLowToHigh' ? 1 : -1;
  return [...list].sort((a, b) => dir * (effectivePrice(a.price, a.discount) - effectivePrice(b.price, b.discount)) || a.id - b.id);
}

function count(values: Map<string, number>): FacetValue[] {
  return [...values]
    .filter(([, n]) => n > 0)
    .map(([value, n]) => ({ value, count: n }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * Facet values with counts. A facet's counts are taken over the products matching every OTHER
 * active filter (disjunctive faceting), so choosing a colour still shows the other colours.
 * A product counts once per value.
 */
export function facetCounts(list: readonly Product[], filter: CatalogFilter): Facets {
  const tally = (key: FacetKey, values: (p: Product) => Iterable<string | null>) => {
    const counts = new Map<string, number>();
    for (const p of list) {
      if (!matchesExcept(p, filter, key)) continue;
      for (const v of new Set(values(p))) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return count(counts);
  };
  return {
    categories: tally('category', (p) => p.categories),
    tags: tally('tag', (p) => p.tags),
    colors: tally('color', (p) => p.variants.map((v) => v.color)),
    sizes: tally('size', (p) => p.variants.map((v) => v.size)),
  };
}

/** One page of a list (pages count from 1) with the list's total. */
export function paginate<T>(list: readonly T[], page: number, pageSize: number): { items: T[]; total: number; page: number; pageSize: number } {
  const start = (page - 1) * pageSize;
  return { items: list.slice(start, start + pageSize), total: list.length, page, pageSize };
}

/** Filters, facets, sorts and pages the catalogue: the whole of GET /api/products. */
export function queryCatalog(all: readonly Product[], query: { filter: CatalogFilter; sort: SortValue; page: number; pageSize: number }) {
  const matching = all.filter((p) => matchesExcept(p, query.filter, null));
  return { ...paginate(sortProducts(matching, query.sort, query.filter.ranks), query.page, query.pageSize), facets: facetCounts(all, query.filter) };
}

/** New products (isNew), cut to `count`. */
export function newProducts(list: readonly Product[], count: number): Product[] {
  return list.filter((p) => p.isNew).slice(0, count);
}

/** Products on sale (`onSale`), cut to `count`. */
export function saleItems(list: readonly Product[], count: number): Product[] {
  return list.filter(onSale).slice(0, count);
}
