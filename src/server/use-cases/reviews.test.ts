import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, withPhotos, sessionCookie, testAdmin, testCustomer, testDatabases } from '../test-support.js';
import { testPhone } from '../../shared/domain/test-products.js';
import type { Product, ProductList } from '../../shared/schemas/product.js';
import type { AdminReviewList, ProductReviews, ReviewOrder } from '../../shared/schemas/review.js';
import type { OutboxList, OutboxPreview } from '../../shared/schemas/outbox.js';
import { reviewExpiry } from './review-link.js';
import { orderToken } from './checkout.js';
import { sortProducts } from '../../shared/domain/catalog-query.js';

/**
 * Reviews through the shop's API on each database (issue 31): only a delivered order's buyer,
 * through the signed link of the "delivered" e-mail, once per line; moderation and the product's
 * average and count after publish, reject and replace; photos; helpful votes one per device;
 * reviews published at once when the merchant says so.
 */
describe.each(testDatabases)('reviews on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let admin = '';
  let ip = 0;
  let products: ProductList['items'] = [];
  let orders = 0;

  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.32.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie: '', ...opts.headers } });
  const asAdmin = (opts: InjectOptions) => call({ ...opts, headers: { cookie: admin, ...opts.headers } });

  /** A guest order of these products, moved by the merchant to delivered; answers its number and its review link from the e-mail. */
  async function deliveredOrder(productIds: number[], deliver = true): Promise<{ number: string; link: string; lineIds: number[] }> {
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `rv-${name}-${++orders}-${Date.now()}` },
      payload: {
        ...testCustomer,
        email: 'mona@example.com',
        phone: testPhone(8000 + orders),
        lines: productIds.map((productId) => ({ productId, quantity: 1 })),
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { number } = placed.json<{ order: { number: string } }>().order;
    const order = await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    const lineIds = (await app.shop.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).orderBy('id').execute()).map((l) => l.id);
    if (!deliver) return { number, link: '', lineIds };
    for (const status of ['confirmed', 'shipped', 'delivered'])
      expect((await asAdmin({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, payload: { status } })).statusCode).toBe(200);
    // The "delivered" e-mail, as it is sent: its "Review your order" link.
    const outbox = (await asAdmin({ method: 'GET', url: '/api/admin/outbox?kind=order_status&pageSize=100' })).json<OutboxList>();
    for (const entry of outbox.items) {
      const preview = (await asAdmin({ method: 'GET', url: `/api/admin/outbox/${entry.id}/preview` })).json<OutboxPreview>();
      const link = new RegExp(`https?://[^\\s"]*(/review/${number}\\?e=\\d+&(?:amp;)?token=[\\w-]+)`).exec(preview.text)?.[1];
      if (link) {
        expect(preview.text).toContain('Review your order');
        return { number, link: link.replace('&amp;', '&'), lineIds };
      }
    }
    throw new Error(`No review link in the e-mails of ${number}`);
  }

  /** The review page's API beside its page: `/review/N?…` → `/api/reviews/N?…`. */
  const apiOf = (link: string) => link.replace(/^\/review\//, '/api/reviews/');

  /** A review sent as the review page sends it: multipart, fields and photos. */
  function send(link: string, fields: Record<string, string | number>, photos: Buffer[] = []) {
    const stringFields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return call({ method: 'POST', url: apiOf(link), ...withPhotos(stringFields, photos) });
  }

  const review = (lineId: number, over: Record<string, string | number> = {}) => ({
    lineId,
    rating: 5,
    title: 'Lovely scent',
    body: 'It fills the whole flat for hours, and the bottle is pretty.',
    displayName: 'Mona A.',
    language: 'en',
    ...over,
  });

  const product = async (id: number) => (await call({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
  const reviewsOf = async (id: number, query = '') => (await call({ method: 'GET', url: `/api/products/${id}/reviews${query}` })).json<ProductReviews>();
  const moderation = async (query: string) => (await asAdmin({ method: 'GET', url: `/api/admin/reviews${query}` })).json<AdminReviewList>();

  let photo: Buffer;

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    admin = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    products = (await call({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<ProductList>()
      .items.filter((p) => p.variants.length === 0 && p.stock >= 20);
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8a27a' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => close?.());

  it('opens only with the delivered e-mail’s signed link: not before delivery, not forged, not after 60 days', async () => {
    const [p] = products;
    const { number, link, lineIds } = await deliveredOrder([p!.id]);
    const opened = await call({ method: 'GET', url: apiOf(link) });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json<ReviewOrder>();
    // The order page opened with its token carries the same link.
    const accessToken = orderToken(app.shop.secret, number);
    expect((await call({ method: 'GET', url: `/api/orders/${number}?token=${accessToken}` })).json()).toMatchObject({ reviewLink: link });
    expect(page).toMatchObject({ number, defaultName: 'Mona A.', lines: [{ lineId: lineIds[0], productId: p!.id, review: null, open: true }] });

    const url = new URL(link, 'http://shop');
    const e = url.searchParams.get('e')!;
    const forged = `/review/${number}?e=${Number(e) + 86400}&token=${url.searchParams.get('token')}`;
    expect((await call({ method: 'GET', url: apiOf(forged) })).json()).toMatchObject({ error: { code: 'review_link_invalid' } });
    const expired = `/review/${number}?e=${Math.floor(Date.now() / 1000) - 10}&token=${url.searchParams.get('token')}`;
    expect((await call({ method: 'GET', url: apiOf(expired) })).statusCode).toBe(410);

    // An order not yet delivered has no link; one made for it with the shop's secret is still refused.
    const waiting = await deliveredOrder([p!.id], false);
    const { reviewPath } = await import('./review-link.js');
    const early = reviewPath(app.shop.secret, waiting.number, new Date(), new Date())!;
    expect((await call({ method: 'GET', url: apiOf(early) })).json()).toMatchObject({ error: { code: 'review_not_delivered' } });
    expect(reviewExpiry(new Date(0))).toBe(60 * 24 * 3600);
  });

  it('takes one review per line, with photos, waiting for the merchant; publishing moves the product’s average and count', async () => {
    const p = products[1]!;
    const before = await product(p.id);
    expect(before).toMatchObject({ rating: 0, reviewCount: 0 });
    const { link, lineIds } = await deliveredOrder([p.id]);
    const sent = await send(link, review(lineIds[0]!, { rating: 4 }), [photo]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending' });
    // The same line again while it waits: refused, and the link's page says it waits.
    expect((await send(link, review(lineIds[0]!))).json()).toMatchObject({ error: { code: 'review_pending' } });
    expect((await call({ method: 'GET', url: apiOf(link) })).json<ReviewOrder>().lines[0]).toMatchObject({
      open: false,
      review: { status: 'pending', rating: 4 },
    });
    // Not on the product until published.
    expect((await reviewsOf(p.id)).items).toHaveLength(0);

    const pending = await moderation(`?status=pending&productId=${p.id}`);
    expect(pending.items).toHaveLength(1);
    const [waiting] = pending.items;
    expect(waiting).toMatchObject({ rating: 4, displayName: 'Mona A.', product: { id: p.id }, status: 'pending' });
    expect(waiting!.orderNumber).toMatch(/^NSM-/);
    expect(waiting!.photos).toHaveLength(1);
    // The photo was re-encoded to WebP and is served.
    const picture = await call({ method: 'GET', url: waiting!.photos[0]!.src });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    expect((await asAdmin({ method: 'POST', url: `/api/admin/reviews/${waiting!.id}/publish` })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'POST', url: `/api/admin/reviews/${waiting!.id}/publish` })).json()).toMatchObject({
      error: { code: 'review_not_pending' },
    });
    expect(await product(p.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    const listed = (await call({ method: 'GET', url: `/api/products?pageSize=100` })).json<ProductList>().items.find((x) => x.id === p.id);
    expect(listed).toMatchObject({ rating: 4, reviewCount: 1 });
    const shown = await reviewsOf(p.id);
    expect(shown.summary).toEqual({ average: 4, count: 1, stars: [0, 0, 0, 1, 0] });
    expect(shown.items[0]).toMatchObject({ rating: 4, title: 'Lovely scent', displayName: 'Mona A.', language: 'en', reply: null, helpful: 0 });
    expect(JSON.stringify(shown)).not.toMatch(/mona@example|NSM-|\+20/);
  });

  it('a new review of the same line replaces the published one only when published; rejecting a published one takes it off', async () => {
    const p = products[2]!;
    const { link, lineIds } = await deliveredOrder([p.id]);
    const first = (await send(link, review(lineIds[0]!, { rating: 2 }))).json<{ id: number }>();
    await asAdmin({ method: 'POST', url: `/api/admin/reviews/${first.id}/publish` });
    expect(await product(p.id)).toMatchObject({ rating: 2, reviewCount: 1 });

    const second = (await send(link, review(lineIds[0]!, { rating: 5, body: 'Changed my mind after a week: it is wonderful.' }))).json<{ id: number }>();
    // While it waits, the first stays published and counted.
    expect(await product(p.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    expect((await moderation(`?status=pending&productId=${p.id}`)).items[0]).toMatchObject({ id: second.id, replacesId: first.id });
    await asAdmin({ method: 'POST', url: `/api/admin/reviews/${second.id}/publish` });
    expect(await product(p.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await moderation(`?status=replaced&productId=${p.id}`)).items.map((r) => r.id)).toEqual([first.id]);

    // The shop replies under it; then rejects it with a reason the buyer sees.
    expect((await asAdmin({ method: 'PUT', url: `/api/admin/reviews/${second.id}/reply`, payload: { text: 'Thank you, Mona!' } })).statusCode).toBe(200);
    expect((await reviewsOf(p.id)).items[0]!.reply).toMatchObject({ text: 'Thank you, Mona!' });
    expect((await asAdmin({ method: 'POST', url: `/api/admin/reviews/${second.id}/reject`, payload: { reason: 'Mentions another shop.' } })).statusCode).toBe(
      200,
    );
    expect(await product(p.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect((await reviewsOf(p.id)).summary).toEqual({ average: 0, count: 0, stars: [0, 0, 0, 0, 0] });
    const page = (await call({ method: 'GET', url: apiOf(link) })).json<ReviewOrder>();
    expect(page.lines[0]).toMatchObject({ open: true, review: { status: 'rejected', rejectReason: 'Mentions another shop.' } });
  });

  it('averages to one decimal, sorts by stars and photos, and pages', async () => {
    const p = products[3]!;
    const ratings = [5, 4, 4, 1];
    for (const [i, rating] of ratings.entries()) {
      const { link, lineIds } = await deliveredOrder([p.id]);
      const sent = (await send(link, review(lineIds[0]!, { rating, title: `Review ${i}` }), i === 2 ? [photo] : [])).json<{ id: number }>();
      await asAdmin({ method: 'POST', url: `/api/admin/reviews/${sent.id}/publish` });
    }
    expect(await product(p.id)).toMatchObject({ rating: 3.5, reviewCount: 4 });
    // "Top rated" lists by the same rule as the shared sortProducts: reviewed products first, best average first.
    const all = (await call({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>();
    const byStars = (await call({ method: 'GET', url: '/api/products?pageSize=100&sort=rating' })).json<ProductList>();
    expect(byStars.items.map((x) => x.id)).toEqual(
      sortProducts(
        all.items.map((x) => ({ ...x, fullDescription: '' })),
        'rating',
      ).map((x) => x.id),
    );
    expect(byStars.items.slice(0, 2).map((x) => x.id)).toEqual([products[1]!.id, p.id]);
    expect((await reviewsOf(p.id)).summary).toEqual({ average: 3.5, count: 4, stars: [1, 0, 0, 2, 1] });
    expect((await reviewsOf(p.id, '?sort=newest')).items.map((r) => r.title)).toEqual(['Review 3', 'Review 2', 'Review 1', 'Review 0']);
    expect((await reviewsOf(p.id, '?sort=highest')).items.map((r) => r.rating)).toEqual([5, 4, 4, 1]);
    expect((await reviewsOf(p.id, '?sort=lowest')).items.map((r) => r.rating)).toEqual([1, 4, 4, 5]);
    const withPhotos = await reviewsOf(p.id, '?sort=photos');
    expect(withPhotos).toMatchObject({ total: 1, items: [{ title: 'Review 2' }] });
    const second = await reviewsOf(p.id, '?pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, items: [{ title: 'Review 0' }] });

    // "Was this helpful?": once per device.
    const id = second.items[0]!.id;
    const first = await call({ method: 'POST', url: `/api/reviews/${id}/helpful` });
    expect(first.json()).toEqual({ helpful: 1, counted: true });
    const device = String(first.headers['set-cookie']).split(';')[0]!;
    expect((await call({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: { cookie: device } })).json()).toEqual({ helpful: 1, counted: false });
    expect((await call({ method: 'POST', url: `/api/reviews/${id}/helpful` })).json()).toEqual({ helpful: 2, counted: true });
  });

  it('refuses bad input with translated codes, and an Arabic review is kept as Arabic', async () => {
    const p = products[4]!;
    const { link, lineIds } = await deliveredOrder([p.id]);
    const short = await send(link, review(lineIds[0]!, { body: 'Nice.' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { code: 'validation', fields: { body: 'review_too_short' } } });
    expect((await send(link, review(lineIds[0]!, { rating: 0 }))).json()).toMatchObject({ error: { fields: { rating: 'rating_required' } } });
    expect((await send(link, review(lineIds[0]!), [photo, photo, photo, photo])).json()).toMatchObject({ error: { code: 'too_many_photos' } });
    expect((await send(link, review(lineIds[0]!), [Buffer.from('<html>not a picture</html>')])).json()).toMatchObject({ error: { code: 'image_invalid' } });
    expect((await send(link, review(999999))).json()).toMatchObject({ error: { code: 'review_line_unknown' } });

    // Published at once when the merchant says so; written in Arabic on the English page, kept as Arabic.
    expect((await asAdmin({ method: 'PUT', url: '/api/admin/reviews/settings', payload: { autoPublish: true } })).statusCode).toBe(200);
    const arabic = await send(link, review(lineIds[0]!, { title: 'رائحة جميلة', body: 'رائحة هادئة تملأ البيت طوال المساء.', displayName: 'منى ع.' }));
    expect(arabic.json()).toMatchObject({ status: 'published' });
    expect((await reviewsOf(p.id)).items[0]).toMatchObject({ language: 'ar', displayName: 'منى ع.' });
    await asAdmin({ method: 'PUT', url: '/api/admin/reviews/settings', payload: { autoPublish: false } });
  });
});
