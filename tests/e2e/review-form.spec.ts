import sharp from 'sharp';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import type { PlacedOrder } from '../../src/client/app/api';
import type { AdminReviewList } from '../../src/shared/schemas/review';
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import { expect, linkIn, mailTo, simpleProduct, test, type StorageState } from './fixtures';

/**
 * The buyer's review page (issue 31, decision 038) as a guest meets it: an order delivered by the
 * merchant, the "delivered" e-mail's "Review your order" link, stars chosen with the keyboard, a
 * title, a text and photos (a large one made smaller in the browser before it is sent), a draft
 * that survives a reload, the review sent and waiting for the shop, the order page's button, and,
 * once the merchant publishes it, the review on the product page and the product's average in
 * the listing.
 * In English and in Arabic (right to left), at desktop and phone widths (@phone), and the
 * translated refusal of a text too short.
 */

let orders = 0;
const stamp = () => `${test.info().parallelIndex}-${test.info().project.name}-${Date.now().toString(36)}-${++orders}`;

/**
 * A guest's cash-on-delivery order with an e-mail, placed in `language`, then confirmed, shipped
 * and delivered by the merchant through the admin API. Answers its number, its private link's
 * token and the e-mail address.
 */
async function deliveredOrder(
  request: APIRequestContext,
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  adminState: StorageState,
  language: 'en' | 'ar',
) {
  const id = stamp();
  const email = `review-${id}@example.com`;
  const product = await simpleProduct(request, 2);
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `review-${id}`, 'accept-language': language },
    data: {
      ...testCustomer,
      fullName: language === 'ar' ? 'منى عادل' : 'Mona Adel',
      phone: testPhone(Date.now() + orders * 37),
      email,
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, accessToken } = (await placed.json()) as PlacedOrder;
  const admin = await playwright.request.newContext({ baseURL, storageState: adminState });
  const found = (await (await admin.get(`/api/admin/orders?q=${order.number}`)).json()) as { items: { id: number; number: string }[] };
  const orderId = found.items.find((o) => o.number === order.number)!.id;
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    const moved = await admin.post(`/api/admin/orders/${orderId}/status`, { headers: { origin: baseURL }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  await admin.dispose();
  return { number: order.number, accessToken, email, product, admin: () => playwright.request.newContext({ baseURL, storageState: adminState }) };
}

/** Opens the shop's link named `label` in an e-mail's HTML, as a mail app's tap would. */
async function followMailLink(page: Page, html: string, label: string) {
  await page.setContent(html);
  const href = await page.getByRole('link', { name: label }).getAttribute('href');
  expect(href).toMatch(/\/review\/NSM-\d+\?e=\d+&token=[\w-]+$/);
  await page.goto(href!);
}

/** The pixel size of the file behind a photo's preview (its object URL): what the form sends. */
/**
 * The merchant publishes the order's waiting review (admin API); then, as a shopper in `lng`, its
 * product page's Reviews tab shows it, verified, with its photo, and the product's card in a
 * listing shows the stars and count of its published reviews.
 */
async function publishedAndShown(
  page: Page,
  openAdmin: () => Promise<APIRequestContext>,
  baseURL: string,
  order: { number: string; product: { id: number; name: string } },
  review: { title: string; photos: number },
  texts: typeof en,
  lng: 'en' | 'ar',
) {
  const api = await openAdmin();
  const pending = (await (await api.get(`/api/admin/reviews?status=pending&productId=${order.product.id}`)).json()) as AdminReviewList;
  const waiting = pending.items.find((r) => r.orderNumber === order.number)!;
  expect((await api.post(`/api/admin/reviews/${waiting.id}/publish`, { headers: { origin: baseURL } })).ok()).toBe(true);
  const shown = (await (await api.get(`/api/products/${order.product.id}?lng=${lng}`)).json()) as { rating: number; reviewCount: number; name: string };
  await api.dispose();
  expect(shown.reviewCount).toBeGreaterThan(0);

  await page.goto(`/product/${order.product.id}?lng=${lng}`);
  await page.getByRole('tab', { name: new RegExp(texts.reviews.tab.replace('({{n}})', `\\(${shown.reviewCount}\\)`)) }).click();
  // The desktop and phone runs of a story may review the same product with the same words: the newest is this one.
  const item = page.getByTestId('review').filter({ hasText: review.title }).first();
  await expect(item).toBeVisible();
  await expect(item).toContainText(texts.reviews.verified);
  await expect(item.getByTestId('review-photo')).toHaveCount(review.photos);

  // The listing's card: the stars of the published reviews' average, and their count.
  await page.goto(`/shop-grid-standard?lng=${lng}&q=${encodeURIComponent(shown.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: shown.name }).first();
  await expect(card.getByRole('img', { name: texts.product.rating.replace('{{rating}}', String(shown.rating)) })).toBeVisible();
  await expect(card).toContainText(`(${shown.reviewCount})`);
}

const photoSent = (preview: Locator) =>
  preview.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  });

/** WCAG 2.1 A and AA, as tests/e2e/axe.spec.ts scans every route: one line per violation and element. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const png = (width: number, height: number, background = '#c8a27a') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

test('a guest reviews a delivered order from the e-mail: keyboard stars, a draft kept over a reload, photos made smaller, then waiting for the shop @phone', async ({
  page,
  request,
  playwright,
  baseURL,
  adminState,
}) => {
  // A whole story (order, delivery, e-mail, two reloads, photos, the merchant's list): near the default 45 s on a busy machine.
  test.slow();
  const { number, accessToken, email, product, admin } = await deliveredOrder(request, playwright, baseURL!, adminState, 'en');
  const mail = await mailTo(request, email, new RegExp(`/review/${number}\\?`));
  expect(mail.subject).toContain('was delivered');
  await followMailLink(page, mail.html, 'Review your order');

  await expect(page).toHaveURL(new RegExp(`/review/${number}\\?e=\\d+&token=`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.reviewForm.title);
  const line = page.getByRole('article', { name: product.name });
  await expect(line).toBeVisible();

  // Stars with the keyboard: the group is reached by Tab, the arrows move the choice.
  const stars = line.getByRole('group', { name: /Your rating/ });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await stars.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeFocused();
  await expect(stars).toContainText('Very good');
  // Big enough to tap.
  const target = await stars.locator('label').first().boundingBox();
  expect(target!.width).toBeGreaterThanOrEqual(44);
  expect(target!.height).toBeGreaterThanOrEqual(44);

  await line.getByLabel('Title', { exact: true }).fill('Warm amber for the evenings');
  await line.getByLabel('Your review', { exact: true }).fill('It fills the living room');
  await expect(line.getByText('24 / 2000', { exact: true })).toBeVisible();
  await expect(line.getByLabel('Name shown with your review', { exact: true })).toHaveValue('Mona A.');

  // A reload mid-typing gives the draft back (the photos are chosen again).
  await page.reload();
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(line.getByLabel('Title', { exact: true })).toHaveValue('Warm amber for the evenings');
  await expect(line.getByLabel('Your review', { exact: true })).toHaveValue('It fills the living room');
  await line.getByLabel('Your review', { exact: true }).pressSequentially(' for hours, and the bottle is lovely.');

  // One photo small enough to go as it is, one from a big camera made smaller first.
  const photos = line.locator('input[type="file"]');
  await photos.setInputFiles([
    { name: 'bottle.png', mimeType: 'image/png', buffer: await png(800, 600) },
    { name: 'shelf.png', mimeType: 'image/png', buffer: await png(2400, 1800, '#6b7250') },
  ]);
  await expect(line.getByTestId('review-photo')).toHaveCount(2);
  await expect(line.getByRole('img', { name: 'Your photo 2' })).toBeVisible();
  // Removing one and choosing it again works.
  await line.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(line.getByTestId('review-photo')).toHaveCount(1);
  await photos.setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: await png(2400, 1800, '#6b7250') });
  await expect(line.getByTestId('review-photo')).toHaveCount(2);

  // What will be sent: the small photo as chosen, the large one made 1600 px on its long side.
  expect(await photoSent(line.getByRole('img', { name: 'Your photo 1' }))).toEqual({ width: 800, height: 600 });
  expect(await photoSent(line.getByRole('img', { name: 'Your photo 2' }))).toEqual({ width: 1600, height: 1200 });

  expect(await axeViolations(page)).toEqual([]);

  const sending = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/api/reviews/${number}?`));
  await line.getByRole('button', { name: 'Send review' }).click();
  expect((await sending).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  await expect(line.getByTestId('review-thanks')).toHaveText(en.reviewForm.sentPending);
  await expect(line.getByTestId('review-state')).toContainText(en.reviewForm.pendingTitle);
  await expect(line.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(line.getByRole('radio')).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('review-draft:')))).toEqual([]);

  // It waits for the merchant, with its photos.
  const api = await admin();
  const pending = (await (await api.get(`/api/admin/reviews?status=pending&productId=${product.id}`)).json()) as AdminReviewList;
  expect(pending.items.find((r) => r.orderNumber === number)).toMatchObject({ rating: 4, title: 'Warm amber for the evenings', displayName: 'Mona A.' });
  expect(pending.items.find((r) => r.orderNumber === number)!.photos).toHaveLength(2);
  await api.dispose();

  // Read again, the line still says so; the order page (its private link) offers the review page.
  await page.reload();
  await expect(line.getByTestId('review-state')).toContainText(en.reviewForm.pendingTitle);
  await page.goto(`/order/${number}?token=${encodeURIComponent(accessToken)}`);
  const button = page.getByRole('link', { name: 'Review your order' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', new RegExp(`^/review/${number}\\?e=\\d+&token=`));
  await button.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.reviewForm.title);

  // Published by the merchant: on the product page with its two photos, and in the listing's average.
  await publishedAndShown(page, admin, baseURL!, { number, product }, { title: 'Warm amber for the evenings', photos: 2 }, en, 'en');
});

test('in Arabic the page reads right to left, the review is written and sent, and the order page says قيّم طلبك @phone', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
  adminState,
}) => {
  const { number, accessToken, email, product, admin } = await deliveredOrder(request, playwright, baseURL!, adminState, 'ar');
  const mail = await mailTo(request, email, new RegExp(`/review/${number}\\?`));
  await context.addCookies([{ name: 'i18next', value: 'ar', url: baseURL! }]);
  await followMailLink(page, mail.html, 'قيّم طلبك');

  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.reviewForm.title);
  const line = page.getByRole('article').first();
  await expect(line.getByLabel(ar.reviewForm.displayName, { exact: true })).toHaveValue('منى ع.');

  const stars = line.getByRole('group', { name: new RegExp(ar.reviewForm.rating) });
  // A tap on the fifth star (counted from the right).
  const five = stars.getByRole('radio', { name: ar.reviewForm.star_few.replace('{{count}}', '5') });
  await stars
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: ar.reviewForm.star_few.replace('{{count}}', '5') }) })
    .click();
  await expect(five).toBeChecked();
  await expect(stars).toContainText(ar.reviewForm.ratingWords['5']);
  await line.getByLabel(ar.reviewForm.reviewTitle, { exact: true }).fill('رائحة دافئة');
  await line.getByLabel(ar.reviewForm.body, { exact: true }).fill('رائحة جميلة تملأ البيت لساعات طويلة');
  await page.reload();
  await expect(line.getByLabel(ar.reviewForm.body, { exact: true })).toHaveValue('رائحة جميلة تملأ البيت لساعات طويلة');
  await expect(stars.getByRole('radio', { name: ar.reviewForm.star_few.replace('{{count}}', '5') })).toBeChecked();
  await line.locator('input[type="file"]').setInputFiles({ name: 'candle.png', mimeType: 'image/png', buffer: await png(800, 600) });
  await expect(line.getByTestId('review-photo')).toHaveCount(1);
  await line.getByRole('button', { name: ar.reviewForm.submit }).click();

  await expect(line.getByTestId('review-thanks')).toHaveText(ar.reviewForm.sentPending);
  await expect(line.getByTestId('review-state')).toContainText(ar.reviewForm.pendingTitle);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/order/${number}?token=${encodeURIComponent(accessToken)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'قيّم طلبك' })).toBeVisible();

  // Published by the merchant: on the Arabic product page with its photo, and in the listing's average.
  await publishedAndShown(page, admin, baseURL!, { number, product }, { title: 'رائحة دافئة', photos: 1 }, ar, 'ar');
});

test('a text too short, and no stars, are refused beside their fields in the page’s words, before anything is sent', async ({
  page,
  request,
  playwright,
  baseURL,
  adminState,
}) => {
  const { number, accessToken } = await deliveredOrder(request, playwright, baseURL!, adminState, 'en');
  // The link as the order page gives it to its buyer.
  const order = (await (await request.get(`/api/orders/${number}?token=${encodeURIComponent(accessToken)}`)).json()) as { reviewLink: string };
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/reviews/')) posted++;
  });
  await page.goto(order.reviewLink);
  const line = page.getByRole('article').first();
  await line.getByLabel('Your review', { exact: true }).fill('Too short');
  await expect(line.getByText('9 / 2000 · at least 10', { exact: true })).toBeVisible();
  await line.getByRole('button', { name: 'Send review' }).click();

  await expect(line.getByTestId('error-rating')).toHaveText(en.validation.rating_required);
  await expect(line.getByTestId('error-body')).toHaveText(en.validation.review_too_short);
  await expect(line.getByLabel('Your review', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(line.getByLabel('Your review', { exact: true })).toHaveAttribute('aria-describedby', /-error/);
  // The first field in error takes the focus: the stars.
  await expect(line.getByRole('radio', { name: '1 star' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // In Arabic, the same refusal in Arabic.
  await page.goto(`${order.reviewLink}&lng=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('article').first().getByRole('button', { name: ar.reviewForm.submit }).click();
  await expect(page.getByTestId('error-body')).toHaveText(ar.validation.review_too_short);
  await expect(page.getByTestId('error-rating')).toHaveText(ar.validation.rating_required);
  expect(await axeViolations(page)).toEqual([]);
  expect(posted).toBe(0);
});

test("a signed-in customer's delivered order in My account offers Review your order", async ({ page, request, playwright, baseURL, adminState }) => {
  const email = `review-account-${stamp()}@example.com`;
  expect((await request.post('/api/auth/register', { data: { name: 'Mona Adel', email, password: 'jasmine-garden-42' } })).status()).toBe(202);
  const token = new URL(linkIn(await mailTo(request, email, /\/verify-email\?token=/), '/verify-email'), 'http://x').searchParams.get('token');
  expect((await request.post('/api/auth/register/verify', { data: { token } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: 'jasmine-garden-42' } })).status()).toBe(200);
  // Ordered while signed in, so the order is the account's.
  const { number } = await deliveredOrder(page.request, playwright, baseURL!, adminState, 'en');

  await page.goto('/my-account');
  const order = page.getByTestId('account-order').filter({ hasText: number });
  await order.getByRole('button').first().click();
  const button = order.getByRole('link', { name: 'Review your order' });
  await expect(button).toHaveAttribute('href', new RegExp(`^/review/${number}\\?e=\\d+&token=`));
  await button.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.reviewForm.title);
  await expect(page.getByRole('article')).toHaveCount(1);
});
