import type { Page } from '@playwright/test';
import type { Product } from '../../src/shared/schemas/product';
import type { Order } from '../../src/shared/schemas/checkout';
import { allowConsoleErrors, catalogue, expect, simpleProduct, test } from './fixtures';

/** A shopper's details; each test its own phone number, as the shop takes only a few orders per number in ten minutes. */
async function fillCheckout(page: Page, phone = '+20 100 555 0199') {
  await page.getByLabel('Full name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Email', { exact: true }).fill('mona@example.com');
  await page.getByLabel('Governorate', { exact: true }).selectOption('ALX');
  await page.getByLabel('City', { exact: true }).fill('Smouha');
  await page.getByLabel('Address', { exact: true }).fill('12 Victor Emmanuel Square, flat 4');
}

test('a guest buys a candle in a chosen colour and size, and the server prices and stores it', async ({ page, request }) => {
  // The candle sold in two sizes, from the real catalogue.
  const candles = await catalogue(request, 'category=scented-candles&pageSize=100');
  const pick = candles.find((p) => p.variants.filter((v) => v.stock >= 2).length >= 2 && p.variants.some((v) => v.size))!;
  const variant = pick.variants.find((v) => v.stock >= 2 && v.size !== pick.variants[0]!.size) ?? pick.variants.find((v) => v.stock >= 2)!;

  await page.goto('/shop-grid-standard');
  await page
    .getByRole('button', { name: /^Scented Candles/ })
    .first()
    .click();
  await expect(page).toHaveURL(/category=scented-candles/);
  await expect(page.getByTestId('listing-count')).toContainText(`of ${candles.length}`);
  await page.getByRole('link', { name: pick.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick.name);

  if (variant.color) await page.getByRole('radio', { name: new RegExp(`^${variant.color}$`, 'i') }).check({ force: true });
  if (variant.size) await page.locator(`input[name="size"][value="${variant.size}"]`).check({ force: true });
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('Added To Cart').first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillCheckout(page);
  // What the summary quoted from the browser's copy, once delivery to the chosen governorate is in.
  await expect(page.getByTestId('checkout-shipping')).not.toHaveText('Choose a governorate');
  const shownTotal = Number(await page.getByTestId('checkout-total').getAttribute('data-piastres'));
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/checkout-success$/);
  const number = (await page.getByTestId('order-number').textContent())!;
  expect(number).toMatch(/^NSM-\d+$/);
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  // The order as the server stored it: prices from the database, not from the browser.
  const href = (await page.getByTestId('order-link').getAttribute('href'))!;
  const token = new URL(href, 'http://x').searchParams.get('token')!;
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(token)}`)).json()) as Order;
  const unitList = variant.price ?? pick.price;
  const unitPaid = pick.discount > 0 ? Math.round(unitList - (unitList * pick.discount) / 100) : unitList;
  expect(order.lines).toMatchObject([{ productId: pick.id, color: variant.color, size: variant.size, quantity: 2, unitPaid, lineTotal: unitPaid * 2 }]);
  expect(order.total).toBe(order.subtotal + order.shippingFee);
  // The shopper is charged what the checkout summary showed.
  expect(order.total).toBe(shownTotal);
  expect(order.status).toBe('pending');
  expect(order.phone).toBe('01005550199');

  const after = (await (await request.get(`/api/products/${pick.id}`)).json()) as Product;
  expect(after.variants.find((v) => v.id === variant.id)!.stock).toBe(variant.stock - 2);

  // The private link shows the order.
  await page.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  await expect(page.getByTestId('order-status')).toHaveText('Received, awaiting confirmation');
});

test('a double click on Place order makes one order', async ({ page, request }) => {
  const product = await simpleProduct(request, 3);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/checkout');
  await fillCheckout(page, '+20 100 555 0198');
  const before = ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).stock;
  await page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page).toHaveURL(/\/checkout-success$/);
  await page.waitForTimeout(500);
  const after = ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).stock;
  expect(after).toBe(before - 1);
});

test('checkout errors show beside the fields and keep what was typed', async ({ page, request }) => {
  const product = await simpleProduct(request, 1);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/checkout');
  await page.getByLabel('Full name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Phone', { exact: true }).fill('0123');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('error-phone')).toContainText('Egyptian mobile');
  await expect(page.getByTestId('error-governorate')).toHaveText('Choose your governorate.');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Mona Adel');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('when another shopper takes the stock first, checkout names the line and lowers the cart to what is left', async ({ page, request }) => {
  // The last simple product of this worker's share: other tests take the first ones, and this one ends sold out.
  const product = await simpleProduct(request, 4, { untouched: true });
  const fresh = async () => ((await (await request.get(`/api/products/${product.id}`)).json()) as Product).stock;
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Someone else buys all but one unit.
  const stock = await fresh();
  const other = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': `other-${Date.now()}`, Origin: new URL(page.url()).origin },
    data: {
      fullName: 'Ali Hassan',
      phone: '01225550100',
      governorate: 'GIZ',
      city: 'Dokki',
      address: '5 Tahrir Street, flat 2',
      paymentMethod: 'cod',
      lines: [{ productId: product.id, quantity: stock - 1 }],
    },
  });
  expect(other.status()).toBe(201);

  await page.goto('/checkout');
  await fillCheckout(page, '+20 100 555 0197');
  // The server refuses the order with 409 (not enough stock), which the browser logs; the page handles it.
  allowConsoleErrors(/status of 409 \(Conflict\) \(at \S*\/api\/orders\)$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('checkout-alert')).toContainText(`${product.name}: only 1 left`);
  await expect(page.getByTestId('summary-line')).toContainText('1 ×');
  expect(await fresh()).toBe(1);
  // The adjusted cart goes through.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout-success$/);
  expect(await fresh()).toBe(0);
});
