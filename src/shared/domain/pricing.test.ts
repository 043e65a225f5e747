import { describe, expect, it } from 'vitest';
import { discountedPrice, effectivePrice, isOfferRunning, unitPrice, variantPrice } from './pricing.js';
import { makeProduct } from './test-products.js';

describe('discountedPrice: price - price*discount/100 when discount > 0', () => {
  it.each([
    [115000, 0, null],
    [115000, 10, 103500],
    [785000, 1, 777150],
    [9500, 15, 8075],
    [9999, 33, 6699],
    [10000, -5, null],
  ])('%i piastres at %i%% -> %s', (price, discount, expected) => {
    expect(discountedPrice(price, discount)).toBe(expected);
  });

  it.each([
    [20000, 0, 20000],
    [20000, 25, 15000],
  ])('effective price of %i at %i%% is %i', (price, discount, expected) => {
    expect(effectivePrice(price, discount)).toBe(expected);
  });
});

describe('unitPrice follows the chosen variant', () => {
  const oil = makeProduct({
    id: 1,
    price: 20000,
    discount: 10,
    variants: [
      { id: 1, color: null, size: '10ml', stock: 5, price: null },
      { id: 2, color: null, size: '30ml', stock: 5, price: 45000 },
    ],
  });
  it.each([
    ['10ml', 18000],
    ['30ml', 40500],
    ['50ml', 18000],
  ])('size %s costs %i', (size, expected) => {
    expect(unitPrice(oil, null, size)).toBe(expected);
  });
});

describe('variantPrice: a variant without its own price costs what the product costs', () => {
  it.each([
    [{ price: 45000 }, 45000],
    [{ price: null }, 20000],
    [undefined, 20000],
  ])('%o of a 20000 product -> %i', (variant, expected) => {
    expect(variantPrice(20000, variant)).toBe(expected);
  });
});

describe('isOfferRunning', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    [null, false],
    ['2026-11-25T00:00:00Z', true],
    ['2024-10-30T00:00:00Z', false],
    ['not a date', false],
  ])('%s -> %s', (end, expected) => {
    expect(isOfferRunning(end, now)).toBe(expected);
  });
});
