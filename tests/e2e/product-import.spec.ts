import ar from '../../public/locales/ar/admin-import.json' with { type: 'json' };
import en from '../../public/locales/en/admin-import.json' with { type: 'json' };
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AdminProductList } from '../../src/shared/schemas/admin-product';
import { expect, test } from './fixtures';
import { fill } from '../../src/shared/i18n/translator';
import { isolate } from '../../src/shared/domain/bidi';

/**
 * The catalogue import (issue 32, decision 040), as the merchant does it: from the products list
 * to the import page, a supplier's 500-row CSV with three bad rows uploaded, the preview's figures
 * and the three refusals with their row numbers, Apply, the progress bar, the report, and one of
 * the imported products on the storefront; then the report in Arabic, right to left.
 */
test.describe.configure({ timeout: 120_000 });

/**
 * A supplier's file: 497 good rows and, at rows 43, 184 and 405, a negative stock, an unknown category
 * and a formula. Its products go to `category`, the run's own: the shop's categories keep the counts
 * other tests, run beside this one, read.
 */
function supplierFile(prefix: string, category: string): { csv: string; bad: Array<{ line: number; text: string }> } {
  const rows: string[][] = Array.from({ length: 497 }, (_, i) => [
    `${prefix}-${i}`,
    `Supplier Candle ${prefix} ${i}`,
    `شمعة المورد ${i}`,
    `"${(1000 + i).toLocaleString('en')}.50"`,
    String((i % 30) + 1),
    category,
    'calm; gift',
  ]);
  rows.splice(41, 0, [`${prefix}-NEG`, 'Negative', 'سالب', '99', '-4', category, '']);
  rows.splice(182, 0, [`${prefix}-CAT`, 'Unknown category', 'تصنيف مجهول', '99', '3', 'perfumes', '']);
  rows.splice(403, 0, [`${prefix}-FRM`, `"=cmd|' /C calc'!A0"`, 'صيغة', '99', '3', category, '']);
  const csv = `\uFEFF${[['sku', 'name_en', 'name_ar', 'price_egp', 'stock', 'categories', 'tags'], ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;
  return {
    csv,
    bad: [
      { line: 43, text: `Row 43, \u2068stock\u2069: ${en.issues.negative}` },
      { line: 184, text: `Row 184, \u2068categories\u2069: ${en.issues.category_unknown.replace('{{value}}', 'perfumes')}` },
      { line: 405, text: `Row 405, \u2068name_en\u2069: ${en.issues.formula}` },
    ],
  };
}

/** No WCAG 2.1 A/AA violation on the page as it stands (the preview and the report; the upload step is in axe.spec.ts). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
}

/** The figure a tile of the page shows under its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('the admin imports a 500-row CSV with three bad rows: preview, apply, progress, report, and the shop sells it', async ({
  page,
  context,
  adminState,
  baseURL,
  playwright,
}) => {
  const prefix = `IMP${Date.now().toString(36).toUpperCase()}${test.info().project.name === 'phone' ? 'P' : 'D'}`;
  const slug = `supplier-${prefix.toLowerCase()}`;
  const api = await playwright.request.newContext({ baseURL, storageState: adminState });
  const made = await api.post('/api/admin/categories', {
    data: { name: { en: `Supplier ${prefix}`, ar: `المورد ${prefix}`, fr: '', de: '' }, slug, image: null, sortOrder: 9000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  await api.dispose();
  const { csv, bad } = supplierFile(prefix, slug);
  await context.addCookies([...adminState.cookies, { name: 'i18next', value: 'en', url: baseURL! }]);

  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { level: 2, name: en.preview.heading })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\?run=\d+$/);
  const run = /run=(\d+)/.exec(page.url())![1];
  await expect(figure(page, en.preview.create)).toHaveText('497');
  await expect(figure(page, en.preview.update)).toHaveText('0');
  await expect(figure(page, en.preview.error)).toHaveText('3');
  await expect(page.getByText('supplier.csv · 500 rows read')).toBeVisible();
  // The refusals, by row and column, in the list's first tab.
  const list = page.getByRole('navigation', { name: en.preview.tabs });
  await expect(list.getByRole('link', { name: /With errors/ })).toHaveAttribute('aria-current', 'page');
  for (const issue of bad) await expect(page.getByText(issue.text, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await accessible(page);
  // Nothing is in the catalogue yet.
  const before = await page.request.get(`/api/admin/products?q=${prefix}&pageSize=1`);
  expect(((await before.json()) as AdminProductList).total).toBe(0);

  await page.getByRole('button', { name: 'Apply 497 changes' }).click();
  const progress = page.getByRole('progressbar', { name: en.applying.label });
  await expect(progress).toBeVisible();
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);
  await expect(page.getByRole('heading', { level: 2, name: en.report.heading })).toBeVisible({ timeout: 90_000 });
  await expect(figure(page, en.report.created)).toHaveText('497');
  await expect(figure(page, en.report.leftOut)).toHaveText('3');
  await expect(figure(page, en.report.failed)).toHaveText('0');
  await expect(page.getByText(bad[0]!.text, { exact: true }).filter({ visible: true }).first()).toBeVisible();

  // One of them on the storefront, as a shopper sees it.
  const found = (await (await page.request.get(`/api/admin/products?q=${prefix}-250&pageSize=5`)).json()) as AdminProductList;
  const product = found.items.find((p) => p.name === `Supplier Candle ${prefix} 250`)!;
  expect(product).toBeDefined();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Supplier Candle ${prefix} 250` })).toBeVisible();
  await expect(page.getByText('EGP 1,250.50').first()).toBeVisible();

  // The report in Arabic: right to left, its words and figures.
  await page.goto(`/admin/products/import?run=${run}&lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: ar.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: ar.report.heading })).toBeVisible();
  await expect(figure(page, ar.report.created)).toHaveText('497');
  await accessible(page);
  await expect(
    page
      .getByText(fill(ar.list.issue, { line: 43, column: isolate('stock'), reason: ar.issues.negative }, 'ar'), { exact: true })
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
});
