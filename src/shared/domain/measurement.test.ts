import { describe, expect, it } from 'vitest';
import { cartItems, itemsValue, orderItems, productItem } from './measurement';
import { catalogueItemId } from './product-feed';
import type { CartItem } from './cart';

const oil = { id: 1042, name: 'Lavender oil', price: 25000, discount: 20, categories: ['essential-oils'], variants: [] };
const candle = {
  id: 7,
  name: 'Oud candle',
  price: 40000,
  discount: 0,
  categories: ['scented-candles'],
  variants: [
    { id: 1, color: 'amber', size: '200g', stock: 3, price: 45000 },
    { id: 2, color: 'Rose Gold', size: null, stock: 0, price: null },
  ],
};

describe('measured items', () => {
  it('name a product by its id and a variant by its colour and size, as the feeds do', () => {
    expect(catalogueItemId(1042, null, null)).toBe('1042');
    expect(catalogueItemId(7, 'amber', '200g')).toBe('7-amber-200g');
    expect(catalogueItemId(7, 'Rose Gold', null)).toBe('7-rose_gold');
    expect(catalogueItemId(7, null, '50ml')).toBe('7-50ml');
  });

  it('price a product after its discount, and a variant at its own price', () => {
    expect(productItem(oil)).toEqual({ id: '1042', name: 'Lavender oil', price: 20000, quantity: 1, variant: undefined, category: 'essential-oils' });
    expect(productItem(candle, 'amber', '200g', 2)).toMatchObject({ id: '7-amber-200g', price: 45000, quantity: 2, variant: 'amber / 200g' });
  });

  it('value the cart and an order in piastres, an order at what each unit was charged', () => {
    const line = (p: typeof candle | typeof oil, color: string | null, size: string | null, quantity: number) =>
      ({ ...p, slug: '', sku: '', images: [], stock: 5, cartItemId: 'x', quantity, selectedProductColor: color, selectedProductSize: size }) as CartItem;
    expect(itemsValue(cartItems([line(oil, null, null, 3), line(candle, 'amber', '200g', 1)]))).toBe(3 * 20000 + 45000);
    const items = orderItems([{ productId: 7, name: 'Oud candle', color: 'amber', size: '200g', unitPaid: 40500, quantity: 2 }]);
    expect(items).toEqual([{ id: '7-amber-200g', name: 'Oud candle', price: 40500, quantity: 2, variant: 'amber / 200g' }]);
    expect(itemsValue(items)).toBe(81000);
  });
});
