import type { APIRequestContext, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import type { ProductSummary } from '../../src/shared/schemas/product';
import type { ProductReviews, ReviewOrder } from '../../src/shared/schemas/review';
import { catalogue, expect, test, workerShare } from './fixtures';

/**
 * Reviews as shoppers read them (issue 31, decision 038): three reviews are written through the
 * real way in (a guest's cash-on-delivery order, moved to delivered by the merchant, the review
 * link of the "delivered" e-mail, the multipart form with a photo) and published by the merchant;
 * then the product page shows its stars and count, the Reviews tab its summary, the reviews (an
 * Arabic one right to left), the photo viewer, "Was this helpful?" and the sorts, in English on a
 * wide screen and in Arabic on a phone; the listing card shows the stars, and the page's structured
 * data the aggregate rating. The tests share the reviews, so they run in order in one worker.
 */
test.describe.configure({ mode: 'serial' });

interface Written {
  rating: number;
  title: string;
  body: string;
  displayName: string;
  language: 'en' | 'ar';
  photo?: boolean;
  reply?: string;
}

/** Oldest first: the Arabic review is the newest, the 1-star one in between. */
const written: Written[] = [
  {
    rating: 5,
    title: 'Smells like a spring morning',
    body: 'Two sprays and the whole room smells of orange blossom.\nIt lasts all afternoon.',
    displayName: 'Mona A.',
    language: 'en',
    photo: true,
    reply: 'Thank you, Mona! We are glad it brightens your mornings.',
  },
  { rating: 1, title: 'Too strong for my car', body: 'Lovely at home, but far too strong in a small car for me.', displayName: 'Karim S.', language: 'en' },
  { rating: 4, title: 'رائحة جميلة تدوم', body: 'رائحة هادئة تدوم طوال اليوم، والتغليف ممتاز.', displayName: 'منى ع.', language: 'ar' },
];

let product: ProductSummary;

/** A review written through the buyer's link and published by the merchant: a delivered guest order first. */
async function publishedReview(request: APIRequestContext, admin: APIRequestContext, review: Written, n: number): Promise<void> {
  const stamp = `${test.info().parallelIndex}-${Date.now().toString(36)}-${n}`;
  const email = `reviews-${stamp}@example.com`;
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `reviews-${stamp}` },
    data: { ...testCustomer, phone: testPhone(Date.now() + n), email, lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  const orders = (await (await admin.get(`/api/admin/orders?q=${number}`)).json()) as { items: { id: number; number: string }[] };
  const orderId = orders.items.find((o) => o.number === number)!.id;
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    const moved = await admin.post(`/api/admin/orders/${orderId}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  // The review link, as the "delivered" e-mail carries it.
  const outbox = (await (await admin.get('/api/admin/outbox?kind=order_status&pageSize=100')).json()) as { items: { id: number; recipient: string }[] };
  let link: string | undefined;
  for (const message of outbox.items.filter((m) => m.recipient === email)) {
    const preview = (await (await admin.get(`/api/admin/outbox/${message.id}/preview`)).json()) as { text: string };
    link ??= /\/review\/[\w-]+\?e=\d+&token=[\w-]+/.exec(preview.text)?.[0];
  }
  expect(link, `the delivered e-mail to ${email} carries the review link`).toBeDefined();
  const api = `/api${link!.replace('/review/', '/reviews/')}`;
  const order = (await (await request.get(api)).json()) as ReviewOrder;

  const form: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    lineId: String(order.lines[0]!.lineId),
    rating: String(review.rating),
    title: review.title,
    body: review.body,
    displayName: review.displayName,
    language: review.language,
  };
  // A photo goes through the shop's picture pipeline (made here with sharp, as a phone's PNG).
  if (review.photo)
    form.photos = {
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: '#e8c07a' } })
        .png()
        .toBuffer(),
    };
  const sent = await request.post(api, { multipart: form });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  expect((await admin.post(`/api/admin/reviews/${id}/publish`)).ok()).toBe(true);
  if (review.reply) expect((await admin.put(`/api/admin/reviews/${id}/reply`, { data: { text: review.reply } })).ok()).toBe(true);
}

test.beforeAll(async ({ playwright, adminState }, workerInfo) => {
  const { baseURL } = workerInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  const admin = await playwright.request.newContext({ baseURL, storageState: adminState });
  // A simple product of this worker's share without reviews, not the first (most tests buy it) nor the last (whose stock one counts on).
  const share = workerShare(await catalogue(request), (p) => p.variants.length === 0 && p.stock >= 5 && p.reviewCount === 0, 3);
  product = share[1]!;
  for (const [i, review] of written.entries()) await publishedReview(request, admin, review, i);
  await Promise.all([request.dispose(), admin.dispose()]);
});

/** Requests the page makes for the product's reviews (the first page must come with the page). */
function reviewRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/products/${product.id}/reviews`) seen.push(new URL(r.url()).search);
  });
  return seen;
}

const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test('the product page shows the stars near the title, and the Reviews tab the summary, the reviews, their photo and votes', async ({ page }) => {
  const asked = reviewRequests(page);
  await page.goto(`/product/${product.id}`);

  // Near the title: the average's stars and the count, which opens the tab.
  await expect(page.getByRole('img', { name: 'Rated 3.3 out of 5' }).first()).toBeVisible();
  await page.getByRole('link', { name: '3 reviews', exact: true }).click();
  const tab = page.getByRole('tab', { name: 'Reviews (3)' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toBeFocused();
  const panel = page.getByRole('tabpanel', { name: 'Reviews (3)' });
  await expect(panel).toBeInViewport();

  // The summary: the average, the count, a bar per number of stars.
  await expect(panel.getByTestId('review-average')).toHaveText('3.3');
  await expect(panel.getByTestId('review-count')).toHaveText('3 reviews');
  const bars = panel.getByRole('list', { name: 'Reviews by number of stars' }).getByRole('meter');
  await expect(bars).toHaveCount(5);
  for (const [i, count] of [1, 1, 0, 0, 1].entries()) await expect(bars.nth(i)).toHaveAttribute('aria-valuenow', String(count));
  await expect(bars.first()).toHaveAccessibleName('5 stars');

  // Newest first: the Arabic review, right to left on the English page, then the 1-star, then the one with a photo.
  const reviews = panel.getByTestId('review');
  await expect(reviews).toHaveCount(3);
  const arabic = reviews.first().getByTestId('review-text');
  await expect(arabic).toHaveAttribute('lang', 'ar');
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic).toContainText('رائحة جميلة تدوم');
  await expect(reviews.first()).toContainText('Verified buyer');
  const withPhoto = reviews.nth(2);
  await expect(withPhoto.getByTestId('review-text')).toHaveAttribute('dir', 'ltr');
  await expect(withPhoto.getByTestId('review-reply')).toContainText('Reply from the shop');
  await expect(withPhoto.getByTestId('review-reply')).toContainText('Thank you, Mona!');
  // No second request: the first page came with the page.
  expect(asked).toEqual([]);

  // The photo opens in the viewer at 1200 px, and Escape gives the focus back to its thumbnail.
  const thumbnail = withPhoto.getByTestId('review-photo');
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('lightbox-image')).toHaveAttribute('src', /-1200\.webp$/);
  expect(await viewer.getByTestId('lightbox-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  const { violations: inViewer } = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(inViewer.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // "Was this helpful?" counts once, and stays done after a reload (the page the server kept from
  // before the vote carries the count without it: the browser remembers the count it was answered).
  const helpful = withPhoto.getByTestId('helpful');
  await expect(helpful).toHaveText('Yes (0)');
  await helpful.click();
  await expect(helpful).toHaveText('Thanks (1)');
  await expect(helpful).toBeDisabled();
  await helpful.click({ force: true });
  await page.reload();
  await page.getByRole('tab', { name: 'Reviews (3)' }).click();
  const again = page.getByTestId('review').nth(2).getByTestId('helpful');
  await expect(again).toHaveText('Thanks (1)');
  await expect(again).toBeDisabled();
  const answer = (await (await page.request.get(`/api/products/${product.id}/reviews`)).json()) as ProductReviews;
  expect(answer.items.map((r) => r.helpful)).toEqual([0, 0, 1]);

  // Lowest first puts the 1-star review on top.
  await page.getByLabel('Sort by').selectOption('lowest');
  await expect(page.getByTestId('review').first().getByRole('heading')).toHaveText('Too strong for my car');
  await expect(page.getByTestId('review').first().getByRole('img', { name: 'Rated 1 out of 5' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('#panel-reviews').withTags(wcag).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('in Arabic on a phone: the stars, the tab, the English review left to right, the viewer and the lowest first', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18next', value: 'ar', url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${product.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('img', { name: ar.product.rating.replace('{{rating}}', '3.3') }).first()).toBeVisible();
  await page.getByRole('link', { name: ar.product.reviewCount_few.replace('{{count}}', '3'), exact: true }).click();
  const tabName = ar.reviews.tab.replace('{{n}}', '3');
  await expect(page.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: tabName });
  await expect(panel.getByTestId('review-average')).toHaveText('3.3');
  const reviews = panel.getByTestId('review');
  await expect(reviews).toHaveCount(3);
  await expect(reviews.first().getByTestId('review-text')).toHaveAttribute('dir', 'rtl');
  await expect(reviews.nth(1).getByTestId('review-text')).toHaveAttribute('lang', 'en');
  await expect(reviews.nth(1).getByTestId('review-text')).toHaveAttribute('dir', 'ltr');
  await expect(reviews.nth(1)).toContainText(ar.reviews.verified);
  await expect(reviews.nth(2).getByTestId('review-reply')).toContainText(ar.reviews.reply);

  await reviews.nth(2).getByTestId('review-photo').click();
  const viewer = page.getByRole('dialog', { name: ar.reviews.photoOf.replace('{{n}}', '1').replace('{{total}}', '1') });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(reviews.nth(2).getByTestId('review-photo')).toBeFocused();

  await page.getByLabel(ar.reviews.sortLabel).selectOption('lowest');
  await expect(page.getByTestId('review').first().getByRole('heading')).toHaveText('Too strong for my car');
  const { violations } = await new AxeBuilder({ page }).include('#panel-reviews').withTags(wcag).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test("the listing card shows the product's stars and count, and the page's structured data its aggregate rating", async ({ page }) => {
  await page.goto(`/shop-grid-standard?q=${encodeURIComponent(product.name)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
  await expect(card.getByRole('img', { name: 'Rated 3.3 out of 5' })).toBeVisible();
  await expect(card.getByLabel('3 reviews')).toHaveText('(3)');

  const html = await (await page.request.get(`/product/${product.id}`)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 3.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
  const entries = blocks[0]!.review as Array<Record<string, unknown>>;
  expect(entries.map((r) => (r.reviewRating as { ratingValue: number }).ratingValue)).toEqual([4, 1, 5]);
  expect(entries[0]).toMatchObject({ '@type': 'Review', author: { '@type': 'Person', name: 'منى ع.' }, name: 'رائحة جميلة تدوم' });
  expect(entries[0]!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The same block once the page is live (hydrated from the server's, not redrawn without reviews).
  await page.goto(`/product/${product.id}`);
  const live = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(live.aggregateRating).toEqual(blocks[0]!.aggregateRating);
  expect(live.review).toEqual(blocks[0]!.review);
});
