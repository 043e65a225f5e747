import type { APIRequestContext, Page } from '@playwright/test';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { encodeLines } from '../../src/shared/domain/cart-cookie';
import type { PublicSettings } from '../../src/shared/schemas/settings';
import { allowConsoleErrors, expect, simpleProduct, test } from './fixtures';

/**
 * Refused parcels, phone records and the blocklist (issue 33, decision 042), as a shopper and the
 * merchant meet them: a blocked phone is refused politely at checkout (scripted and script-less,
 * in English and Arabic), and a parcel refused at the door shows on the phone's record.
 */
const texts = { en, ar } as const;

let seq = 0;
/** A mobile number no other test uses. */
const uniqueMobile = () => `0155${String(Date.now() + ++seq * 7919).slice(-7)}`;

/** An admin's API client (cookies and the Origin a state-changing request needs). */
async function adminApi(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string, adminState: object) {
  return playwright.request.newContext({ baseURL, storageState: adminState, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
}

/** The message a blocked shopper reads, in `lng`, with the shop's phone number in it, isolated left to right (in Arabic it otherwise reads "20 100 555 0123+"). */
async function blockedText(request: APIRequestContext, lng: keyof typeof texts) {
  const settings = (await (await request.get('/api/settings')).json()) as PublicSettings;
  return texts[lng].checkout.blocked.replace('{{phone}}', `\u2066${settings.phone}\u2069`);
}

async function fillCheckout(page: Page, phone: string) {
  await page.locator('input[name="fullName"]').fill('Hany Saber');
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('select[name="governorate"]').selectOption('GIZ');
  await page.locator('input[name="city"]').fill('Dokki');
  await page.locator('input[name="address"], textarea[name="address"]').first().fill('3 Mossadak Street, flat 12');
}

for (const lng of ['en', 'ar'] as const) {
  const t = texts[lng];

  test(`${lng}: a blocklisted phone is refused at checkout with a polite message, and no order is made`, async ({ page, request, playwright, baseURL, adminState }) => {
    // The refusal is the API's 403, which the browser logs.
    allowConsoleErrors(/status of 403 .*\/api\/orders/);
    const api = await adminApi(playwright, baseURL!, adminState);
    const phone = uniqueMobile();
    // Blocked in international form; the shopper types the local one.
    expect((await api.post('/api/admin/risk/blocked', { data: { kind: 'phone', value: `+20 ${phone.slice(1)}`, note: 'e2e' } })).ok()).toBe(true);
    const product = await simpleProduct(request, 2);
    const stock = product.stock;
    await page.context().addCookies([{ name: 'i18next', value: lng, url: baseURL! }]);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
    await page.goto('/checkout');
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await fillCheckout(page, phone);
    await page.getByRole('button', { name: t.checkout.placeOrder }).click();
    const alert = page.getByTestId('checkout-alert');
    await expect(alert).toHaveText(await blockedText(request, lng));
    await expect(alert).toBeFocused();
    // Still on the checkout with the cart kept: the shopper can call and read out the order.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('cart-count').first()).toHaveText('1');
    const found = await api.get(`/api/admin/orders?q=${phone}`);
    expect(((await found.json()) as { total: number }).total).toBe(0);
    expect(((await (await request.get(`/api/products/${product.id}`)).json()) as { stock: number }).stock).toBe(stock);
    await api.dispose();
  });

  test(`${lng}: with scripts blocked, the checkout form refuses a blocklisted e-mail with the same message`, async ({ browser, request, playwright, baseURL, adminState }) => {
    // The refused form's page comes back with the refusal's status, 403, which the browser logs.
    allowConsoleErrors(/status of 403 .*\/checkout/);
    const api = await adminApi(playwright, baseURL!, adminState);
    const email = `blocked-${lng}-${Date.now()}@example.com`;
    expect((await api.post('/api/admin/risk/blocked', { data: { kind: 'email', value: email.toUpperCase() } })).ok()).toBe(true);
    const product = await simpleProduct(request, 2);
    const noScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const value = encodeLines([{ productId: product.id, quantity: 1 }]);
    const host = new URL(baseURL!).hostname;
    await noScripts.addCookies([
      ...['/cart', '/checkout'].map((path) => ({ name: 'cart', value, domain: host, path })),
      { name: 'i18next', value: lng, domain: host, path: '/' },
    ]);
    const page = await noScripts.newPage();
    // A page the server could not render in time goes out as the bare shell (plugins/static.ts),
    // empty without scripts: a server just started may answer so while its renderer warms up.
    await expect(async () => {
      await page.goto('/checkout');
      await expect(page.locator('input[name="fullName"]')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await fillCheckout(page, uniqueMobile());
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: t.checkout.placeOrder }).click();
    await expect(page.getByTestId('checkout-alert')).toHaveText(await blockedText(request, lng));
    await noScripts.close();
    await api.dispose();
  });
}

test('the admin records a parcel refused at the door with the courier’s reason, and the phone’s record shows it @phone', async ({
  page,
  context,
  request,
  adminState,
}) => {
  const product = await simpleProduct(request, 2);
  const phone = uniqueMobile();
  const res = await request.post('/api/orders', {
    headers: { 'idempotency-key': `risk-e2e-${Date.now()}-${++seq}` },
    data: { fullName: 'Karim Fathy', phone, governorate: 'CAI', city: 'Maadi', address: '9 Road 233, Degla', paymentMethod: 'cod', lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const number = ((await res.json()) as { order: { number: string } }).order.number;
  await context.addCookies(adminState.cookies);
  const found = await page.request.get(`/api/admin/orders?q=${number}`);
  const id = ((await found.json()) as { items: Array<{ id: number }> }).items[0]!.id;

  await page.goto(`/admin/orders/${id}`);
  const record = page.getByTestId('phone-record');
  await expect(record).toHaveAttribute('data-tone', 'new');
  await expect(record).toContainText('1 order · 0 delivered · 0 refused');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  await page.getByRole('button', { name: 'Refused at the door' }).click();
  await page.getByLabel("Courier's reason").selectOption('not_reachable');
  await page.getByRole('button', { name: 'Record: Refused at the door' }).click();
  await expect(page.getByText('Courier: Customer not reachable')).toBeVisible();
  await expect(record).toHaveAttribute('data-tone', 'risky');
  await expect(record).toContainText('1 order · 0 delivered · 1 refused');

  // The list's row says the same, red, for the next order from this phone.
  await page.goto(`/admin/orders?q=${phone}`);
  const badge = page.getByTestId('phone-record').first();
  await expect(badge).toContainText('1 order · 0 delivered · 1 refused');
  await expect(badge).toHaveAttribute('data-tone', 'risky');
});
