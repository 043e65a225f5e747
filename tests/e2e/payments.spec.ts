import type { APIRequestContext, Page } from '@playwright/test';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import arMail from '../../public/locales/ar/mail.json' with { type: 'json' };
import enMail from '../../public/locales/en/mail.json' with { type: 'json' };
import type { Order } from '../../src/shared/schemas/checkout';
import { testPhone } from '../../src/shared/domain/test-products';
import { encodeLines } from '../../src/shared/domain/cart-cookie';
import { paymobUrl } from '../../playwright.config';
import { expect, mailTo, simpleProduct, test } from './fixtures';
import { fill } from '../../src/shared/i18n/translator';

/**
 * Paying online (issue 29) as a shopper does it, in English and in Arabic: the checkout sends the
 * browser to Paymob's Unified Checkout (the local Paymob, tests/local-paymob, which speaks
 * Paymob's contract and signs its callbacks), the shopper presses Pay or Decline there, and comes
 * back to the order's page. Only Paymob's signed callback marks an order paid.
 */
const texts = { en, ar } as const;
const mails = { en: enMail, ar: arMail } as const;
type Lng = keyof typeof texts;

let phones = 0;

// A purchase story through two sites (the shop and Paymob's page), as purchase.spec's are: more than a page's time.
test.describe.configure({ timeout: 90_000 });

/** A product in the cart, the checkout filled in `lng`, and `method` chosen. */
async function checkoutWith(page: Page, request: APIRequestContext, lng: Lng, method: 'card' | 'wallet', email: string) {
  const t = texts[lng];
  const product = await simpleProduct(request, 2);
  await page.context().addCookies([{ name: 'i18next', value: lng, url: test.info().project.use.baseURL! }]);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  await page.goto('/checkout');
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await page.locator('input[name="fullName"]').fill('Salma Hassan');
  const phone = testPhone(7000 + (phones += 1) + test.info().workerIndex * 100);
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('select[name="governorate"]').selectOption('CAI');
  await page.locator('input[name="city"]').fill('Nasr City');
  await page.locator('input[name="address"], textarea[name="address"]').first().fill('14 Abbas El Akkad Street, flat 9');
  await page.getByRole('radio', { name: new RegExp(`^${t.checkout[method]}`) }).check();
  await page.getByRole('button', { name: t.checkout.toPayment }).click();
  // Paymob's page (the local one), with the order's amount.
  await expect(page).toHaveURL(new RegExp(`^${paymobUrl}/unifiedcheckout/`));
  return phone;
}

/** The order the page shows, read through the API with the token of its link. */
async function orderOnPage(page: Page, request: APIRequestContext): Promise<Order> {
  const url = new URL(page.url());
  const number = decodeURIComponent(url.pathname.split('/').pop()!);
  return (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(url.searchParams.get('token')!)}`)).json()) as Order;
}

for (const lng of ['en', 'ar'] as const) {
  const t = texts[lng];

  test(`${lng}: pay by card on Paymob's page, come back to "Payment received", and get the e-mail`, async ({ page, request }) => {
    const email = `card-${lng}-${Date.now()}@example.com`;
    await checkoutWith(page, request, lng, 'card', email);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
    await expect(page.getByText(t.orderPayment.paid, { exact: true })).toBeVisible();
    const order = await orderOnPage(page, request);
    expect(order).toMatchObject({ status: 'confirmed', paymentMethod: 'card', payment: { state: 'paid' } });
    const mail = await mailTo(request, email, new RegExp(fill(mails[lng].paymentReceived.subject, { number: order.number }, lng)));
    expect(mail.text).toContain(order.number);
  });

  test(`${lng}: a declined card, then cash on delivery instead`, async ({ page, request }) => {
    const email = `decline-${lng}-${Date.now()}@example.com`;
    await checkoutWith(page, request, lng, 'card', email);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
    // Paymob's redirect is not a page.goto: wait, as a shopper does, for the page to be live before pressing its buttons.
    await page.waitForSelector('html[data-live]', { state: 'attached' });
    await expect(page.getByText(t.orderPayment.failed, { exact: true })).toBeVisible();
    expect((await orderOnPage(page, request)).payment.state).toBe('payment_failed');
    await page.getByRole('button', { name: t.orderPayment.payCod }).click();
    await expect(page.getByText(t.orderPayment.switchedToCod)).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(t.orderStatus.pending);
    expect(await orderOnPage(page, request)).toMatchObject({ status: 'pending', paymentMethod: 'cod', payment: { state: 'cod' } });
  });
}

test('a return from the payment page with a forged success=true marks nothing paid', async ({ page, request }) => {
  const email = `forged-${Date.now()}@example.com`;
  const phone = await checkoutWith(page, request, 'en', 'card', email);
  // The shopper leaves Paymob's page without paying, and someone forges the way back.
  const intention = (await (await request.get(`${paymobUrl}/__control/intentions`)).json()) as Array<{ specialReference: string; orderId: number }>;
  const mine = intention.at(-1)!;
  await page.goto(
    `/payments/paymob/return?id=1&pending=false&success=true&amount_cents=100&order=${mine.orderId}&merchant_order_id=${mine.specialReference}&hmac=${'ab'.repeat(64)}`,
  );
  await expect(page).toHaveURL(/\/track\?payment=unverified$/);
  await expect(page.getByText(en.track.unverified)).toBeVisible();
  await expect(page.getByText(en.orderPayment.paid, { exact: true })).toHaveCount(0);
  // The order, as order tracking shows it to its shopper: still waiting for its payment.
  const number = mine.specialReference.replace(/-[0-9a-f]+$/, '');
  const tracked = await request.post('/api/orders/track', { data: { number, phone } });
  expect(((await tracked.json()) as { status: string }).status).toBe('awaiting_payment');
});

test('with scripts blocked, choosing a card sends the form on to Paymob\u2019s page, as the scripted checkout does', async ({ browser, request }, testInfo) => {
  const product = await simpleProduct(request, 2);
  const base = testInfo.project.use.baseURL!;
  const noScripts = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
  const value = encodeLines([{ productId: product.id, quantity: 1 }]);
  await noScripts.addCookies(['/cart', '/checkout'].map((path) => ({ name: 'cart', value, domain: new URL(base).hostname, path })));
  const page = await noScripts.newPage();
  await page.goto('/checkout');
  await page.getByLabel('Full name', { exact: true }).fill('Salma Fathy');
  await page.getByLabel('Phone', { exact: true }).fill(testPhone(7500 + testInfo.workerIndex));
  await page.getByLabel('Email', { exact: true }).fill(`noscript-${Date.now()}@example.com`);
  await page.getByLabel('Governorate', { exact: true }).selectOption('ALX');
  await page.getByLabel('City', { exact: true }).fill('Smouha');
  await page.getByLabel('Address', { exact: true }).fill('12 Victor Emmanuel Square, flat 4');
  await page.locator('input[name="paymentMethod"][value="card"]').check();
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  await expect(page).toHaveURL(new RegExp(`^${paymobUrl}/unifiedcheckout/`));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
  await expect(page.getByText(en.orderPayment.paid, { exact: true })).toBeVisible();
  await noScripts.close();
});
