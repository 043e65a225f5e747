import ar from '../../public/locales/ar/admin-promotions.json' with { type: 'json' };
import en from '../../public/locales/en/admin-promotions.json' with { type: 'json' };
import type { AdminPromotionDetail } from '../../src/shared/schemas/promotion';
import { expect, test } from './fixtures';

/**
 * The merchant's promotions (issue 30): the admin creates a code offer through the form in
 * English, finds it active in the list, pauses it and finds it paused, downloads its usage report,
 * then reads the offer and the list in Arabic, right to left, on a phone.
 */
test.describe.configure({ timeout: 60_000 });

const code = 'WHITE20';

test('the admin creates "White Friday" (WHITE20, 20 % from EGP 300), pauses it, and reads it in Arabic', async ({
  page,
  context,
  adminState,
  baseURL,
  playwright,
}) => {
  // A retry starts from scratch: an offer left by an earlier try (no order used it) is deleted.
  const api = await playwright.request.newContext({ baseURL, storageState: adminState });
  const earlier = (await (await api.get(`/api/admin/promotions?q=${code}`)).json()) as { items: AdminPromotionDetail[] };
  for (const p of earlier.items.filter((x) => x.code === code)) expect((await api.delete(`/api/admin/promotions/${p.id}`)).status()).toBe(204);
  await api.dispose();

  await context.addCookies([...adminState.cookies, { name: 'i18next', value: 'en', url: baseURL! }]);
  await page.goto('/admin/promotions');
  await page.getByRole('link', { name: en.new }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.form.newTitle })).toBeVisible();

  // The form, as the merchant fills it: names, a code, 20 %, a minimum of EGP 300.
  await page.getByRole('textbox', { name: 'English', exact: true }).fill('White Friday');
  await page.getByRole('textbox', { name: 'العربية', exact: true }).fill('الجمعة البيضاء');
  await expect(page.getByRole('radio', { name: en.form.triggerCode })).toBeChecked();
  await page.getByRole('textbox', { name: en.form.codeField, exact: true }).fill('white20');
  await expect(page.getByRole('radio', { name: en.form.kindPercent })).toBeChecked();
  await page.getByRole('textbox', { name: en.form.percent }).fill('20');
  await page.getByRole('textbox', { name: en.form.minSubtotal }).fill('300');
  await expect(page.getByRole('radio', { name: en.form.scopeOrder })).toBeChecked();
  await page.getByRole('button', { name: en.form.create }).click();

  // The list: the new offer, its code as stored (upper case), active.
  await expect(page).toHaveURL(/\/admin\/promotions$/);
  const row = page.getByRole('row').filter({ hasText: 'White Friday' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code);
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('Orders from EGP 300.00');
  await expect(row.getByText(en.status.active, { exact: true })).toBeVisible();

  // Its page: pause it there; the status says so at once.
  await row.getByRole('link', { name: 'White Friday' }).click();
  await expect(page).toHaveURL(/\/admin\/promotions\/\d+$/);
  const id = /\/admin\/promotions\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { level: 1, name: 'White Friday' })).toBeVisible();
  await expect(page.getByText(en.status.active, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: en.side.pause }).click();
  await expect(page.getByText(en.status.paused, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en.side.resume })).toBeVisible();

  // The usage report downloads as a CSV named after the code (no order used it yet).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^WHITE20-\d{4}-\d{2}-\d{2}\.csv$/);

  // Back in the list: paused, and under the Paused tab.
  await page.getByRole('main').getByRole('link', { name: en.back }).click();
  await expect(row.getByText(en.status.paused, { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: en.filters.status }).getByRole('link', { name: en.status.paused }).click();
  await expect(page).toHaveURL(/status=paused/);
  await expect(row).toHaveCount(1);

  // In Arabic on a phone: the page reads right to left, in Arabic, with the offer's Arabic name.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/promotions/${id}?lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الجمعة البيضاء' })).toBeVisible();
  await expect(page.getByText(ar.status.paused, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: ar.side.resume })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar.side.usage })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: ar.back }).click();
  const card = page.getByRole('list', { name: ar.title }).getByRole('listitem').filter({ hasText: 'الجمعة البيضاء' });
  await expect(card).toContainText(code);
  await expect(card.getByText(ar.status.paused, { exact: true })).toBeVisible();
});
