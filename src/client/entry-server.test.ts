import { describe, expect, it } from 'vitest';
import { isServerRendered } from './entry-server';

/**
 * The pages the server renders are the routes the router marks `ssr`: the storefront pages whose
 * first screen is the same for everyone. The cart, checkout, account and admin stay with the
 * browser, so a shopper never sees an empty cart before their own comes back.
 */
describe('isServerRendered', () => {
  it('is true for the storefront pages whose first screen is the same for everyone', () => {
    for (const page of [
      '/',
      '/home-fashion',
      '/home-christmas',
      '/home-fashion-eight',
      '/shop-grid-standard',
      '/shop-list-two-column',
      '/product/12',
      '/product-tab-left/3',
      '/product-fixed-image/7/',
      '/blog-standard',
      '/blog-no-sidebar',
      '/blog-details-standard',
      '/blog/candle-care',
      '/blog/%D8%B9%D9%88%D8%AF',
      '/about',
      '/about/',
      '/contact',
    ]) {
      expect(isServerRendered(page), page).toBe(true);
    }
  });

  it('is false for what depends on the browser (cart, lists, account, orders, admin) and for unknown addresses', () => {
    for (const page of [
      '/cart',
      '/checkout',
      '/checkout-success',
      '/wishlist',
      '/compare',
      '/my-account',
      '/login-register',
      '/order/N-1',
      '/admin',
      '/admin/orders',
      '/product/abc',
      '/product/12/more',
      '/home-nowhere',
      '/no-such-page',
    ]) {
      expect(isServerRendered(page), page).toBe(false);
    }
  });
});
