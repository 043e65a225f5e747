import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import { formatMoney } from '../../src/shared/domain/currency';
import { unitPrice } from '../../src/shared/domain/pricing';
import type { Order } from '../../src/shared/schemas/checkout';
import type { PublicSettings } from '../../src/shared/schemas/settings';
import { adminEmail, adminPassword } from '../../playwright.config';
import { expect, simpleProduct, test } from './fixtures';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> => {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
};

/**
 * English texts of our translation files that must not show on an Arabic page: every value (or
 * the fixed part of one around its `{{placeholders}}`) of at least two letters that the Arabic
 * file does not keep as it is (the brand, WhatsApp).
 */
const englishTexts = (() => {
  const dir = path.resolve('public/locales');
  const texts = new Set<string>();
  for (const file of fs.readdirSync(path.join(dir, 'en'))) {
    const en = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'en', file), 'utf8')) as Tree);
    const arabic = flatten(JSON.parse(fs.readFileSync(path.join(dir, 'ar', file), 'utf8')) as Tree);
    for (const [key, value] of Object.entries(en)) {
      if (arabic[key] === value) continue;
      for (const part of value.split(/\{\{[^}]*\}\}/)) {
        const text = part.trim();
        // Short fragments such as "of" or "×" would match product data; whole words of 2+ letters
        // that stand alone as a value are still checked.
        if ((part === value && /[A-Za-z]{2}/.test(text)) || text.length >= 8) texts.add(text);
      }
    }
  }
  return [...texts];
})();

/**
 * Visible text and readable attributes of the page that repeat an English text of our files.
 * Text inside an element marked with another language (a product name entered only in English,
 * shown with lang="en") and the merchant's own settings are data, not our files.
 */
async function englishOnPage(page: Page, merchantTexts: string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const out: string[] = [];
    const foreign = (el: Element | null) => Boolean(el?.closest('[lang]:not([lang="ar"]):not(html)'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim() ?? '';
      if (!el || !text || el.closest('script,style,noscript,option') || foreign(el)) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')) {
      if (foreign(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
  const found = new Set<string>();
  for (const text of shown) {
    if (merchantTexts.includes(text)) continue;
    for (const english of englishTexts)
      if (text === english || (english.length >= 8 && text.includes(english))) found.add(`${english}  <-  ${text.slice(0, 80)}`);
  }
  return [...found];
}

async function settings(page: Page): Promise<PublicSettings> {
  return (await (await page.request.get('/api/settings')).json()) as PublicSettings;
}

async function expectArabic(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.waitForLoadState('networkidle');
  const s = await settings(page);
  expect(await englishOnPage(page, [s.shopName, s.address, s.email, s.phone, s.whatsapp])).toEqual([]);
}

async function addToCart(page: Page, productId: number, label: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

async function signInAsAdmin(page: Page) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword }, headers: { origin } });
  expect(res.ok()).toBe(true);
}

test('in Arabic, the home, listing, product, cart and checkout pages read right to left with no English from our files', async ({ page, request }) => {
  const product = await simpleProduct(request, 2);
  await page.goto('/?lng=ar');
  await expectArabic(page);
  await page.goto('/shop-grid-standard');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expectArabic(page);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectArabic(page);
  await page.getByRole('button', { name: ar.product.addToCart, exact: true }).click();
  await expect(page.getByText(ar.toast.addedToCart).first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expectArabic(page);
  await page.goto('/checkout');
  await page.getByRole('button', { name: ar.checkout.placeOrder }).click();
  // The validation messages are Arabic too.
  await expect(page.getByText(ar.validation.required).first()).toBeVisible();
  await expectArabic(page);
});

test('in Arabic, the admin orders list and product form read right to left with no English from our files', async ({ page }) => {
  await page.goto('/admin?lng=ar');
  await signInAsAdmin(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectArabic(page);
  await page.goto('/admin/products/add');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectArabic(page);
});

test('in Arabic, the off-canvas menu slides in from the right @phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout');
  await page.goto('/?lng=ar');
  await page.getByRole('button', { name: ar.nav.openMenu }).click();
  const panel = page.getByTestId('mobile-menu');
  await expect(panel.getByRole('link', { name: ar.nav.products })).toBeVisible();
  // Once the slide has finished, the panel hugs the right edge and leaves the left side free.
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? Math.round(box.x + box.width) : -1;
    })
    .toBe(page.viewportSize()!.width);
  expect((await panel.boundingBox())!.x).toBeGreaterThan(20);
});

test('a shopper buys in Arabic from product to order page', async ({ page, request }) => {
  const product = await simpleProduct(request, 2);
  await page.goto('/?lng=ar');
  await addToCart(page, product.id, ar.product.addToCart);
  await page.goto('/cart');
  await page.getByRole('link', { name: ar.cart.checkout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel(ar.checkout.fullName, { exact: true }).fill('منى عادل');
  // A phone typed with Arabic-Indic digits is read as the same number.
  await page.getByLabel(ar.checkout.phone, { exact: true }).fill('٠١٠٠٥٥٥٠١٩٩');
  await page.getByLabel(ar.checkout.governorate, { exact: true }).selectOption('ASN');
  await expect(page.getByLabel(ar.checkout.governorate, { exact: true }).locator('option:checked')).toContainText('أسوان');
  await page.getByLabel(ar.checkout.city, { exact: true }).fill('أسوان');
  await page.getByLabel(ar.checkout.address, { exact: true }).fill('شارع الكورنيش، عمارة 5، شقة 2');
  await page.getByRole('button', { name: ar.checkout.placeOrder }).click();

  await expect(page).toHaveURL(/\/checkout-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.success.title);
  const number = (await page.getByTestId('order-number').textContent())!;
  await page.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  await expect(page.getByTestId('order-status')).toHaveText(ar.orderStatus.pending);
  await expectArabic(page);
  // However it was typed, the number reads in one international form, left to right.
  await expect(page.getByText('+20 100 555 0199', { exact: true })).toBeVisible();
  const token = new URL(page.url()).searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as Order;
  expect(order).toMatchObject({ phone: '01005550199', governorate: 'ASN', status: 'pending' });
});

test('switching to US dollars converts the shown prices at the admin rate while the order is stored in EGP', async ({ page, request }) => {
  const product = await simpleProduct(request, 2);
  const { currencyRates } = await settings(page);
  expect(currencyRates.USD).toBeGreaterThan(0);
  await page.goto(`/product/${product.id}`);
  const price = page.getByTestId('product-price');
  await expect(price).toContainText(formatMoney(unitPrice(product, null, null), { currencyName: 'EGP', currencySymbol: 'EGP ', currencyRate: 1 }, 'en'));
  await page.getByLabel('Currency').first().selectOption('USD');
  const usd = { currencyName: 'USD' as const, currencySymbol: '$', currencyRate: currencyRates.USD };
  await expect(price).toContainText(formatMoney(unitPrice(product, null, null), usd, 'en'));

  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/checkout');
  await page.getByLabel('Full name', { exact: true }).fill('Omar Said');
  await page.getByLabel('Phone', { exact: true }).fill('01221234567');
  await page.getByLabel('Governorate', { exact: true }).selectOption('CAI');
  await page.getByLabel('City', { exact: true }).fill('Nasr City');
  await page.getByLabel('Address', { exact: true }).fill('7 Abbas El Akkad Street, flat 9');
  const total = Number(await page.getByTestId('checkout-total').getAttribute('data-piastres'));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatMoney(total, usd, 'en'));
  // Checkout says the order is charged in pounds, and how much.
  const egpTotal = formatMoney(total, { currencyName: 'EGP', currencySymbol: 'EGP ', currencyRate: 1 }, 'en');
  await expect(page.getByTestId('charged-in-egp')).toContainText(egpTotal);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout-success$/);
  const number = (await page.getByTestId('order-number').textContent())!;
  const token = new URL((await page.getByTestId('order-link').getAttribute('href'))!, 'http://x').searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as Order;
  expect(order.total).toBe(total);
  expect(order.lines[0]!.unitPaid).toBe(unitPrice(product, null, null));
  // The confirmation states the amount to pay in EGP.
  await expect(page.getByTestId('order-total')).toHaveText(egpTotal);
});

test('switching the language keeps the page and the cart, and is remembered', async ({ page, request }) => {
  const product = await simpleProduct(request, 2);
  await addToCart(page, product.id, 'Add to cart');
  await page.goto('/cart');
  await page.getByLabel('Language').first().selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.cart.title);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // The chat button greets the shop in the shopper's language.
  await expect(page.getByTestId('chat-button')).toHaveAttribute(
    'href',
    new RegExp(`text=${encodeURIComponent(ar.chat.message).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByLabel(ar.topBar.language).first()).toHaveValue('ar');
});
