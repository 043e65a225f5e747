import type { APIRequestContext } from '@playwright/test';
import en from '../../public/locales/en/admin-reviews.json' with { type: 'json' };
import { expect, test } from './fixtures';

/**
 * "Publish new reviews at once" (issue 31), a shop-wide setting: while it is on, every review sent
 * anywhere in the shop is published at once, so this runs alone, after the other browser tests
 * (the `alone` project of playwright.config.ts), and leaves it off.
 */
test('the merchant turns on "Publish new reviews at once", it is kept after a reload, and turns it off again', async ({
  page,
  context,
  adminState,
  baseURL,
  playwright,
}) => {
  const origin = new URL(baseURL!).origin;
  const api: APIRequestContext = await playwright.request.newContext({ baseURL, storageState: adminState, extraHTTPHeaders: { origin } });
  try {
    expect((await api.put('/api/admin/reviews/settings', { data: { autoPublish: false } })).ok()).toBe(true);
    await context.addCookies([...adminState.cookies, { name: 'i18next', value: 'en', url: baseURL! }]);
    await page.goto('/admin/reviews');
    const autoPublish = page.getByRole('switch', { name: en.autoPublish.label });
    await expect(autoPublish).not.toBeChecked();
    await page.getByText(en.autoPublish.label).click();
    await expect(autoPublish).toBeChecked();
    await expect(page.locator('.Toastify__toast', { hasText: en.autoPublish.turnedOn })).toBeVisible();
    expect(await (await api.get('/api/admin/reviews/settings')).json()).toEqual({ autoPublish: true });
    await page.reload();
    await expect(page.getByRole('switch', { name: en.autoPublish.label })).toBeChecked();
    await page.getByText(en.autoPublish.label).click();
    await expect(page.locator('.Toastify__toast', { hasText: en.autoPublish.turnedOff })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: en.autoPublish.label })).not.toBeChecked();
  } finally {
    await api.put('/api/admin/reviews/settings', { data: { autoPublish: false } });
    await api.dispose();
  }
});
