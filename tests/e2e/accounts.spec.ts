import type { Browser } from '@playwright/test';
import { adminEmail, adminPassword } from '../../playwright.config';
import { allowConsoleErrors, expect, linkIn, mailTo, simpleProduct, test, type StorageState } from './fixtures';

/** The admin beside the shopper: a browser of its own, signed in already (the worker's `adminState`). */
async function newAdminPage(browser: Browser, adminState: StorageState) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: adminState });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

test('signed out, an admin page goes to /admin, which offers the sign-in form and no menu', async ({ page }) => {
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toHaveCount(0);
  await expect(page).toHaveTitle('Admin - Sign in');
});

test("a staff member who signs in on the shop's sign-in page is taken to the admin, whose routes load on the way", async ({ page }) => {
  // The admin's route table is not in the storefront's first script: the move into the admin fetches it.
  await page.goto('/login-register');
  const signIn = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in' }) });
  await signIn.getByLabel('Email').fill(adminEmail);
  await signIn.getByLabel('Password').fill(adminPassword);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveTitle('Admin - Orders');
});

test('a shopper registers, checks out with the details prefilled, follows the order in my-account while the admin confirms and ships it', async ({
  page,
  request,
  browser,
  adminState,
}) => {
  // A whole story with two browsers (shopper and admin): it runs near the default 45 s on a busy machine.
  test.slow();
  const product = await simpleProduct(request, 2);
  const email = `shopper-${Date.now()}@example.com`;

  // Register: the account is made when the link e-mailed to the address is opened.
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
  await expect(page.getByRole('heading', { name: 'Check your e-mail to finish' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
  await page.goto(linkIn(await mailTo(request, email, /\/verify-email\?token=/), '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Welcome to Nasma, Salma.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my account' }).click();
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
  const admin = await newAdminPage(browser, adminState);
  await admin.page.goto('/admin/orders');
  await expect(admin.page).toHaveTitle('Admin - Orders');
  await admin.page.getByRole('searchbox').fill(number);
  await admin.page.getByRole('link', { name: number }).click();
  await expect(admin.page.getByRole('heading', { level: 1 })).toContainText(number);
  await admin.page.getByRole('button', { name: 'Confirm order' }).click();
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

test('a shopper who forgot the password gets a link by e-mail, sets a new one, and every old session ends; the link works once', async ({
  page,
  request,
  browser,
}) => {
  const email = `forgetful-${Date.now()}@example.com`;
  const made = await request.post('/api/auth/register', { data: { name: 'Mona Adel', email, password: 'jasmine-garden-42' } });
  expect(made.status()).toBe(202);
  const verified = await request.post('/api/auth/register/verify', {
    data: { token: new URL(linkIn(await mailTo(request, email, /\/verify-email\?token=/), '/verify-email'), 'http://x').searchParams.get('token') },
  });
  expect(verified.status()).toBe(201);

  // Another browser stays signed in with the old password.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signedIn = await otherPage.request.post('/api/auth/login', { data: { email, password: 'jasmine-garden-42' } });
  expect(signedIn.status()).toBe(200);

  await page.goto('/login-register');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page is lazy: wait for it, not for the URL, before typing (the sign-in page has two Email fields).
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(`If an account uses ${email}`)).toBeVisible();

  const link = linkIn(await mailTo(request, email, /\/reset-password\?token=/), '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('cedar-and-amber-2026');
  await page.getByLabel('New password again').fill('cedar-and-amber-2027');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await page.getByLabel('New password again').fill('cedar-and-amber-2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { name: 'Hello, Mona' })).toBeVisible();

  // The other browser's session ended; the old password no longer works, the new one does.
  expect((await (await otherPage.request.get('/api/auth/me')).json()).user).toBeNull();
  await other.close();
  expect((await request.post('/api/auth/login', { data: { email, password: 'jasmine-garden-42' } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password: 'cedar-and-amber-2026' } })).status()).toBe(200);

  // The link is refused the second time (the refusal is a 400 the browser logs).
  allowConsoleErrors(/status of 400 \(Bad Request\) \(at [^)]*\/api\/auth\/password-reset\/confirm\)/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another-garden-2028');
  await page.getByLabel('New password again').fill('another-garden-2028');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('This link was used already or has expired. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
