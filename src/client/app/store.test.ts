// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeStore, persistConfig } from './store';
import { setLoading } from './app-slice';
import { addToCart, decreaseQuantity } from '../features/cart';
import { addToWishlist } from '../features/wishlist';
import { setCurrency } from './currency-slice';
import type { Product } from '../../shared/schemas/product';

const product: Product = {
  id: 7,
  slug: 'jasmine',
  sku: 'NSM-1',
  name: 'Jasmine',
  shortDescription: '',
  fullDescription: '',
  price: 25000,
  discount: 0,
  offerEnd: null,
  isNew: false,
  rating: 5,
  reviewCount: 0,
  saleCount: 1,
  categories: [],
  tags: [],
  images: [],
  stock: 2,
  variants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('store', () => {
  it('persists shopper state under "flone", never the loading flag or API cache', () => {
    expect(persistConfig.key).toBe('flone');
    expect(persistConfig.timeout).toBe(5000);
    expect(persistConfig.blacklist).toEqual(['app', 'checkout', 'api']);
  });

  it('runs the shared cart rules: same product twice is one line, never above stock', () => {
    const { store } = makeStore();
    store.dispatch(addToCart({ product }));
    store.dispatch(addToCart({ product }));
    store.dispatch(addToCart({ product }));
    const lines = store.getState().cart.cartItems;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    store.dispatch(decreaseQuantity(lines[0]!.cartItemId));
    store.dispatch(decreaseQuantity(lines[0]!.cartItemId));
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('ignores a duplicate wishlist add and an unknown currency', () => {
    const { store } = makeStore();
    store.dispatch(addToWishlist(product));
    store.dispatch(addToWishlist(product));
    expect(store.getState().wishlist.wishlistItems).toHaveLength(1);
    store.dispatch(setCurrency({ currencyName: 'USD', rates: { USD: 0.02 } }));
    store.dispatch(setCurrency({ currencyName: 'XYZ', rates: { USD: 0.02 } }));
    expect(store.getState().currency).toEqual({ currencyName: 'USD', currencySymbol: '$', currencyRate: 0.02 });
  });

  it('sets the loading flag', () => {
    const { store } = makeStore();
    store.dispatch(setLoading(true));
    expect(store.getState().app.isLoading).toBe(true);
  });
});
