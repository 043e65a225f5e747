import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyBulkChange, bulkEditLabel, changedPrices, pricePlusPercent, type BulkProduct } from './bulk-edit.js';
import { MAX_PRICE } from '../schemas/admin-product.js';

const candle: BulkProduct = {
  price: 45_000,
  discount: 10,
  offerEnd: '2026-12-31T22:00:00.000Z',
  stock: 7,
  visible: true,
  categoryIds: [1, 3],
  tags: ['cedar', 'calm'],
  variants: [],
};
const oil: BulkProduct = {
  ...candle,
  variants: [
    { color: null, size: '10ml', price: null, stock: 4 },
    { color: null, size: '30ml', price: 52_000, stock: 6 },
  ],
};

describe('pricePlusPercent: a percentage, half up to a whole piastre', () => {
  it.each([
    [45_000, 10, 49_500],
    [45_000, -15, 38_250],
    [12_345, 10, 13_580], // 13,579.5 → up
    [12_345, -10, 11_111], // 11,110.5 → up
    [999, 7.5, 1_074], // 1,073.925
    [1, -60, 0], // 0.4 → 0: refused by applyBulkChange
    [100_000, 500, 600_000],
  ])('%i piastres at %s percent → %i', (price, percent, expected) => {
    expect(pricePlusPercent(price, percent)).toBe(expected);
  });

  it('is exact: the same as integer arithmetic in basis points, for any price and two-decimal percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PRICE }), fc.integer({ min: -9_000, max: 50_000 }), (price, bp) => {
        const exact = price * (10_000 + bp);
        const whole = Math.floor(exact / 10_000);
        const expected = exact % 10_000 >= 5_000 ? whole + 1 : whole;
        expect(pricePlusPercent(price, bp / 100)).toBe(expected);
      }),
    );
  });
});

describe('changedPrices', () => {
  it('moves own variant prices by the same percentage and leaves the others following the product', () => {
    expect(changedPrices(45_000, [null, 52_000], { mode: 'percent', percent: 10 })).toEqual({ price: 49_500, variantPrices: [null, 57_200] });
  });
  it('moves own variant prices by the same amount when a new price is set', () => {
    expect(changedPrices(45_000, [null, 52_000], { mode: 'set', price: 30_000 })).toEqual({ price: 30_000, variantPrices: [null, 37_000] });
  });
});

describe('applyBulkChange', () => {
  it('changes only what the change names', () => {
    const result = applyBulkChange(candle, { visible: false });
    expect(result).toEqual({ product: { ...candle, visible: false } });
  });

  it('refuses a price that would drop to 0, its own or a variant’s', () => {
    expect(applyBulkChange({ ...candle, price: 1 }, { price: { mode: 'percent', percent: -60 } })).toEqual({ problem: 'price_out_of_range' });
    // The product at 100 EGP, its 30 ml EGP 70 dearer; set to 20 EGP: fine. A 10 ml EGP 50 cheaper would go below 0.
    const cheaper = { ...oil, price: 10_000, variants: [{ color: null, size: '10ml', price: 5_000, stock: 1 }] };
    expect(applyBulkChange(cheaper, { price: { mode: 'set', price: 4_000 } })).toEqual({ problem: 'price_out_of_range' });
    expect(applyBulkChange({ ...candle, price: MAX_PRICE - 10 }, { price: { mode: 'percent', percent: 1 } })).toEqual({ problem: 'price_out_of_range' });
  });

  it('removes the offer’s end with the discount, and keeps it when a discount is set', () => {
    expect(applyBulkChange(candle, { discount: 0 })).toEqual({ product: { ...candle, discount: 0, offerEnd: null } });
    expect(applyBulkChange(candle, { discount: 25 })).toEqual({ product: { ...candle, discount: 25 } });
  });

  it('sets stock on the product, or on each variant when it has variants', () => {
    expect(applyBulkChange(candle, { stock: 0 })).toEqual({ product: { ...candle, stock: 0 } });
    const after = applyBulkChange(oil, { stock: 12 });
    expect('product' in after && after.product.variants.map((v) => v.stock)).toEqual([12, 12]);
    expect('product' in after && after.product.stock).toBe(7);
  });

  it('adds to, removes from and replaces categories, never leaving a product without one', () => {
    const categories = (mode: 'add' | 'remove' | 'replace', categoryIds: number[]) => {
      const result = applyBulkChange(candle, { categories: { mode, categoryIds } });
      return 'product' in result ? result.product.categoryIds : result.problem;
    };
    expect(categories('add', [2, 3])).toEqual([1, 2, 3]);
    expect(categories('remove', [3, 9])).toEqual([1]);
    expect(categories('replace', [5])).toEqual([5]);
    expect(categories('remove', [1, 3])).toBe('category_last');
    expect(
      categories(
        'add',
        Array.from({ length: 19 }, (_, i) => 100 + i),
      ),
    ).toBe('too_many_categories');
  });

  it('adds and removes tags, lower-case and sorted', () => {
    const result = applyBulkChange(candle, { tags: { add: ['Summer', 'cedar'], remove: ['CALM'] } });
    expect(result).toEqual({ product: { ...candle, tags: ['cedar', 'summer'] } });
    const many = applyBulkChange(candle, { tags: { add: Array.from({ length: 19 }, (_, i) => `t${i}`), remove: [] } });
    expect(many).toEqual({ problem: 'too_many_tags' });
  });

  it('never changes the product it was given', () => {
    const copy = structuredClone(oil);
    applyBulkChange(oil, {
      price: { mode: 'percent', percent: 10 },
      stock: 1,
      categories: { mode: 'add', categoryIds: [9] },
      tags: { add: ['x'], remove: [] },
    });
    expect(oil).toEqual(copy);
  });
});

describe('bulkEditLabel', () => {
  it('names the operation in one line', () => {
    expect(bulkEditLabel({ price: { mode: 'percent', percent: 10 }, visible: false }, 240)).toBe('Bulk edit of 240 products: price +10%; hidden');
    expect(bulkEditLabel({ price: { mode: 'set', price: 30_000 }, discount: 0, tags: { add: ['Summer'], remove: ['winter'] } }, 1)).toBe(
      'Bulk edit of 1 product: price 300.00 EGP; discount removed; tags +summer -winter',
    );
  });
});
