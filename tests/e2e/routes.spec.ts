import { allowConsoleErrors, catalogue, expect, test } from './fixtures';
import { homes, listings, pages, products } from './route-list';

for (const path of homes)
  test(`home ${path} renders its own page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('[data-home]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(
      page
        .getByTestId('product-card')
        .or(page.getByRole('link', { name: /products?$/ }))
        .first(),
    ).toBeVisible();
  });

for (const path of listings)
  test(`listing ${path} shows products with counts`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('listing-count')).toContainText(/Showing 1-1[56] of \d+/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

test('every product detail route shows the product', async ({ page, request, consoleErrors }) => {
  const [product] = await catalogue(request, 'pageSize=1');
  for (const base of products) {
    await page.goto(`${base}/${product!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.name);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
  // An unknown id: the page (decision 007) and the API answer 404, which the browser logs.
  allowConsoleErrors(/status of 404 \(Not Found\) \(at \S*\/999999(\?\S*)?\)$/);
  await page.goto('/product/999999');
  await expect(page.getByTestId('product-not-found')).toBeVisible();
});

for (const path of pages)
  test(`page ${path} renders`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  });

test('the contact form stores a message and says so', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please fill this in.').first()).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Email', { exact: true }).fill('mona@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Gift wrapping');
  await page.getByLabel('Message', { exact: true }).fill('Can you wrap two candles as a gift for Eid?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you, your message has arrived.')).toBeVisible();
});

test('the newsletter welcomes a new address and, kindly, a known one', async ({ page }) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.goto('/home-fashion-two');
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thank you! You are on the list.')).toBeVisible();
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You are already on our list')).toBeVisible();
});

test('the one-page home snaps screen by screen', async ({ page }) => {
  await page.goto('/home-onepage-scroll');
  await expect(page.getByTestId('onepage-screen')).toHaveCount(5);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollSnapType)).toContain('y');
});
