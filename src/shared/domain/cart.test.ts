import { describe, expect, it } from 'vitest';
import {
  addToCart,
  addToCartOutcome,
  badgeCount,
  clearCart,
  decreaseQuantity,
  lineStock,
  refreshCartProducts,
  removeFromCart,
  setQuantityOutcome,
  mergeOrderLines,
  MAX_LINE_QUANTITY,
  type CartItem,
} from './cart.js';
import { cartSubtotal, lineTotal } from './cart-quote.js';
import { makeProduct } from './test-products.js';

const ids = () => {
  let n = 0;
  return () => `line-${++n}`;
};

const soap = makeProduct({ id: 1, price: 10000, stock: 5 });
const candle = makeProduct({
  id: 2,
  price: 40000,
  discount: 10,
  variants: [
    { id: 21, color: 'ivory', size: 'small', stock: 3, price: null },
    { id: 22, color: 'ivory', size: 'large', stock: 2, price: 60000 },
    { id: 23, color: 'rose', size: 'small', stock: 0, price: null },
  ],
});

describe('add to cart, product without variations (matches by product id)', () => {
  it.each([
    ['a new line with quantity 1 by default', [undefined], [1]],
    ['the given quantity', [3], [3]],
    ['a second add raises the same line by 1', [undefined, undefined], [2]],
    ['a second add raises it by the given quantity', [1, 2], [3]],
    ['never above stock', [4, 4], [5]],
    ['invalid quantities count as 1, fractions floor', [0, 2.7], [3]],
  ])('%s', (_name, quantities, expected) => {
    const newId = ids();
    let cart: CartItem[] = [];
    for (const quantity of quantities) cart = addToCart(cart, { product: soap, quantity }, newId);
    expect(cart.map((l) => l.quantity)).toEqual(expected);
    expect(cart[0]!.cartItemId).toBe('line-1');
  });
});

describe('add to cart, product with variations (matches product + colour + size)', () => {
  it.each([
    [
      'same options share a line',
      [
        ['ivory', 'small'],
        ['ivory', 'small'],
      ],
      [['ivory', 'small', 2]],
    ],
    [
      'another size is a new line',
      [
        ['ivory', 'small'],
        ['ivory', 'large'],
      ],
      [
        ['ivory', 'small', 1],
        ['ivory', 'large', 1],
      ],
    ],
    ['a sold-out variant adds nothing', [['rose', 'small']], []],
    ['a combination that does not exist adds nothing', [['black', 'small']], []],
  ] as const)('%s', (_name, adds, expected) => {
    const newId = ids();
    let cart: CartItem[] = [];
    for (const [color, size] of adds) cart = addToCart(cart, { product: candle, selectedProductColor: color, selectedProductSize: size }, newId);
    expect(cart.map((l) => [l.selectedProductColor, l.selectedProductSize, l.quantity])).toEqual(expected);
    expect(new Set(cart.map((l) => l.cartItemId)).size).toBe(cart.length);
  });

  it.each([
    [[], 1, 'added'],
    [[3], 1, 'capped'],
    [[2], 3, 'capped'],
  ] as const)('after adding %o, adding %i is %s', (before, quantity, status) => {
    const newId = ids();
    let cart: CartItem[] = [];
    for (const q of before) cart = addToCart(cart, { product: candle, quantity: q, selectedProductColor: 'ivory', selectedProductSize: 'small' }, newId);
    const outcome = addToCartOutcome(cart, { product: candle, quantity, selectedProductColor: 'ivory', selectedProductSize: 'small' }, newId);
    expect(outcome.status).toBe(status);
    expect(outcome.cart[0]!.quantity).toBeLessThanOrEqual(3);
  });

  it('reports a sold-out line', () => {
    expect(addToCartOutcome([], { product: candle, selectedProductColor: 'rose', selectedProductSize: 'small' }, ids()).status).toBe('outOfStock');
  });
});

describe('decrease, remove, clear', () => {
  const start = () => {
    const newId = ids();
    let cart = addToCart([], { product: soap, quantity: 2 }, newId);
    cart = addToCart(cart, { product: candle, selectedProductColor: 'ivory', selectedProductSize: 'small' }, newId);
    return cart;
  };
  it.each([
    [
      'decrease 2 -> 1',
      (c: CartItem[]) => decreaseQuantity(c, 'line-1'),
      [
        ['line-1', 1],
        ['line-2', 1],
      ],
    ],
    ['decrease at 1 removes the line', (c: CartItem[]) => decreaseQuantity(c, 'line-2'), [['line-1', 2]]],
    ['remove by cartItemId', (c: CartItem[]) => removeFromCart(c, 'line-1'), [['line-2', 1]]],
    [
      'an unknown id changes nothing',
      (c: CartItem[]) => decreaseQuantity(c, 'nope'),
      [
        ['line-1', 2],
        ['line-2', 1],
      ],
    ],
    ['clear empties the cart', () => clearCart(), []],
  ])('%s', (_name, act, expected) => {
    expect(act(start()).map((l) => [l.cartItemId, l.quantity])).toEqual(expected);
  });

  it.each([
    [4, 4, false],
    [9, 5, true],
    [0, 1, false],
    [-3, 1, false],
  ])('set quantity %i gives %i (capped %s)', (quantity, expected, capped) => {
    const out = setQuantityOutcome(start(), 'line-1', quantity);
    expect(out.cart[0]!.quantity).toBe(expected);
    expect(out.capped).toBe(capped);
  });
});

describe('totals and badges', () => {
  it('line and cart totals use the variant price and discount, in piastres', () => {
    const newId = ids();
    let cart = addToCart([], { product: soap, quantity: 3 }, newId);
    cart = addToCart(cart, { product: candle, quantity: 2, selectedProductColor: 'ivory', selectedProductSize: 'large' }, newId);
    expect(cart.map(lineTotal)).toEqual([30000, 108000]);
    expect(cartSubtotal(cart)).toBe(138000);
  });

  it.each([
    [[1], 1],
    [[5], 1],
    [[1, 1], 2],
  ])('badge counts distinct lines: quantities %o -> %i', (quantities, expected) => {
    const list = quantities.map((quantity, i) => ({ ...soap, id: i, quantity }));
    expect(badgeCount(list)).toBe(expected);
  });

  it.each([
    [soap, null, null, 5],
    [candle, 'ivory', 'large', 2],
    [candle, 'rose', 'small', 0],
    [candle, null, null, 0],
  ] as const)('line stock', (product, color, size, expected) => {
    expect(lineStock(product, color, size)).toBe(expected);
  });
});

describe('refreshCartProducts', () => {
  it('takes the server copy, re-caps quantity, drops vanished products, keeps sold-out lines', () => {
    const newId = ids();
    let cart = addToCart([], { product: soap, quantity: 5 }, newId);
    cart = addToCart(cart, { product: candle, quantity: 2, selectedProductColor: 'ivory', selectedProductSize: 'small' }, newId);
    const gone = makeProduct({ id: 3 });
    cart = addToCart(cart, { product: gone }, newId);
    const freshSoap = { ...soap, price: 12000, stock: 2 };
    const freshCandle = { ...candle, variants: candle.variants.map((v) => (v.id === 21 ? { ...v, stock: 0 } : v)) };
    const out = refreshCartProducts(cart, [freshSoap, freshCandle]);
    expect(out.map((l) => [l.id, l.quantity, l.price])).toEqual([
      [1, 2, 12000],
      [2, 2, 40000],
    ]);
  });
});

describe('quantity caps', () => {
  const plenty = makeProduct({ id: 90, stock: 5000 });

  it('a line never passes MAX_LINE_QUANTITY, however much is in stock', () => {
    const newId = ids();
    let cart: CartItem[] = [];
    for (const quantity of [60, 60]) cart = addToCart(cart, { product: plenty, quantity }, newId);
    expect(cart[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setQuantityOutcome(cart, cart[0]!.cartItemId, 500)).toMatchObject({ capped: true, cart: [{ quantity: MAX_LINE_QUANTITY }] });
  });

  it('merging repeated order lines sums their units under one key', () => {
    const merged = mergeOrderLines([
      { productId: 1, color: 'red', size: null, quantity: 2 },
      { productId: 2, quantity: 1 },
      { productId: 1, color: 'red', size: null, quantity: 3 },
      { productId: 1, color: 'blue', size: null, quantity: 1 },
    ]);
    expect(merged.map((l) => [l.productId, l.color ?? null, l.quantity])).toEqual([
      [1, 'red', 5],
      [2, null, 1],
      [1, 'blue', 1],
    ]);
  });
});
