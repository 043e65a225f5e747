import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '../../src/shared/schemas/checkout';
import type { AdminPromotionInput } from '../../src/shared/schemas/promotion';
import type { ProductSummary } from '../../src/shared/schemas/product';
import { testPromotion } from '../../src/shared/domain/test-products';
import { formatPiastres } from '../../src/shared/domain/currency';
import { allowConsoleErrors, catalogue, expect, mailTo, test, workerShare, type StorageState } from './fixtures';
import { fill } from '../../src/shared/i18n/translator';

/**
 * Promotions as a shopper meets them (issue 30): a code applied in the cart with its saving, the
 * order placed with it and the saving on the order, in the e-mail and in the admin; an expired
 * code's message; an automatic free-delivery offer appearing once the subtotal passes its
 * threshold; the cart in Arabic. Each test makes its own promotions through the admin API (the
 * admin's form is admin-promotions.spec.ts) with codes of its own.
 */

const offer = (over: Partial<AdminPromotionInput>) => testPromotion({ names: { en: 'Shopper test offer', ar: 'عرض تجريبي' }, ...over });

/** A promotion made as the merchant's form would, through the admin API; answers its id. */
async function createPromotion(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  admin: StorageState,
  input: AdminPromotionInput,
) {
  const api = await playwright.request.newContext({ baseURL, storageState: admin });
  const res = await api.post('/api/admin/promotions', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return {
    id,
    pause: async () => {
      expect((await api.patch(`/api/admin/promotions/${id}`, { data: { paused: true } })).ok()).toBe(true);
      await api.dispose();
    },
  };
}

/** A product of this worker's share at full price (so every offer covers it), with stock to spare. */
async function fullPriceProduct(request: APIRequestContext, stock = 5): Promise<ProductSummary> {
  const found = workerShare(await catalogue(request), (p) => p.variants.length === 0 && p.discount === 0 && p.stock >= stock);
  if (!found[0]) throw new Error('No full-price product with stock in this worker’s share');
  return found[0];
}

async function addToCart(page: Page, product: ProductSummary) {
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

const unique = (stem: string) => `${stem}${test.info().parallelIndex}${Date.now().toString(36).toUpperCase()}`.slice(0, 32);

test('a shopper applies a code in the cart, sees the saving, and the order, the e-mail and the admin show it', async ({
  page,
  request,
  playwright,
  adminState,
  baseURL,
  browser,
}) => {
  const code = unique('WF');
  const promo = await createPromotion(playwright, baseURL!, adminState, offer({ code, kind: 'percent', value: 20 }));
  const product = await fullPriceProduct(request);
  await addToCart(page, product);

  await page.goto('/cart');
  await page.locator('[data-coupon-live]').waitFor();
  // Typed in lower case with Arabic-Indic digits: codes are compared as the shop stores them.
  await page.getByLabel('Coupon code').fill(code.toLowerCase().replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!));
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const saving = Math.round(product.price * 0.2);
  await expect(page.getByTestId('coupon-applied')).toContainText(code);
  await expect(page.getByTestId('coupon-applied')).toContainText('Applied: you save');
  await expect(page.getByTestId('promotion-line')).toContainText(`Discount: ${code}`);
  const subtotal = Number((await page.getByTestId('cart-subtotal').textContent())!.replace(/[^\d.]/g, ''));
  expect(subtotal * 100).toBeCloseTo(product.price, 0);

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('promotion-line')).toContainText(code);
  const email = `promo-${Date.now()}@example.com`;
  await page.getByLabel('Full name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Phone', { exact: true }).fill(`0100777${String(Date.now() % 10000).padStart(4, '0')}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Governorate', { exact: true }).selectOption('CAI');
  await page.getByLabel('City', { exact: true }).fill('Nasr City');
  await page.getByLabel('Address', { exact: true }).fill('12 Abbas El Akkad, flat 4');
  await expect(page.getByTestId('checkout-shipping')).not.toHaveText('Choose a governorate');
  const shownTotal = Number(await page.getByTestId('checkout-total').getAttribute('data-piastres'));
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/checkout-success$/);
  await expect(page.getByTestId('order-promotion')).toContainText(code);
  const number = (await page.getByTestId('order-number').textContent())!;
  const href = (await page.getByTestId('order-link').getAttribute('href'))!;
  const token = new URL(href, 'http://x').searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as Order;
  expect(order).toMatchObject({ discount: saving, total: shownTotal, promotions: [{ code, amount: saving }] });

  // The shopper's e-mail names the saving.
  const mail = await mailTo(request, email, new RegExp(number));
  expect(mail.text).toContain(`Discount (${code})`);

  // The admin's order shows it.
  const admin = await browser.newContext({ storageState: adminState });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/orders?q=${number}`);
  await adminPage.getByRole('link', { name: number }).first().click();
  await expect(adminPage.getByTestId('admin-order-promotion')).toContainText(`Discount (${code})`);
  await admin.close();
  await promo.pause();
});

test('an expired code says so, and the cart is unchanged', async ({ page, request, playwright, adminState, baseURL }) => {
  // The refusals are answers (409, 404), which the browser logs as failed loads.
  allowConsoleErrors(/status of (409|404) .*\/api\/promotions\/code/);
  const code = unique('OLD');
  const promo = await createPromotion(
    playwright,
    baseURL!,
    adminState,
    offer({ code, startsAt: '2025-11-01T00:00:00.000Z', endsAt: '2025-12-01T00:00:00.000Z' }),
  );
  await addToCart(page, await fullPriceProduct(request));
  await page.goto('/cart');
  await page.locator('[data-coupon-live]').waitFor();
  const before = await page.getByTestId('cart-total').textContent();
  await page.getByLabel('Coupon code').fill(code);
  await page.getByLabel('Coupon code').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'This code has expired.' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(before!);
  await page.getByLabel('Coupon code').fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This code does not exist. Check it and try again.' })).toBeVisible();
  await promo.pause();
});

test('an automatic free-delivery offer appears once the subtotal passes its threshold', async ({ page, request, playwright, adminState, baseURL }) => {
  const product = await fullPriceProduct(request, 5);
  // Only this product is covered, so the other tests' carts are untouched while it runs.
  const threshold = product.price * 2;
  const promo = await createPromotion(
    playwright,
    baseURL!,
    adminState,
    offer({
      names: { en: 'Free delivery week', ar: 'أسبوع التوصيل المجاني' },
      kind: 'free_delivery',
      value: 0,
      productIds: [product.id],
      minSubtotal: threshold,
    }),
  );
  await addToCart(page, product);
  await page.goto('/cart');
  await page.getByLabel('Shipping to').selectOption('CAI');
  await expect(page.getByTestId('offer-hint')).toContainText('for Free delivery week');
  await expect(page.getByTestId('cart-shipping')).not.toHaveText('Free');
  await page.getByRole('button', { name: 'Increase quantity' }).first().click();
  await expect(page.getByTestId('offer-hint')).toHaveCount(0);
  await expect(page.getByTestId('cart-shipping')).toHaveText('Free');
  await promo.pause();
});

test('an automatic offer on a product shows its badge and price after it in the Sale listing and on the product, in English and Arabic', async ({
  page,
  request,
  playwright,
  adminState,
  baseURL,
}) => {
  const product = await fullPriceProduct(request, 1);
  // Only this worker's product is named, so other tests' listings and carts are untouched.
  const promo = await createPromotion(
    playwright,
    baseURL!,
    adminState,
    offer({ names: { en: 'Eid scents', ar: 'عطور العيد' }, value: 15, productIds: [product.id] }),
  );
  const after = product.price - Math.round((product.price * 15) / 100);
  const egp = (piastres: number) => formatPiastres(piastres, 'en');

  await page.goto(`/shop-grid-standard?sale=1&q=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await expect(card.getByText('Eid scents', { exact: true })).toBeVisible();
  await expect(card.getByText(egp(after), { exact: true })).toBeVisible();
  await expect(card.locator('del')).toHaveText(egp(product.price));

  await page.goto(`/product/${product.id}`);
  await expect(page.getByText('Eid scents', { exact: true })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(egp(after));

  await page.goto(`/shop-grid-standard?sale=1&lng=ar&q=${encodeURIComponent(product.name)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('product-card').first().getByText('عطور العيد', { exact: true })).toBeVisible();

  // Paused, the badge goes and Sale no longer lists it.
  await promo.pause();
  await page.goto(`/shop-grid-standard?sale=1&q=${encodeURIComponent(product.name)}`);
  await expect(page.getByText('Eid scents', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('product-card').filter({ hasText: product.name })).toHaveCount(0);
});

test('in Arabic, a code applied in the cart shows its saving, and the order, its Arabic e-mail and the admin show it', async ({
  page,
  request,
  playwright,
  adminState,
  baseURL,
  browser,
}) => {
  const code = unique('EID');
  const promo = await createPromotion(playwright, baseURL!, adminState, offer({ code, kind: 'amount', value: 5000 }));
  const product = await fullPriceProduct(request);
  await page.goto(`/product/${product.id}?lng=ar`);
  await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click();
  await page.goto('/cart?lng=ar');
  await page.locator('[data-coupon-live]').waitFor();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('كود الخصم').fill(code);
  await page.getByRole('button', { name: 'تطبيق', exact: true }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText('تم التطبيق');
  await expect(page.getByTestId('promotion-line')).toContainText(fill('خصم: {{name}}', { name: code }, 'ar'));

  await page.goto('/checkout?lng=ar');
  await expect(page.getByTestId('promotion-line')).toContainText(code);
  const email = `promo-ar-${Date.now()}@example.com`;
  await page.getByLabel('الاسم بالكامل', { exact: true }).fill('منى عادل');
  await page.getByLabel('رقم الهاتف', { exact: true }).fill(`0100888${String(Date.now() % 10000).padStart(4, '0')}`);
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
  await page.getByLabel('المحافظة', { exact: true }).selectOption('GIZ');
  await page.getByLabel('المدينة', { exact: true }).fill('الدقي');
  await page.getByLabel('العنوان', { exact: true }).fill('١٢ شارع التحرير، شقة ٤');
  const shownTotal = Number(await page.getByTestId('checkout-total').getAttribute('data-piastres'));
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();

  await expect(page).toHaveURL(/\/checkout-success/);
  await expect(page.getByTestId('order-promotion')).toContainText(code);
  const number = (await page.getByTestId('order-number').textContent())!;
  const href = (await page.getByTestId('order-link').getAttribute('href'))!;
  const token = new URL(href, 'http://x').searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as Order;
  expect(order).toMatchObject({ discount: 5000, total: shownTotal, promotions: [{ code, amount: 5000 }] });
  const mail = await mailTo(request, email, new RegExp(number));
  expect(mail.text).toContain(fill('خصم ({{name}})', { name: code }, 'ar'));

  const admin = await browser.newContext({ storageState: adminState });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/orders?q=${number}&lng=ar`);
  await adminPage.getByRole('link', { name: number }).first().click();
  await expect(adminPage.getByTestId('admin-order-promotion')).toContainText(fill('خصم ({{name}})', { name: code }, 'ar'));
  await admin.close();
  await promo.pause();
});
