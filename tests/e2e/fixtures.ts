import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { ProductList, ProductSummary } from '../../src/shared/schemas/product';

/** Fails a test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
