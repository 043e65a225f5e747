import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminSettings } from '../../src/shared/schemas/settings';
import { expect, simpleProduct, test } from './fixtures';

/**
 * Measurement only with consent (issue 34, decision 047). Turning GA4 and Meta Pixel on is a
 * shop-wide setting every other test would feel (the banner), so this runs alone, after the other
 * browser tests (the `alone` project), and turns them off again. Google's and Meta's scripts cannot
 * be fetched here: a shopper who accepts gets an empty script from each host (counted), and the
 * events are read where the shop puts them, GA4's `dataLayer`.
 */
test.describe.configure({ mode: 'serial' });

const ids = { ga4Id: 'G-NASMA12345', metaPixelId: '123456789012345' };
let admin: APIRequestContext;
let before: AdminSettings;

test.beforeAll(async ({ playwright, adminState, baseURL }) => {
  admin = await playwright.request.newContext({ baseURL, storageState: adminState, extraHTTPHeaders: { origin: new URL(baseURL!).origin } });
  before = await (await admin.get('/api/admin/settings')).json();
  expect((await admin.put('/api/admin/settings', { data: { ...before, measurement: ids } })).status()).toBe(200);
});

test.afterAll(async () => {
  await admin.put('/api/admin/settings', { data: { ...before, measurement: { ga4Id: '', metaPixelId: '' } } });
  await admin.dispose();
});

/** Every request the page sends to a host other than the shop's. */
function foreignRequests(page: Page, shop: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol) || url.host === shop) return;
    seen.push(request.url());
  });
  return seen;
}

/** GA4's events so far on this page: [name, parameters]. */
const events = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry) as [string, string, Record<string, unknown>])
      .filter((entry) => entry[0] === 'event')
      .map(([, name, params]) => ({ name, params })),
  );

/** From a product's page to the thank-you page, inside the app (one page load: GA4's events stay). */
async function buyIt(page: Page, phone: string): Promise<string> {
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('Added To Cart').first()).toBeVisible();
  await page.getByTestId('cart-count').click();
  await page.getByTestId('cart-dropdown').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('Full name', { exact: true }).fill('Mona Adel');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Governorate', { exact: true }).selectOption('ALX');
  await page.getByLabel('City', { exact: true }).fill('Smouha');
  await page.getByLabel('Address', { exact: true }).fill('12 Victor Emmanuel Square, flat 4');
  await expect(page.getByTestId('checkout-shipping')).not.toHaveText('Choose a governorate');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout-success$/);
  return (await page.getByTestId('order-number').textContent())!;
}

test('refused in one click: no request leaves for another host while the shopper browses and orders, and the footer asks again', async ({
  page,
  request,
  baseURL,
}) => {
  const product = await simpleProduct(request, 2);
  const foreign = foreignRequests(page, new URL(baseURL!).host);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'May we measure your visit?' });
  await expect(banner).toBeVisible();
  // Refusing is as plain as accepting: two buttons of the same look, side by side.
  const [refuse, accept] = [banner.getByRole('button', { name: 'Refuse' }), banner.getByRole('button', { name: 'Accept' })];
  expect(await refuse.getAttribute('class')).toBe(await accept.getAttribute('class'));
  await refuse.click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-live', 'true');
  await expect(banner).toBeHidden();

  await page.goto(`/product/${product.id}`);
  await buyIt(page, '+20 100 555 0171');
  expect(foreign).toEqual([]);
  expect(await events(page)).toEqual([]);
  expect((await page.context().cookies()).map((c) => c.name).filter((name) => /^_(ga|gid|fb)/.test(name))).toEqual([]);

  // The choice can be changed: the footer's "Cookie settings" asks again.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Refuse' }).click();
  expect(foreign).toEqual([]);
});

test("accepted: GA4 and Meta Pixel load, the shop sends its e-commerce events in EGP with the feeds' item ids, and the purchase once", async ({
  page,
  request,
}) => {
  const product = await simpleProduct(request, 2);
  const fetched: string[] = [];
  await page.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//, async (route) => {
    fetched.push(new URL(route.request().url()).host);
    await route.fulfill({ contentType: 'text/javascript', body: '/* stands in for the tool here */' });
  });

  await page.goto(`/product/${product.id}`);
  await page.getByRole('region', { name: 'May we measure your visit?' }).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => fetched.sort()).toEqual(['connect.facebook.net', 'www.googletagmanager.com']);
  await expect.poll(async () => (await events(page)).map((e) => e.name)).toEqual(['view_item']);
  const [viewed] = await events(page);
  expect(viewed!.params).toMatchObject({ currency: 'EGP', items: [{ item_id: String(product.id), item_name: product.name }] });

  const number = await buyIt(page, '+20 100 555 0172');
  // One page load since the product page: every event since then is here.
  const sent = await events(page);
  expect(sent.map((e) => e.name)).toEqual(['view_item', 'add_to_cart', 'begin_checkout', 'add_payment_info', 'purchase']);
  const purchase = sent.find((e) => e.name === 'purchase')!.params;
  expect(purchase).toMatchObject({ transaction_id: number, currency: 'EGP', items: [{ item_id: String(product.id), quantity: 1 }] });
  expect(typeof purchase.value).toBe('number');
  expect(sent.find((e) => e.name === 'add_payment_info')!.params).toMatchObject({ payment_type: 'cod' });

  // A reload of the thank-you page sends no second purchase.
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect.poll(() => fetched.length).toBeGreaterThan(2);
  expect((await events(page)).filter((e) => e.name === 'purchase')).toEqual([]);
});
