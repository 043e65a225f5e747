import { describe, expect, it } from 'vitest';
import { ProductSearch } from './product-search.js';
import { compareHits } from './searchable-product.js';
import { demoCatalogue, hitAt5, relevanceSet } from './relevance-set.js';

const demo = demoCatalogue();
const index = ProductSearch.build(demo.products, demo.categories);
const inStock = (id: number) => demo.inStock.has(id);
const ids = (q: string) => index.search(q, inStock).map((h) => h.id);
const id = (name: string) => demo.nameOf.get(name)!;

describe('relevance on the demo catalogue', () => {
  it(`finds the expected products among the first five for at least 95% of ${relevanceSet.length} queries`, () => {
    expect(relevanceSet.length).toBeGreaterThanOrEqual(40);
    const { rate, misses } = hitAt5((c) => ids(c.q), demo.nameOf);
    console.log(`hit@5 = ${(rate * 100).toFixed(1)}% (${relevanceSet.length - misses.length}/${relevanceSet.length})`);
    for (const m of misses)
      console.log(
        `  miss: ${m.q} [${m.lng}, ${m.kind}] → ${ids(m.q)
          .slice(0, 5)
          .map((i) => demo.products[i - 1]!.names.en)
          .join(' | ')}`,
      );
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });

  it('finds nothing for words no product carries', () => {
    expect(ids('zzqx')).toEqual([]);
    expect(ids('')).toEqual([]);
  });
});

describe('ranking', () => {
  it('puts the product whose name is the query first, whatever the word order', () => {
    expect(ids('candle noir oud')[0]).toBe(id('Oud Noir Candle'));
  });

  it('ranks products with every word above products with some, and exact words above typos', () => {
    const hits = index.search('lavender candle', inStock);
    expect(hits[0]!.id).toBe(id('Lavender Fields Candle'));
    expect(hits[0]!.words).toBe(2);
    const typo = index.search('lavendar', inStock);
    expect(typo.every((h) => h.typos === 1)).toBe(true);
  });

  it('ranks a name match above a match in a description only', () => {
    const hits = index.search('fayoum', inStock);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.field === 2)).toBe(true);
    const named = index.search('peppermint', inStock);
    expect(named[0]!.field).toBe(0);
  });

  it('puts in-stock products before sold-out ones at equal relevance', () => {
    const soldOut = id('Cinnamon & Date Candle');
    const order = ids('candle');
    expect(order).toContain(soldOut);
    expect(order.indexOf(soldOut)).toBeGreaterThan(order.indexOf(id('Oud Noir Candle')));
    const allInStock = ids('candle').map((i) => i !== soldOut);
    expect(allInStock.indexOf(false)).toBe(allInStock.length - 1);
  });
});

describe('changes one product at a time', () => {
  it('upserts a renamed product and removes a hidden one without a rebuild', () => {
    const copy = ProductSearch.build(demo.products, demo.categories);
    const oudCandle = demo.products.find((p) => p.id === id('Oud Noir Candle'))!;
    copy.upsert({ ...oudCandle, names: { ...oudCandle.names, en: 'Midnight Qwertyuiop Candle' } });
    expect(copy.search('qwertyuiop', inStock).map((h) => h.id)).toEqual([oudCandle.id]);
    expect(copy.size).toBe(demo.products.length);
    copy.remove(oudCandle.id);
    expect(copy.search('qwertyuiop', inStock)).toEqual([]);
    expect(copy.size).toBe(demo.products.length - 1);
    copy.remove(oudCandle.id);
    expect(copy.size).toBe(demo.products.length - 1);
  });
});

describe('closestNames (did you mean)', () => {
  it("offers names in the page's language close to a query that found nothing", () => {
    expect(ids('lavvvvender')).toEqual([]);
    expect(index.closestNames('lavvvvender', 'en')).toContain('Lavender Fields Candle');
    const ar = index.closestNames('peppermin oyl', 'ar');
    expect(ar.length).toBeGreaterThan(0);
    expect(ar.length).toBeLessThanOrEqual(3);
    expect(ar.every((n) => /[\u0600-\u06ff]/.test(n))).toBe(true);
  });
});

describe('the index at scale', () => {
  // Many products sharing common words, some sold out: the packed order must be compareHits' order.
  const many = Array.from({ length: 3000 }, (_, i) => {
    const base = demo.products[i % demo.products.length]!;
    return { ...base, id: 1000 + i, sku: `BULK-${i}`, names: { ...base.names, en: `${base.names.en} ${['Classic', 'Nile', 'Royal'][i % 3]}` } };
  });
  const big = ProductSearch.build([...demo.products, ...many], demo.categories);
  const stock = (i: number) => i % 5 !== 0;

  it('orders every hit as compareHits does, for common words, typos, prefixes and word sets', () => {
    for (const q of ['candle', 'oil', 'lavendar', 'lav', 'nile candle', 'royal diffuser 300', 'شمعة', 'zzqx royal']) {
      const hits = big.search(q, stock);
      expect(hits.length, q).toBeGreaterThan(0);
      expect(hits, q).toEqual([...hits].sort((a, b) => compareHits(a, b, stock)));
      expect(new Set(hits.map((h) => h.id)).size, q).toBe(hits.length);
    }
  });

  it('built in slices (the event loop let run between them), answers as the index built at once', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const sliced = await ProductSearch.buildInSlices([...demo.products, ...many], demo.categories, 0);
    clearInterval(counting);
    expect(turns).toBeGreaterThan(0);
    for (const q of ['candle', 'lavendar', 'lav', 'nile candle', 'شمعة', 'BULK-17']) expect(sliced.search(q, stock), q).toEqual(big.search(q, stock));
    expect(sliced.closestNames('candel', 'en')).toEqual(big.closestNames('candel', 'en'));
  });

  it('no longer finds a renamed product by its old words, exactly, with a typo or as did-you-mean', () => {
    const copy = ProductSearch.build(demo.products, demo.categories);
    const product = demo.products[0]!;
    copy.upsert({ ...product, names: { ...product.names, en: 'Zanzibarian Candle' } });
    expect(copy.search('zanzibarian', inStock).map((h) => h.id)).toEqual([product.id]);
    copy.upsert(product);
    expect(copy.search('zanzibarian', inStock)).toEqual([]);
    expect(copy.search('zanzibarin', inStock)).toEqual([]);
    expect(copy.closestNames('zanzibarian', 'en')).not.toContain('Zanzibarian Candle');
  });
});
