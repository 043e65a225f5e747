import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductList, ProductSummary } from '../../src/shared/schemas/product';

/**
 * Server-rendered pages show before their scripts run, and a tap before that does nothing: like a
 * shopper who waits for the page, each navigation waits until the app is live (`<html data-live>`,
 * set once the page is hydrated or rendered).
 */
function waitForLiveApp(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const live = () => page.waitForSelector('html[data-live]', { state: 'attached' });
  page.goto = async (...args) => {
    const res = await goto(...args);
    await live();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await live();
    return res;
  };
}

/** Fails a test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    waitForLiveApp(page);
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
    },
    { auto: true },
  ],
});
export { expect };

/** The real catalogue from the running server. */
export async function catalogue(request: APIRequestContext, query = 'pageSize=100'): Promise<ProductSummary[]> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ProductList).items;
}

/** A product without variants that has at least `stock` units. */
export async function simpleProduct(request: APIRequestContext, stock = 3): Promise<ProductSummary> {
  const product = (await catalogue(request)).find((p) => p.variants.length === 0 && p.stock >= stock);
  if (!product) throw new Error('The demo catalogue has no simple product in stock');
  return product;
}
