import { describe, expect, it } from 'vitest';
import { cartFromCookieLines, decodeCartCookie, encodeCartCookie, encodeLines, MAX_COOKIE_LINES } from './cart-cookie';
import type { CartItem, CartProduct } from './cart';
import { makeProduct } from './test-products';

const product = (id: number, extra: Partial<CartProduct> = {}): CartProduct => makeProduct({ id, stock: 5, ...extra });
const candle = product(7, {
  variants: [
    { id: 1, color: 'عنبري', size: '200 g', stock: 2, price: 20000 },
    { id: 2, color: 'ivory', size: '200 g', stock: 0, price: 20000 },
  ],
});
const line = (p: CartProduct, quantity: number, color: string | null = null, size: string | null = null): CartItem => ({
  ...p,
  cartItemId: `x${p.id}${color}`,
  quantity,
  selectedProductColor: color,
  selectedProductSize: size,
});

describe('the cart cookie', () => {
  it('carries ids, quantities and a variant\u2019s options (Arabic too) in cookie-safe characters', () => {
    const value = encodeCartCookie([line(product(3), 2), line(candle, 1, 'عنبري', '200 g')]);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCartCookie(value)).toEqual([
      { productId: 3, quantity: 2, color: null, size: null },
      { productId: 7, quantity: 1, color: 'عنبري', size: '200 g' },
    ]);
  });

  it('trusts nothing: junk, bad ids and quantities are left out, quantities capped, lines bounded', () => {
    expect(decodeCartCookie(undefined)).toEqual([]);
    expect(decodeCartCookie('not base64 json')).toEqual([]);
    expect(decodeCartCookie(btoa('{"a":1}'))).toEqual([]);
    const raw = btoa(
      JSON.stringify([
        [0, 1],
        [-2, 1],
        [4, 0],
        [4.5, 1],
        ['5', 1],
        [6, 1000],
        [8, 1, { x: 1 }, 'M'],
      ]),
    );
    expect(decodeCartCookie(raw)).toEqual([
      { productId: 6, quantity: 99, color: null, size: null },
      { productId: 8, quantity: 1, color: null, size: 'M' },
    ]);
    const many = encodeLines(Array.from({ length: 80 }, (_, i) => ({ productId: i + 1, quantity: 1 })));
    expect(decodeCartCookie(many)).toHaveLength(MAX_COOKIE_LINES);
  });

  it('becomes cart lines with the products as they are now: gone products and unknown variants left out, quantities re-capped', () => {
    const lines = decodeCartCookie(
      encodeLines([
        { productId: 3, quantity: 9 },
        { productId: 99, quantity: 1 },
        { productId: 7, quantity: 3, color: 'عنبري', size: '200 g' },
        { productId: 7, quantity: 1, color: 'red', size: '200 g' },
      ]),
    );
    const items = cartFromCookieLines(
      lines,
      new Map([
        [3, product(3)],
        [7, candle],
      ]),
    );
    expect(items.map((i) => [i.id, i.quantity, i.selectedProductColor])).toEqual([
      [3, 5, null],
      [7, 2, 'عنبري'],
    ]);
    expect(new Set(items.map((i) => i.cartItemId)).size).toBe(2);
  });
});
