import { describe, expect, it } from 'vitest';
import { facetCounts, matchesFilter, newProducts, paginate, queryCatalog, saleItems, sortProducts } from './catalog-query.js';
import { makeProduct } from './test-products.js';

const v = (id: number, color: string | null, size: string | null) => ({ id, color, size, stock: 1, price: null });
const catalogue = [
  makeProduct({
    id: 1,
    name: 'Egyptian Jasmine Oil',
    price: 30000,
    categories: ['essential-oils'],
    tags: ['floral'],
    isNew: true,
    variants: [v(1, null, '10ml'), v(2, null, '30ml')],
  }),
  makeProduct({
    id: 2,
    name: 'Lavender Candle',
    price: 50000,
    discount: 20,
    categories: ['scented-candles'],
    tags: ['lavender', 'relaxing'],
    variants: [v(3, 'ivory', 'small'), v(4, 'ivory', 'large'), v(5, 'rose', 'small')],
  }),
  makeProduct({ id: 3, name: 'Mint Room Spray', price: 15000, categories: ['water-fresheners'], tags: ['fresh'] }),
  makeProduct({
    id: 4,
    name: 'Rose Candle',
    price: 45000,
    categories: ['scented-candles'],
    tags: ['floral'],
    isNew: true,
    discount: 5,
    variants: [v(6, 'rose', 'small')],
  }),
  makeProduct({ id: 5, name: 'زيت الياسمين المصري', shortDescription: 'عطر', price: 30000, categories: ['essential-oils'] }),
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('matchesFilter', () => {
  it('lists under Sale a product an automatic offer names, as well as those with their own discount', () => {
    const offered = { ...catalogue[2]!, offer: { name: 'Spring spray', price: 12000 } };
    expect(matchesFilter(offered, { sale: true })).toBe(true);
    expect(matchesFilter(catalogue[2]!, { sale: true })).toBe(false);
  });

  it.each([
    [{}, [1, 2, 3, 4, 5]],
    [{ category: 'scented-candles' }, [2, 4]],
    [{ tag: 'floral' }, [1, 4]],
    [{ color: 'rose' }, [2, 4]],
    [{ size: 'small' }, [2, 4]],
    [{ color: 'ivory', size: 'small' }, [2]],
    [{ new: true }, [1, 4]],
    [{ sale: true }, [2, 4]],
    [{ sale: true, new: true }, [4]],
    [
      {
        ranks: new Map([
          [4, 0],
          [2, 1],
        ]),
      },
      [2, 4],
    ],
    [
      {
        ranks: new Map([
          [4, 0],
          [2, 1],
        ]),
        color: 'ivory',
      },
      [2],
    ],
    [{ ranks: new Map() }, []],
  ])('%o -> %o', (filter, expected) => {
    expect(ids(catalogue.filter((p) => matchesFilter(p, filter)))).toEqual(expected);
  });
});

describe('sortProducts by the price paid', () => {
  it.each([
    ['default', [1, 2, 3, 4, 5]],
    ['priceLowToHigh', [3, 1, 5, 2, 4]],
    ['priceHighToLow', [4, 2, 1, 5, 3]],
  ] as const)('%s', (sort, expected) => {
    const before = ids(catalogue);
    expect(ids(sortProducts(catalogue, sort))).toEqual(expected);
    expect(ids(catalogue)).toEqual(before);
  });
});

describe('facetCounts (each facet counted under the other filters)', () => {
  it('without filters counts every product once per value', () => {
    const f = facetCounts(catalogue, {});
    expect(f.categories).toEqual([
      { value: 'essential-oils', count: 2 },
      { value: 'scented-candles', count: 2 },
      { value: 'water-fresheners', count: 1 },
    ]);
    expect(f.colors).toEqual([
      { value: 'rose', count: 2 },
      { value: 'ivory', count: 1 },
    ]);
    expect(f.sizes).toEqual([
      { value: 'small', count: 2 },
      { value: '10ml', count: 1 },
      { value: '30ml', count: 1 },
      { value: 'large', count: 1 },
    ]);
  });

  it('a chosen colour keeps the other colours and narrows the other facets', () => {
    const f = facetCounts(catalogue, { color: 'ivory' });
    expect(f.colors).toEqual([
      { value: 'rose', count: 2 },
      { value: 'ivory', count: 1 },
    ]);
    expect(f.categories).toEqual([{ value: 'scented-candles', count: 1 }]);
  });
});

describe('paginate and queryCatalog', () => {
  it.each([
    [1, 2, [1, 2]],
    [3, 2, [5]],
    [4, 2, []],
  ])('page %i of size %i', (page, size, expected) => {
    const out = paginate(catalogue, page, size);
    expect(ids(out.items)).toEqual(expected);
    expect(out.total).toBe(5);
  });

  it('counts the filtered total and pages the sorted result', () => {
    const out = queryCatalog(catalogue, { filter: { category: 'scented-candles' }, sort: 'priceLowToHigh', page: 1, pageSize: 1 });
    expect(out.total).toBe(2);
    expect(ids(out.items)).toEqual([2]);
    expect(out.facets.categories).toHaveLength(3);
  });
});

describe('new and sale lists cut to a count', () => {
  it.each([
    [newProducts, 10, [1, 4]],
    [newProducts, 1, [1]],
    [saleItems, 10, [2, 4]],
    [saleItems, 0, []],
  ])('%o cut to %i', (fn, count, expected) => {
    expect(ids(fn(catalogue, count))).toEqual(expected);
  });
});

describe('a search in the listing', () => {
  const ranks = new Map([
    [4, 0],
    [1, 1],
    [2, 2],
  ]);

  it('orders by relevance by default and by price when the shopper chose it', () => {
    expect(ids(queryCatalog(catalogue, { filter: { ranks }, sort: 'default', page: 1, pageSize: 10 }).items)).toEqual([4, 1, 2]);
    expect(ids(queryCatalog(catalogue, { filter: { ranks }, sort: 'priceLowToHigh', page: 1, pageSize: 10 }).items)).toEqual([1, 2, 4]);
  });

  it('counts facets over the matching products only', () => {
    const f = facetCounts(catalogue, { ranks });
    expect(f.categories).toEqual([
      { value: 'scented-candles', count: 2 },
      { value: 'essential-oils', count: 1 },
    ]);
  });
});
