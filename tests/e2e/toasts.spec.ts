import type { Page } from '@playwright/test';
import { expect, simpleProduct, test } from './fixtures';

/** The toast with this exact text, checked for its style (react-toastify's type class). */
async function toast(page: Page, text: string, type: 'success' | 'error' | 'warning' | 'info') {
  const el = page.locator('.Toastify__toast', { hasText: text }).last();
  await expect(el).toBeVisible();
  await expect(el).toHaveText(text);
  await expect(el).toHaveClass(new RegExp(`Toastify__toast--${type}`));
}

test('the toasts of specification section 8 appear with their exact texts and styles', async ({ page, request }) => {
  const product = await simpleProduct(request, 3);
  await page.goto(`/product/${product.id}`);
  const detail = page.locator('main');

  await detail.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await toast(page, 'Added To Cart', 'success');
  await detail.getByRole('button', { name: 'Add to wishlist' }).first().click();
  await toast(page, 'Added To wishlist', 'success');
  await detail.getByRole('button', { name: 'In your wishlist' }).first().click();
  await toast(page, 'Product already in wishlist', 'info');
  await detail.getByRole('button', { name: 'Add to compare' }).first().click();
  await toast(page, 'Added To compare', 'success');

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await toast(page, 'Item Decremented From Cart', 'warning');
  await page
    .getByRole('button', { name: /^Remove/ })
    .first()
    .click();
  await toast(page, 'Removed From Cart', 'error');

  await page.goto('/wishlist');
  await page.getByRole('button', { name: `Remove: ${product.name}` }).click();
  await toast(page, 'Removed From Wishlist', 'error');

  await page.goto('/compare');
  await page.getByRole('button', { name: `Remove: ${product.name}` }).click();
  await toast(page, 'Removed From Compare', 'error');
});
