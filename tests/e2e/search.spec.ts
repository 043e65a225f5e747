import { AxeBuilder } from '@axe-core/playwright';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { expect, test } from './fixtures';

/**
 * Search as the shopper uses it (issue 15): suggestions as they type in the header, driven with
 * the keyboard in English and in Arabic, and a search that finds nothing offering a way on.
 */

test('English: suggestions after two letters, forgiving a typo; arrows choose, Enter opens the product', async ({ page }) => {
  await page.goto('/');
  const box = page.locator('#header-search');
  await box.click();
  await box.pressSequentially('l');
  // One letter: nothing is suggested yet.
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.pressSequentially('avendar');
  const list = page.getByRole('listbox', { name: en.search.suggestions });
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(list).toContainText('French Lavender Essential Oil');
  // At most six products, and "see all results".
  expect(await options.count()).toBeLessThanOrEqual(7);
  // The count is announced to screen readers.
  await expect(page.locator('form[role="search"] [aria-live="polite"]').first()).toContainText(/suggestion/);

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  // Up from the first option goes back to the text box; up again wraps to "see all".
  await box.press('ArrowUp');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await box.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(options.last()).toContainText('See all results for “lavendar”');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lavender');
});

test('Enter without a chosen suggestion opens the full results, and the query stays in the box', async ({ page }) => {
  await page.goto('/');
  const box = page.locator('#header-search');
  await box.fill('candles');
  await expect(page.getByRole('listbox', { name: en.search.suggestions }).getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop-grid-standard\?q=candles$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “candles”');
  await expect(page.getByTestId('listing-count')).not.toHaveText(en.listing.showingNone);
  await expect(page.locator('#header-search')).toHaveValue('candles');
});

test('Arabic, right to left: "الشموع" suggests the candles by their Arabic names, Escape closes the list', async ({ page }) => {
  await page.goto('/?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const box = page.locator('#header-search');
  await box.fill('الشموع');
  const list = page.getByRole('listbox', { name: ar.search.suggestions });
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('شمعة');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  // Latin scent names find the Arabic page's products too.
  await box.fill('oud');
  await expect(options.first()).toContainText('عود');
});

test('a search that finds nothing shows did-you-mean, the categories and the best sellers', async ({ page }) => {
  // Two typos in an eight-letter word: more than a search forgives, close enough to suggest.
  await page.goto('/shop-grid-standard?q=lafendor');
  const panel = page.getByTestId('no-results');
  await expect(panel.getByText('Nothing found for “lafendor”')).toBeVisible();
  await expect(panel.getByTestId('did-you-mean')).toContainText('Lavender');
  await expect(panel.getByTestId('did-you-mean').getByRole('link').first()).toBeVisible();
  await expect(panel.getByRole('heading', { name: en.search.browseCategories })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Scented Candles' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: en.search.bestSellers })).toBeVisible();
  await expect(
    panel
      .locator('li')
      .filter({ has: page.locator('a[href^="/product/"]') })
      .first(),
  ).toBeVisible();
  await expect(page.locator('#header-search')).toHaveValue('lafendor');
  // A did-you-mean link searches for that name, and finds it.
  await panel.getByTestId('did-you-mean').getByRole('link').first().click();
  await expect(page.getByTestId('no-results')).toBeHidden();
  await expect(page.getByTestId('listing-count')).not.toHaveText(en.listing.showingNone);
});

for (const lng of ['en', 'ar'] as const) {
  test(`axe finds no serious issue on the search box with its suggestions open (${lng})`, async ({ page }) => {
    await page.goto(`/?lng=${lng}`);
    const box = page.locator('#header-search');
    await box.fill(lng === 'ar' ? 'زيت' : 'oil');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('form[role="search"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('at phone width the menu search suggests too, and a suggestion opens its product', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: en.nav.openMenu }).click();
  const box = page.locator('#mobile-search');
  await box.fill('peppermint');
  const option = page.getByRole('listbox', { name: en.search.suggestions }).getByRole('option').first();
  await expect(option).toContainText('Peppermint');
  await option.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
});

test('at phone width the header’s search button opens the search, typing suggests, and a suggestion opens its product', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const button = page.getByRole('button', { name: en.nav.openSearch });
  await expect(button).toBeVisible();
  await button.click();
  // The box is ready to type in, inside the screen.
  const box = page.locator('#phone-search');
  await expect(box).toBeFocused();
  const { x, width } = (await box.boundingBox())!;
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(390);
  await page.keyboard.type('peppermint');
  const option = page.getByRole('listbox', { name: en.search.suggestions }).getByRole('option').first();
  await expect(option).toContainText('Peppermint');
  await option.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  // The navigation closed the search row.
  await expect(page.locator('#phone-search-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.nav.openSearch })).toHaveAttribute('aria-expanded', 'false');
});
