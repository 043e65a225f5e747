import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resources, Texts } from '../shared/i18n/translator';
import { render, routeOf } from './entry-server';
import { makeProduct, testSettings } from '../shared/domain/test-products';

const isServerRendered = async (page: string) => (await routeOf(new URL(page, 'https://shop.test'))).serverRendered;

/**
 * The pages the server renders are the routes the router marks `ssr`: the storefront pages whose
 * first screen is the same for everyone. The cart, checkout, account and admin stay with the
 * browser, so a shopper never sees an empty cart before their own comes back.
 */
describe('routeOf: serverRendered', () => {
  it('is true for the storefront pages whose first screen is the same for everyone', async () => {
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
      '/track',
      '/track?number=NSM-100001',
    ]) {
      expect(await isServerRendered(page), page).toBe(true);
    }
  });

  it('is true and personal for the cart, checkout and an order: rendered per visit from its cookie or link, never kept', async () => {
    for (const page of ['/cart', '/checkout', '/order/N-1']) {
      const answer = await routeOf(new URL(page, 'http://shop.test'));
      expect(answer, page).toMatchObject({ serverRendered: true, personal: true });
    }
    expect((await routeOf(new URL('/', 'http://shop.test'))).personal).toBe(false);
  });

  it('is false for what depends on the browser (lists, account, admin) and for unknown addresses', async () => {
    for (const page of [
      '/checkout-success',
      '/wishlist',
      '/compare',
      '/my-account',
      '/login-register',
      '/admin',
      '/admin/orders',
      '/product/abc',
      '/product/12/more',
      '/home-nowhere',
      '/no-such-page',
    ]) {
      expect(await isServerRendered(page), page).toBe(false);
    }
  });

  it('answers 404 for an address no route of the shop knows, 200 for a page the browser renders', async () => {
    for (const page of ['/no-such-page', '/home-nowhere', '/product/12/more'])
      expect((await routeOf(new URL(page, 'https://shop.test'))).status, page).toBe(404);
    for (const page of ['/cart', '/admin/orders', '/product/12']) expect((await routeOf(new URL(page, 'https://shop.test'))).status, page).toBe(200);
  });
});

describe('render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const resources: Resources = {
    en: { translation: JSON.parse(fs.readFileSync(path.resolve('public/locales/en/translation.json'), 'utf8')) as Texts },
  };
  const settings = testSettings;
  const product = makeProduct({
    id: 12,
    slug: 'jasmine',
    sku: 'NSM-12',
    name: 'Jasmine Candle',
    shortDescription: 'Jasmine.',
    fullDescription: 'Jasmine at the heart.',
    price: 25000,
    rating: 5,
    saleCount: 1,
    stock: 2,
  });
  const get = (url: string) => Promise.resolve({ status: 200, data: url.startsWith('/api/settings') ? settings : product });

  // RTK Query keeps an answer nobody subscribes to behind a 300 s timer that holds the whole store:
  // a render must not leave it, or every page rendered stays in memory for five minutes.
  it('leaves no timer behind that would keep its store alive', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const page = await render(new URL('/product/12', 'https://shop.test'), 'en', resources, get);
    expect(page && 'html' in page ? page.html : '').toContain('Jasmine Candle');
    // Only the store's own short batching timer may still be pending.
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
  });
});
