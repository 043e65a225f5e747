import type { Browser, Page } from '@playwright/test';
import { adminEmail, adminPassword } from '../../playwright.config';
import { expect, simpleProduct, test } from './fixtures';

async function adminSignIn(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
}

async function newAdminPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await adminSignIn(page);
  return { page, close: () => context.close() };
}

test('signed out, an admin page goes to /admin, which offers the sign-in form and no menu', async ({ page }) => {
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  await expect(page).toHaveTitle('Admin - Sign in');
});

test('a shopper registers, checks out with the details prefilled, follows the order in my-account while the admin confirms and ships it', async ({
  page,
  request,
  browser,
}) => {
  // A whole story with two browsers (shopper and admin): it runs near the default 45 s on a busy machine.
  test.slow();
  const product = await simpleProduct(request, 2);
  const email = `shopper-${Date.now()}@example.com`;

  // Register: the account is created and signed in on the server.
  await page.goto('/login-register');
  const register = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
  await register.getByLabel('Name').fill('Salma Fathy');
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Mobile (optional)').fill('010 0555 0123');
  await register.getByLabel('Password').fill('short');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByText('Use at least 8 characters.')).toBeVisible();
  await register.getByLabel('Password').fill('jasmine-garden-42');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { name: 'Hello, Salma' })).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();

  // Save an address, then buy: checkout starts from it.
  await page.getByRole('button', { name: 'Addresses' }).click();
  await page.getByRole('button', { name: 'Add an address' }).click();
  await page.getByLabel('Label', { exact: true }).fill('Home');
  await page.getByLabel('Full name', { exact: true }).fill('Salma Fathy');
  await page.getByLabel('Phone', { exact: true }).fill('01005550123');
  await page.getByLabel('Governorate', { exact: true }).selectOption('GIZ');
  await page.getByLabel('City', { exact: true }).fill('Dokki');
  await page.getByLabel('Address', { exact: true }).fill('14 Tahrir Street, flat 7');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByTestId('saved-address')).toContainText('Default');

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/checkout');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Salma Fathy');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Dokki');
  await expect(page.getByLabel('Governorate', { exact: true })).toHaveValue('GIZ');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout-success$/);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  await page.goto('/my-account');
  const row = page.getByTestId('account-order').filter({ hasText: number });
  await expect(row.getByTestId('account-order-status')).toHaveText('Received, awaiting confirmation');
  await row.getByRole('button').click();
  await expect(row.getByTestId('order-line')).toContainText(product.name);

  // The admin confirms and ships it from the order page.
  const admin = await newAdminPage(browser);
  await admin.page.goto('/admin/orders');
  await expect(admin.page).toHaveTitle('Admin - Orders');
  await admin.page.getByRole('searchbox').fill(number);
  await admin.page.getByRole('link', { name: number }).click();
  await expect(admin.page.getByRole('heading', { level: 1 })).toContainText(number);
  await admin.page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(admin.page.getByRole('button', { name: /^Mark as shipped|^Ship/ })).toBeVisible();
  await admin.page.getByRole('button', { name: /^Mark as shipped|^Ship/ }).click();
  await expect(admin.page.getByRole('button', { name: /^Mark as delivered|^Deliver/ })).toBeVisible();
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('account-order').filter({ hasText: number }).getByTestId('account-order-status')).toHaveText('On its way');

  // Signing out ends the session on the server: my-account is back to the sign-in invitation.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/my-account');
  await expect(page.getByRole('link', { name: 'Sign in or register' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
});
