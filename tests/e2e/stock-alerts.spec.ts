import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminProductInput } from '../../src/shared/schemas/admin-product';
import { mailboxUrl } from '../../playwright.config';
import { expect, linkIn, mailTo, test } from './fixtures';

/**
 * Back in stock (issue 34, point 3): on a sold-out product the shopper asks to be told, confirms
 * from the e-mail, the merchant restocks in the admin (seeing who waits), and the shopper gets one
 * e-mail with the product's link and a one-click unsubscribe. At phone width too, and in Arabic.
 * With SHOTS_DIR set, the form is photographed at each width in English and Arabic.
 */
test.describe.configure({ timeout: 90_000 });

/** Photographs the form where a shopper sees it, when SHOTS_DIR asks for pictures. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // The stock line at the top, under the sticky header: what is sold out, then the form.
  await page.getByTestId('stock-status').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -140);
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

test('a shopper asks on a sold-out product, confirms, the merchant restocks, and one e-mail brings the shopper back @phone', async ({
  page,
  browser,
  request,
  adminState,
  baseURL,
  playwright,
}, testInfo) => {
  const width = testInfo.project.name === 'phone' ? 390 : 1366;
  const stamp = `BIS${Date.now().toString(36).toUpperCase()}${testInfo.project.name === 'phone' ? 'P' : 'D'}${testInfo.retry}`;
  const api = await playwright.request.newContext({ baseURL, storageState: adminState });
  // This run's own category and product: the demo catalogue's stock stays as other tests count on it.
  const made = await api.post('/api/admin/categories', {
    data: { name: { en: `Alerts ${stamp}`, ar: `تنبيهات ${stamp}`, fr: '', de: '' }, slug: `alerts-${stamp.toLowerCase()}`, image: null, sortOrder: 9000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const body: AdminProductInput = {
    sku: stamp,
    name: { en: `Oud Reed Diffuser ${stamp}`, ar: `معطّر أعواد العود ${stamp}`, fr: '', de: '' },
    shortDescription: { en: 'Smoky oud and soft amber for a calm living room.', ar: 'عود مدخّن وعنبر ناعم لغرفة معيشة هادئة.', fr: '', de: '' },
    fullDescription: { en: '', ar: '', fr: '', de: '' },
    price: 45_000,
    discount: 0,
    offerEnd: null,
    isNew: false,
    visible: true,
    categoryIds: [((await made.json()) as { id: number }).id],
    tags: [],
    images: [],
    hasVariants: false,
    stock: 0,
    variants: [],
  };
  const created = await api.post('/api/admin/products', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const email = `alert-${stamp.toLowerCase()}@example.com`;

  // The sold-out page offers the alert instead of the cart.
  await page.goto(`/product/${id}`);
  await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
  const form = page.getByTestId('stock-alert-form');
  await expect(form.getByText('Notify me when it’s back')).toBeVisible();
  await shot(page, `stock-alert-${width}-en`);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText('Enter your e-mail address.');
  await form.getByLabel('Your e-mail').fill('not-an-address');
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText('Enter a valid e-mail address, like name@example.com.');
  await form.getByLabel('Your e-mail').fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByTestId('stock-alert-done')).toContainText('Check your inbox to confirm');

  // The same form in Arabic, right to left.
  const arabic = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, isMobile: width === 390, hasTouch: width === 390 });
  const ar = await arabic.newPage();
  await ar.goto(`${baseURL}/product/${id}?lng=ar`);
  await ar.waitForSelector('html[data-live]', { state: 'attached' });
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('stock-alert-form').getByText('أخبرني عند توفره')).toBeVisible();
  await shot(ar, `stock-alert-${width}-ar`);
  await arabic.close();

  // The double opt-in: the e-mailed link confirms.
  const confirmMail = await mailTo(request, email, /Confirm your alert/);
  await page.goto(linkIn(confirmMail, '/stock-alerts/confirm'));
  await expect(page.getByRole('heading', { name: 'You’re on the list' })).toBeVisible();

  // The merchant sees who waits, and restocks from the product's form.
  const admin = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: adminState });
  const adminPage = await admin.newPage();
  await adminPage.goto(`${baseURL}/admin/products?q=${stamp}`);
  // The admin's list and its chunks load on a busy machine: a longer wait than a click's.
  await expect(adminPage.getByTestId('stock-waiting').first()).toHaveText('1 person waiting', { timeout: 30_000 });
  await adminPage.goto(`${baseURL}/admin/products/edit/${id}`);
  await adminPage.getByLabel('Stock', { exact: true }).fill('6');
  await adminPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(adminPage).toHaveURL(/\/admin\/products$/);
  await admin.close();

  // One e-mail: the product's link, and a one-click unsubscribe (in the e-mail and as a header).
  // (Not the confirmation, which says "is back in stock" too: it came first, and this one is sent after the restock.)
  const back = await mailTo(request, email, /Good news: .+ is back in stock/);
  expect(back.text).toContain(`/product/${id}`);
  expect(back.listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/stock-alerts\/unsubscribe\?id=\d+&sig=[\w-]+>$/);
  expect(back.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = /https?:\/\/[^\s"<>]+(\/stock-alerts\/unsubscribe\?id=\d+&sig=[\w-]+)/.exec(back.text)?.[1];
  expect(unsubscribe, 'the e-mail carries its unsubscribe link').toBeTruthy();
  await page.goto(unsubscribe!);
  await expect(page.getByRole('heading', { name: 'You’re unsubscribed' })).toBeVisible();
  await page.getByRole('link', { name: 'View the product' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(page.getByTestId('stock-status')).not.toHaveText('Out of stock');

  // Still one e-mail once the job has long run.
  const all = await (await request.get(`${mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json();
  expect((all as Array<{ subject: string }>).filter((m) => /is back in stock/.test(m.subject))).toHaveLength(1);
  await api.dispose();
});
