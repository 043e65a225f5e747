import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import ar from '../../public/locales/ar/admin-reviews.json' with { type: 'json' };
import en from '../../public/locales/en/admin-reviews.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import type { AdminReviewList, ReviewOrder } from '../../src/shared/schemas/review';
import type { OutboxList, OutboxPreview } from '../../src/shared/schemas/outbox';
import { catalogue, expect, test, workerShare } from './fixtures';

/**
 * The merchant's moderation of reviews (issue 31): two buyers' reviews sent through the real
 * review link of a delivered order (one in English with a photo, one in Arabic), then in the
 * admin: both wait in Pending with their order number; one is published, the other refused
 * without a reason and then rejected with one; the shop replies under the published one; and the
 * page reads right to left in Arabic on a phone, each review in its own direction. The "publish at
 * once" setting, shop-wide, is review-settings.shop-wide.spec.ts, run alone.
 */
test.describe.configure({ timeout: 90_000 });

/** WCAG 2.1 A and AA violations of the page as it stands, one line each. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A guest's cash-on-delivery order of these products, delivered by the merchant: its number and the review link of its "delivered" e-mail. */
async function deliveredOrder(guest: APIRequestContext, api: APIRequestContext, productIds: number[], stamp: string) {
  const placed = await guest.post('/api/orders', {
    headers: { 'idempotency-key': `reviews-${stamp}` },
    data: {
      ...testCustomer,
      email: `reviews-${stamp}@e2e.test`,
      phone: testPhone(7000 + (Number(stamp.slice(-3)) % 900)),
      lines: productIds.map((productId) => ({ productId, quantity: 1 })),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  const orders = (await (await api.get(`/api/admin/orders?q=${number}`)).json()) as { items: { id: number; number: string }[] };
  const id = orders.items.find((o) => o.number === number)!.id;
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    const moved = await api.post(`/api/admin/orders/${id}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  // The "delivered" e-mail as the outbox renders it: its review link.
  const outbox = (await (await api.get('/api/admin/outbox?kind=order_status&pageSize=100')).json()) as OutboxList;
  for (const entry of outbox.items) {
    const preview = (await (await api.get(`/api/admin/outbox/${entry.id}/preview`)).json()) as OutboxPreview;
    const link = new RegExp(`(/review/${number}\\?e=\\d+&(?:amp;)?token=[\\w-]+)`).exec(preview.text)?.[1];
    if (link) return { number, link: link.replace('&amp;', '&') };
  }
  throw new Error(`No review link in the e-mails of ${number}`);
}

test('the admin publishes, rejects with a reason and answers buyers’ reviews, and reads them in Arabic', async ({
  page,
  context,
  adminState,
  baseURL,
  playwright,
}) => {
  const origin = new URL(baseURL!).origin;
  const api = await playwright.request.newContext({ baseURL, storageState: adminState, extraHTTPHeaders: { origin } });
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const setAutoPublish = async (autoPublish: boolean) => expect((await api.put('/api/admin/reviews/settings', { data: { autoPublish } })).ok()).toBe(true);
  await setAutoPublish(false);

  try {
    // Two buyers' reviews of one product of this worker's share (other workers' reviews are of
    // their own products, so the counts below are this test's), sent as the review page sends them.
    const [first] = workerShare(await catalogue(api), (p) => p.variants.length === 0 && p.stock >= 3);
    const stamp = `${Date.now()}`;
    const order = await deliveredOrder(guest, api, [first!.id], stamp);
    const other = await deliveredOrder(guest, api, [first!.id], `${Number(stamp) + 1}`);
    const apiOf = (link: string) => link.replace(/^\/review\//, '/api/reviews/');
    const lineOf = async (link: string) => ((await (await guest.get(apiOf(link))).json()) as ReviewOrder).lines[0]!.lineId;
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8a27a' } })
      .png()
      .toBuffer();
    const english = { title: `Lovely scent ${stamp}`, body: 'It fills the whole flat for hours,\nand the bottle is pretty.' };
    const arabic = { title: `رائحة خفيفة ${stamp}`, body: 'الرائحة جميلة لكنها تختفي بعد ساعة واحدة فقط.' };
    const sent = await guest.post(apiOf(order.link), {
      multipart: {
        lineId: String(await lineOf(order.link)),
        rating: '5',
        ...english,
        displayName: 'Mona A.',
        language: 'en',
        photos: { name: 'bottle.png', mimeType: 'image/png', buffer: photo },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const sentArabic = await guest.post(apiOf(other.link), {
      multipart: { lineId: String(await lineOf(other.link)), rating: '2', ...arabic, displayName: 'منى ع.', language: 'ar' },
    });
    expect(sentArabic.status(), await sentArabic.text()).toBe(201);
    const counts = ((await (await api.get(`/api/admin/reviews?productId=${first!.id}`)).json()) as AdminReviewList).counts;

    // Pending: both, with the order number, newest first.
    await context.addCookies([...adminState.cookies, { name: 'i18next', value: 'en', url: baseURL! }]);
    await page.goto(`/admin/reviews?productId=${first!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: en.tabs.label });
    const tab = (name: string) => tabs.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(tab(en.tabs.pending)).toHaveAttribute('aria-current', 'page');
    await expect(tab(en.tabs.pending)).toHaveText(`${en.tabs.pending}${counts.pending}`);
    const englishCard = page.getByRole('article', { name: english.title });
    const arabicCard = page.getByRole('article', { name: arabic.title });
    for (const [card, { number }] of [
      [englishCard, order],
      [arabicCard, other],
    ] as const) {
      await expect(card.getByRole('link', { name: number })).toHaveAttribute('href', `/admin/orders?q=${number}`);
    }
    expect(await violations(page)).toEqual([]);
    // Each text in its own language and direction; the photo opens at full size.
    await expect(arabicCard.getByText(arabic.body)).toHaveAttribute('dir', 'rtl');
    await expect(englishCard.getByText(/It fills the whole flat/)).toHaveAttribute('lang', 'en');
    await englishCard.getByRole('button', { name: 'Photo 1 of 1, full size' }).click();
    const viewer = page.getByRole('dialog', { name: /Photo 1 of 1/ });
    await expect(viewer.getByRole('img')).toHaveAttribute('src', /-1200\.webp$/);
    await viewer.getByRole('button', { name: en.photo.close }).click();
    await expect(viewer).toHaveCount(0);

    // Publish the English one: it leaves Pending for Published, the counts follow, the focus stays in the list.
    await englishCard.getByRole('button', { name: en.actions.publish }).click();
    await expect(page.locator('.Toastify__toast', { hasText: en.actions.published })).toBeVisible();
    await expect(englishCard).toHaveCount(0);
    await expect(tab(en.tabs.pending)).toHaveText(`${en.tabs.pending}${counts.pending - 1}`);
    await expect(tab(en.tabs.published)).toHaveText(`${en.tabs.published}${counts.published + 1}`);
    await expect(page.locator('article:focus')).toHaveCount(1);

    // Reject the Arabic one: an empty reason is refused in words, then a reason is sent.
    await arabicCard.getByRole('button', { name: en.actions.reject }).click();
    const rejecting = page.getByRole('dialog', { name: en.reject.title });
    await rejecting.getByRole('button', { name: en.reject.confirm }).click();
    await expect(rejecting.getByText(en.errors.reasonTooShort)).toBeVisible();
    await expect(rejecting.getByRole('textbox', { name: en.reject.reason })).toBeFocused();
    await rejecting.getByRole('textbox', { name: en.reject.reason }).fill('Mentions another shop.');
    await rejecting.getByRole('button', { name: en.reject.confirm }).click();
    await expect(rejecting).toHaveCount(0);
    await expect(page.locator('.Toastify__toast', { hasText: en.actions.rejected })).toBeVisible();
    await expect(arabicCard).toHaveCount(0);
    await expect(tab(en.tabs.pending)).toHaveText(`${en.tabs.pending}${counts.pending - 2}`);
    await expect(tab(en.tabs.rejected)).toHaveText(`${en.tabs.rejected}${counts.rejected + 1}`);

    // Published: the shop replies under the English one.
    await tab(en.tabs.published).click();
    await expect(page).toHaveURL(/status=published/);
    await englishCard.getByRole('button', { name: en.actions.reply }).click();
    const replying = page.getByRole('dialog', { name: en.reply.title });
    await replying.getByRole('textbox', { name: en.reply.text }).fill('Thank you, Mona!');
    await replying.getByRole('button', { name: en.reply.save }).click();
    await expect(replying).toHaveCount(0);
    await expect(englishCard.getByText('Thank you, Mona!')).toBeVisible();
    await expect(englishCard.getByRole('button', { name: en.actions.editReply })).toBeVisible();

    // In Arabic on a phone: right to left; the rejected review with its reason, the English one left to right.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/reviews?status=rejected&lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: ar.title })).toBeVisible();
    const rejected = page.getByRole('article', { name: arabic.title });
    await expect(rejected.getByText('Mentions another shop.')).toBeVisible();
    await expect(rejected.getByText(ar.card.rejectReason)).toBeVisible();
    await expect(rejected.getByRole('link', { name: other.number })).toBeVisible();
    await page
      .getByRole('navigation', { name: ar.tabs.label })
      .getByRole('link', { name: new RegExp(`^${ar.tabs.published}`) })
      .click();
    const published = page.getByRole('article', { name: english.title });
    await expect(published.getByText(/It fills the whole flat/)).toHaveAttribute('dir', 'ltr');
    await expect(published.getByRole('button', { name: ar.actions.editReply })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  } finally {
    // Other tests share the server: new reviews wait again.
    await setAutoPublish(false);
    await api.dispose();
    await guest.dispose();
  }
});
