import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { clusterAdmin, clusterPorts } from '../../playwright.cluster.config';
import { allowConsoleErrors, expect, simpleProduct, test } from '../e2e/fixtures';
import { testCustomer } from '../../src/shared/domain/test-products';

/**
 * nginx (deploy/nginx.conf) in front of two shop processes, A and B, over one PostgreSQL schema
 * and one Redis. The browser talks to nginx; where a step must go through one process in
 * particular it talks to that process's own port (cookies belong to the host, not the port, so
 * one sign-in serves all three addresses).
 */
const A = `http://127.0.0.1:${clusterPorts.a}`;
const B = `http://127.0.0.1:${clusterPorts.b}`;
const nginx = `http://127.0.0.1:${clusterPorts.nginx}`;

async function adminSignIn(page: Page, origin: string) {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email').fill(clusterAdmin.email);
  await page.getByLabel('Password').fill(clusterAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
}

/** Whether every picture of the page's main product gallery has loaded (a broken one has no width). */
async function pictureLoaded(page: Page, src: string) {
  const image = page.locator(`img[src*="${src}"]`).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('an admin signed in through one process acts as admin through the other', async ({ page }) => {
  await adminSignIn(page, A);
  await page.goto(`${B}/admin/orders`);
  await expect(page).toHaveURL(`${B}/admin/orders`);
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  await expect(page).toHaveTitle('Admin - Orders');
  // And through nginx, whichever process answers.
  for (let i = 0; i < 4; i++) {
    const me = await page.request.get(`${nginx}/api/auth/me`);
    expect((await me.json()) as { user: { role: string } | null }).toMatchObject({ user: { role: 'owner' } });
  }
});

test('a picture uploaded through one process is saved with a product through the other and shows from both', async ({ page, request }) => {
  await adminSignIn(page, B);
  const product = await simpleProduct(request, 1);
  await page.goto(`${B}/admin/products/edit/${product.id}`);
  // The page is B's; its upload goes to A (as a balancer might send it), the save to B.
  await page.route('**/api/admin/uploads**', async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(B, A), headers: { ...route.request().headers(), origin: A } });
    await route.fulfill({ response });
  });
  const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 122, g: 63, b: 18 } } })
    .png()
    .toBuffer();
  const uploaded = page.waitForResponse((res) => res.url().includes('/api/admin/uploads') && res.status() === 201);
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'amber.png', mimeType: 'image/png', buffer: picture });
  const { image } = (await (await uploaded).json()) as { image: { base: string } };
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`“${product.name}” was saved`)).toBeVisible();

  for (const origin of [A, B, nginx]) {
    await page.goto(`${origin}/product/${product.id}`);
    await pictureLoaded(page, image.base);
  }
  // Pictures are immutable, so nginx keeps them: the second request is answered from its cache.
  const first = await request.get(`${nginx}${image.base}-400.webp`);
  expect(first.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const second = await request.get(`${nginx}${image.base}-400.webp`);
  expect(second.headers()['x-cache-status']).toBe('HIT');
});

test('a stock change made through one process shows on the other within a second', async ({ page, request }) => {
  const product = await simpleProduct(request, 2);
  await page.goto(`${B}/product/${product.id}`);
  const before = ((await (await request.get(`${B}/api/products/${product.id}`)).json()) as { stock: number }).stock;
  const placed = await request.post(`${A}/api/orders`, {
    headers: { origin: A, 'idempotency-key': `cluster-stock-${Date.now()}` },
    data: { ...testCustomer, paymentMethod: 'cod', lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const started = Date.now();
  await expect
    .poll(async () => ((await (await request.get(`${B}/api/products/${product.id}`)).json()) as { stock: number }).stock, { timeout: 1_000, intervals: [50] })
    .toBe(before - 1);
  expect(Date.now() - started).toBeLessThan(1_000);
});

test('a guest order placed through nginx opens through both processes', async ({ page, request }) => {
  const product = await simpleProduct(request, 1);
  await page.goto(`${nginx}/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto(`${nginx}/checkout`);
  await page.getByLabel('Full name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Phone', { exact: true }).fill('+20 100 555 0142');
  await page.getByLabel('Governorate', { exact: true }).selectOption('ALX');
  await page.getByLabel('City', { exact: true }).fill('Smouha');
  await page.getByLabel('Address', { exact: true }).fill('12 Victor Emmanuel Square, flat 4');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout-success$/);
  const number = (await page.getByTestId('order-number').textContent())!;
  const href = (await page.getByTestId('order-link').getAttribute('href'))!;
  for (const origin of [A, B]) {
    await page.goto(`${origin}${href}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
    await expect(page.getByTestId('order-status')).toHaveText('Received, awaiting confirmation');
  }
});

test('the shared rate limit trips at the same count as with one process', async ({ page }) => {
  // The form's refused message is the point: its 429 shows in the console.
  allowConsoleErrors(/status of 429 .*\/api\/contact/);
  // The contact form takes 5 messages per address in 10 minutes. nginx sends them to both
  // processes in turn; they count together in Redis, so the sixth is refused, not the eleventh.
  const send = (i: number) =>
    page.request.post(`${nginx}/api/contact`, {
      headers: { origin: nginx },
      data: { name: 'Mona Adel', email: 'mona@example.com', subject: `Question ${i}`, message: 'Do you deliver to Smouha on Fridays?' },
    });
  const statuses: number[] = [];
  for (let i = 1; i <= 7; i++) statuses.push((await send(i)).status());
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  await page.goto(`${nginx}/contact`);
  await page.getByLabel('Name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Email', { exact: true }).fill('mona@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Gift wrapping');
  await page.getByLabel('Message', { exact: true }).fill('Can you wrap two candles as a gift for Eid?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toHaveText('You have sent several messages in a short time. Please wait a few minutes, or reach us on WhatsApp.');
});
