import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testCustomer, testDatabases } from '../test-support.js';
import { testPhone, testPromotion } from '../../shared/domain/test-products.js';
import { effectivePrice } from '../../shared/domain/pricing.js';
import type { AdminPromotionInput } from '../../shared/schemas/promotion.js';
import type { Order } from '../../shared/schemas/checkout.js';
import type { Product, ProductList, ProductSuggestions } from '../../shared/schemas/product.js';
import type { AdminCategory } from '../../shared/schemas/admin-product.js';

/**
 * Issue 30, point 5, through the shop's API on each database: a product an automatic offer names
 * (by itself or its category) carries the offer in listings, on its own page and in suggestions,
 * with its price after the offer where that is certain; "Sale" lists it; the price a listing shows
 * is the price checkout charges; pausing the offer takes it off everywhere at once, and a
 * scheduled one comes on at its start with no write.
 */
describe.each(testDatabases)('offers in listings on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let ip = 0;
  let categories: AdminCategory[] = [];

  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.31.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });
  const list = async (query: string): Promise<ProductList> => {
    const res = await call({ method: 'GET', url: `/api/products${query}`, headers: { cookie: '' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductList>();
  };
  const create = async (input: AdminPromotionInput): Promise<number> => {
    const res = await call({ method: 'POST', url: '/api/admin/promotions', payload: input });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const pause = async (id: number, paused: boolean) =>
    expect((await call({ method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { paused } })).statusCode).toBe(200);
  const onePriceAfter = (p: Pick<Product, 'price' | 'discount'>, percent: number) => {
    const unit = effectivePrice(p.price, p.discount);
    return unit - Math.round((unit * percent) / 100);
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    categories = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
  });
  afterAll(async () => close?.());

  it('shows a category offer with the price after it, lists it under Sale, and charges that price', async () => {
    const candles = categories.find((c) => c.slug === 'scented-candles')!;
    const before = await list('?category=scented-candles&pageSize=100');
    const saleBefore = await list('?sale=1&pageSize=100');
    expect(before.items.every((p) => p.offer === undefined)).toBe(true);
    const id = await create(testPromotion({ names: { en: 'Candle week', ar: 'أسبوع الشموع' }, value: 20, categoryIds: [candles.id] }));

    const after = await list('?category=scented-candles&pageSize=100');
    for (const p of after.items) expect(p.offer, p.name).toEqual({ name: 'Candle week', price: onePriceAfter(p, 20) });
    // Other categories carry nothing.
    expect((await list('?category=essential-oils&pageSize=100')).items.every((p) => p.offer === undefined)).toBe(true);
    // In Arabic, the offer's Arabic name.
    expect((await list('?category=scented-candles&lng=ar')).items[0]!.offer!.name).toBe('أسبوع الشموع');

    // "Sale" now lists every candle beside the products with their own discount, facets counting them.
    const sale = await list('?sale=1&pageSize=100');
    const saleIds = new Set(sale.items.map((p) => p.id));
    for (const p of [...saleBefore.items, ...after.items]) expect(saleIds.has(p.id), p.name).toBe(true);
    expect(sale.total).toBe(new Set([...saleBefore.items, ...after.items].map((p) => p.id)).size);
    expect(sale.facets.categories.find((f) => f.value === 'scented-candles')!.count).toBe(after.total);

    // The product's own page and the search box say the same.
    const candle = after.items.find((p) => p.variants.length === 0 && p.stock > 5)!;
    expect((await call({ method: 'GET', url: `/api/products/${candle.id}` })).json<Product>().offer).toEqual(candle.offer);
    const word = candle.name.split(' ').find((w) => w.length > 3)!;
    const suggested = (await call({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(word)}` })).json<ProductSuggestions>();
    const shown = suggested.items.find((p) => p.id === candle.id);
    if (shown) expect(shown.offer).toEqual(candle.offer);

    // The price the listing shows is what checkout takes for one.
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: '', 'idempotency-key': `offers-${name}-${Date.now()}` },
      payload: { ...testCustomer, phone: testPhone(7101), lines: [{ productId: candle.id, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    expect(order.subtotal - order.discount).toBe(candle.offer!.price);

    // Paused: gone from the listing, the product and Sale at once (kept answers are not served).
    await pause(id, true);
    expect((await list('?category=scented-candles&pageSize=100')).items.every((p) => p.offer === undefined)).toBe(true);
    expect((await list('?sale=1&pageSize=100')).total).toBe(saleBefore.total);
    expect((await call({ method: 'GET', url: `/api/products/${candle.id}` })).json<Product>().offer).toBeUndefined();
  });

  it('names an offer with conditions without a price, and leaves whole-order and delivery offers to the cart', async () => {
    const { items } = await list('?category=essential-oils&pageSize=100');
    const [oil, other] = items.filter((p) => p.discount === 0);
    const conditional = await create(testPromotion({ names: { en: 'Oil duo', ar: 'ثنائي الزيوت' }, productIds: [oil!.id], minSubtotal: 200000 }));
    const wholeOrder = await create(testPromotion({ names: { en: 'Everything 5%', ar: 'كل شيء ٥٪' }, value: 5 }));
    const delivery = await create(
      testPromotion({ names: { en: 'Free oils delivery', ar: 'توصيل مجاني' }, kind: 'free_delivery', value: 0, productIds: [other!.id] }),
    );
    const shown = (await list('?category=essential-oils&pageSize=100')).items;
    expect(shown.find((p) => p.id === oil!.id)!.offer).toEqual({ name: 'Oil duo', price: null });
    expect(shown.find((p) => p.id === other!.id)!.offer).toBeUndefined();
    for (const id of [conditional, wholeOrder, delivery]) await pause(id, true);
  });

  it('a scheduled offer comes on at its start and goes at its end, with no write in between', async () => {
    const { items } = await list('?category=aroma-diffusers&pageSize=1');
    const diffuser = items[0]!;
    const start = Date.now() + 60 * 60 * 1000;
    const end = start + 60 * 60 * 1000;
    await create(
      testPromotion({
        names: { en: 'Diffuser hour', ar: 'ساعة الفواحات' },
        productIds: [diffuser.id],
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(end).toISOString(),
      }),
    );
    const promotions = app.shop.promotions;
    const now = await promotions.listingOffers(new Date(start - 1000));
    const during = await promotions.listingOffers(new Date(start + 1000));
    const later = await promotions.listingOffers(new Date(end + 1000));
    expect(now.productIds).not.toContain(diffuser.id);
    expect(during.productIds).toContain(diffuser.id);
    expect(during.stamp).not.toBe(now.stamp);
    expect(later.productIds).not.toContain(diffuser.id);
    expect(later.stamp).toBe(now.stamp);
  });
});
