import en from '../../public/locales/en/admin-catalog.json' with { type: 'json' };
import type { AdminProductDetail, AdminProductInput } from '../../src/shared/schemas/admin-product';
import { expect, test } from './fixtures';

/**
 * Bulk edit of products (issue 32, point 4): the merchant filters the product list, selects every
 * product the filter matches (more than one page), raises their prices by 10 %, reads the count in
 * the confirmation, and the shopper finds the new price on a product page. At phone width too.
 */
test.describe.configure({ timeout: 90_000 });

const PRODUCTS = 23;

test('the merchant raises by 10 % every product a filter matches, beyond the first page, and the shop shows the new prices @phone', async ({
  page,
  context,
  adminState,
  baseURL,
  playwright,
}, testInfo) => {
  const stamp = `BLK${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'phone' ? 'P' : 'D'}${testInfo.retry}`;
  const api = await playwright.request.newContext({ baseURL, storageState: adminState });
  // The run's own category: the shop's categories keep the counts other tests, run beside this one, read.
  const made = await api.post('/api/admin/categories', {
    data: { name: { en: `Bulk ${stamp}`, ar: `دفعة ${stamp}`, fr: '', de: '' }, slug: `bulk-${stamp.toLowerCase()}`, image: null, sortOrder: 9000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const category = ((await made.json()) as { id: number }).id;
  const ids: number[] = [];
  // 23 products of this run's own SKU: a page of 20 and 3 more. The newest (first in the list) costs
  // EGP 123.45: +10 % is 135.795, rounded up to 135.80.
  const last = PRODUCTS - 1;
  for (let i = 0; i < PRODUCTS; i++) {
    const body: AdminProductInput = {
      sku: `${stamp}-${i}`,
      name: { en: `Bulk Cedar Candle ${stamp} ${i}`, ar: `شمعة أرز ${i}`, fr: '', de: '' },
      shortDescription: { en: 'A cedar candle.', ar: 'شمعة أرز.', fr: '', de: '' },
      fullDescription: { en: '', ar: '', fr: '', de: '' },
      price: i === last ? 12_345 : 20_000 + i * 100,
      discount: 0,
      offerEnd: null,
      isNew: false,
      visible: true,
      categoryIds: [category],
      tags: [],
      images: [],
      hasVariants: false,
      stock: 9,
      variants: [],
    };
    const res = await api.post('/api/admin/products', { data: body });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }

  await context.addCookies([...adminState.cookies, { name: 'i18next', value: 'en', url: baseURL! }]);
  await page.goto('/admin/products');
  // The list's filter: this run's SKU.
  const search = page.getByRole('searchbox', { name: en.list.search });
  await search.fill(stamp);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  await expect(page.getByText(`${PRODUCTS} products`, { exact: true })).toBeVisible();

  // The page's 20, then every product the filter matches.
  await page.getByRole('checkbox', { name: en.list.selectAll }).check();
  const bar = page.getByRole('region', { name: en.list.bulkRegion });
  await expect(bar.getByTestId('bulk-count')).toHaveText('20 selected');
  await bar.getByRole('button', { name: `Select all ${PRODUCTS} products matching these filters` }).click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(`All ${PRODUCTS} products matching these filters are selected`);

  // The change: +10 %.
  await bar.getByRole('button', { name: en.bulk.edit }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Edit ${PRODUCTS} products` })).toBeVisible();
  await dialog.getByRole('combobox', { name: en.bulk.price, exact: true }).selectOption({ label: en.bulk.priceRaise });
  await dialog.getByRole('textbox', { name: en.bulk.percent }).fill('10');
  await dialog.getByRole('button', { name: en.bulk.review }).click();

  // The confirmation names the count, and previews the first products with the server's rule.
  await expect(dialog.getByRole('heading', { name: `Change ${PRODUCTS} products?` })).toBeVisible();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('Price changes by +10%');
  await expect(dialog.getByRole('row').filter({ hasText: `${stamp} ${last}` })).toContainText(/EGP\s123\.45.*EGP\s135\.80/);
  await dialog.getByRole('button', { name: `Change ${PRODUCTS} products` }).click();
  await expect(page.getByText(`${PRODUCTS} products changed`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('region', { name: en.list.bulkRegion })).toHaveCount(0);

  // Every one changed, the oldest (on the second page, never shown) too.
  const price = async (id: number) => ((await (await api.get(`/api/admin/products/${id}`)).json()) as AdminProductDetail).price;
  expect(await price(ids[last]!)).toBe(13_580);
  expect(await price(ids[0]!)).toBe(22_000);
  expect(await price(ids[1]!)).toBe(22_110);

  // The shopper's product page shows the new price.
  await page.goto(`/product/${ids[last]}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bulk Cedar Candle ${stamp} ${last}`);
  await expect(page.getByText(/EGP\s135\.80/).first()).toBeVisible();
  await expect(page.getByText(/EGP\s123\.45/)).toHaveCount(0);
  await api.dispose();
});
