import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import type { Product } from '../../src/shared/schemas/product';
import { encodeLines } from '../../src/shared/domain/cart-cookie';
import { testCustomer } from '../../src/shared/domain/test-products';
import { allowConsoleErrors, catalogue, expect, test, workerShare } from './fixtures';

/** Two products without variants in stock, added to the cart the way a shopper does, in a context of their own. */
async function shopperWithTwoProducts(browser: Browser, testInfo: TestInfo, request: Parameters<typeof catalogue>[0]): Promise<BrowserContext> {
  const [first, second] = workerShare(await catalogue(request), (p) => p.variants.length === 0 && p.stock >= 5, 2).slice(-2);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  for (const product of [first!, second!]) {
    await page.goto(`/product/${product.id}`);
    await page.waitForSelector('html[data-live]', { state: 'attached' });
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByText('Added To Cart').first()).toBeVisible();
  }
  await page.close();
  return context;
}

test('the cart and checkout arrive rendered with the shopper\u2019s lines, and hydrate without a warning in English and Arabic', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await shopperWithTwoProducts(browser, testInfo, request);
  await page.context().addCookies((await shopper.storageState()).cookies);
  // What the server sends, before any script: the lines, the form with its labels, governorates and payment.
  const cart = await (await page.request.get('/cart')).text();
  expect(cart.match(/data-testid="cart-line"/g)).toHaveLength(2);
  const checkout = await (await page.request.get('/checkout')).text();
  expect(checkout).toContain('action="/checkout"');
  expect(checkout).toContain(en.checkout.placeOrder);
  expect(checkout).toContain('value="ALX"');
  expect(checkout).toContain(en.checkout.cod);

  // The stored cart in the browser too, so hydration starts from the same lines.
  await page.addInitScript(
    (state) => {
      for (const [key, value] of state) window.localStorage.setItem(key, value);
    },
    (await shopper.storageState()).origins.flatMap((o) => o.localStorage.map((e) => [e.name, e.value] as [string, string])),
  );
  for (const lng of ['en', 'ar'] as const) {
    await page.goto(`/cart?lng=${lng}`);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await page.goto(`/checkout?lng=${lng}`);
    await expect(page.getByRole('button', { name: (lng === 'ar' ? ar : en).checkout.placeOrder })).toBeVisible();
  }
  // The console fixture fails the test on any hydration warning or error.
  await shopper.close();
});

test('with scripts blocked, a shopper places a cash-on-delivery order from /checkout, after the server\u2019s phone error', async ({
  browser,
  request,
}, testInfo) => {
  // The refused form comes back with its status, 400, which the browser notes in its console.
  allowConsoleErrors(/status of 400 \(Bad Request\) \(at http:\/\/[^/]+\/checkout\)/);
  const shopper = await shopperWithTwoProducts(browser, testInfo, request);
  const noScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, storageState: await shopper.storageState() });
  const page = await noScripts.newPage();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.checkout.title);
  await page.getByLabel('Full name', { exact: true }).fill('Salma Fathy');
  await page.getByLabel('Phone', { exact: true }).fill('0100 555');
  await page.getByLabel('Governorate', { exact: true }).selectOption('GIZ');
  await page.getByLabel('City', { exact: true }).fill('Dokki');
  await page.getByLabel('Address', { exact: true }).fill('7 Mesaha Square, flat 2');
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();

  // The server's answer: the error beside the phone, everything typed still there.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('error-phone')).toHaveText(en.validation.phone_invalid);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Salma Fathy');
  await expect(page.getByLabel('Governorate', { exact: true })).toHaveValue('GIZ');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('7 Mesaha Square, flat 2');

  await page.getByLabel('Phone', { exact: true }).fill('0100 555 0177');
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
  const number = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  const token = new URL(page.url()).searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as {
    lines: unknown[];
    phone: string;
    paymentMethod: string;
  };
  expect(order.lines).toHaveLength(2);
  expect(order.phone).toBe('01005550177');
  expect(order.paymentMethod).toBe('cod');
  // The cart the server can see is empty now...
  expect(await (await page.request.get('/cart')).text()).not.toContain('data-testid="cart-line"');

  // ...and the stored one is emptied once scripts run again.
  const withScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: await noScripts.storageState() });
  const later = await withScripts.newPage();
  await later.goto('/cart');
  await later.waitForSelector('html[data-live]', { state: 'attached' });
  await expect(later.getByText(en.cart.emptyTitle)).toBeVisible();
  await Promise.all([shopper.close(), noScripts.close(), withScripts.close()]);
});

test('with scripts blocked, a line another shopper bought meanwhile is named, lowered to what is left, and the order then goes through', async ({
  browser,
  request,
}, testInfo) => {
  // The 409 of the refused form, which the browser notes in its console.
  allowConsoleErrors(/status of 409 \(Conflict\) \(at http:\/\/[^/]+\/checkout\)/);
  // A variant no other test buys: the last variant with stock of the last product sold in variants, of this worker's share.
  const withVariants = workerShare(await catalogue(request), (p) => p.variants.some((v) => v.stock >= 3));
  const product = withVariants.at(-1)!;
  const variant = product.variants.filter((v) => v.stock >= 3).at(-1)!;
  const base = testInfo.project.use.baseURL!;
  const noScripts = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
  // The cart cookie as the shop's own cart writes it (shared/domain/cart-cookie.ts).
  const value = encodeLines([{ productId: product.id, quantity: 2, color: variant.color, size: variant.size }]);
  await noScripts.addCookies(['/cart', '/checkout'].map((path) => ({ name: 'cart', value, domain: new URL(base).hostname, path })));
  const page = await noScripts.newPage();
  await page.goto('/checkout');

  // Someone else buys all but one unit of that variant.
  const stock = ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).variants.find((v) => v.id === variant.id)!.stock;
  const other = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': `other-nojs-${Date.now()}`, Origin: new URL(base).origin },
    data: { ...testCustomer, phone: '01225550101', lines: [{ productId: product.id, color: variant.color, size: variant.size, quantity: stock - 1 }] },
  });
  expect(other.status()).toBe(201);

  await page.getByLabel('Full name', { exact: true }).fill('Salma Fathy');
  await page.getByLabel('Phone', { exact: true }).fill('0100 555 0176');
  await page.getByLabel('Governorate', { exact: true }).selectOption('ALX');
  await page.getByLabel('City', { exact: true }).fill('Smouha');
  await page.getByLabel('Address', { exact: true }).fill('12 Victor Emmanuel Square, flat 4');
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  await expect(page.getByTestId('checkout-alert')).toContainText(`${product.name}: only 1 left`);
  await expect(page.getByTestId('summary-line')).toContainText('1 ×');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Smouha');

  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
  const after = (await (await request.get(`/api/products/${product.id}`)).json()) as Product;
  expect(after.variants.find((v) => v.id === variant.id)!.stock).toBe(0);
  await noScripts.close();
});

test('with scripts blocked, the form keeps the API\u2019s limit per phone number: the sixth order in ten minutes is refused in words', async ({
  browser,
  request,
}, testInfo) => {
  // The refused form comes back with its status, 429, which the browser notes in its console.
  allowConsoleErrors(/status of 429 \(Too Many Requests\) \(at http:\/\/[^/]+\/checkout\)/);
  // A phone number of its own (decision 016's 5 orders in 10 minutes), ordered up to its limit through the API.
  const phone = `0111${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const product = (await catalogue(request)).find((p) => p.variants.length === 0 && p.stock >= 20)!;
  for (let i = 0; i < 5; i++) {
    const placed = await request.post('/api/orders', { data: { ...testCustomer, phone, lines: [{ productId: product.id, quantity: 1 }] } });
    expect(placed.status()).toBe(201);
  }
  const shopper = await shopperWithTwoProducts(browser, testInfo, request);
  const noScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false, storageState: await shopper.storageState() });
  const page = await noScripts.newPage();
  await page.goto('/checkout');
  await page.getByLabel('Full name', { exact: true }).fill('Salma Fathy');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Governorate', { exact: true }).selectOption('GIZ');
  await page.getByLabel('City', { exact: true }).fill('Dokki');
  await page.getByLabel('Address', { exact: true }).fill('7 Mesaha Square, flat 2');
  const answer = page.waitForResponse((r) => r.url().endsWith('/checkout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  expect((await answer).status()).toBe(429);
  expect(Number((await answer).headers()['retry-after'])).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(en.checkout.tooManyOrders)).toBeVisible();
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone);
  // The cart is kept for later: nothing was ordered.
  expect((await (await page.request.get('/cart')).text()).match(/data-testid="cart-line"/g)).toHaveLength(2);
  await Promise.all([shopper.close(), noScripts.close()]);
});
