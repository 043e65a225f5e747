import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testCustomer, testDatabases } from '../test-support.js';
import { testPhone, testPromotion } from '../../shared/domain/test-products.js';
import type { PromotionRule } from '../../shared/domain/promotions.js';
import { addToCart, mergeOrderLines, type CartItem } from '../../shared/domain/cart.js';
import { quoteCart } from '../../shared/domain/quote.js';
import { governorateCodes } from '../../shared/domain/governorates.js';
import { variantPrice } from '../../shared/domain/pricing.js';
import { makeProduct } from '../../shared/domain/test-products.js';
import { variantColors, variantSizes, type AdminCategory, type AdminProductInput } from '../../shared/schemas/admin-product.js';
import type { Order } from '../../shared/schemas/checkout.js';
import type { Product } from '../../shared/schemas/product.js';
import { maxSettingPiastres, type AdminSettings, type PublicSettings } from '../../shared/schemas/settings.js';
import { quoteOrderLines } from './checkout.js';

/**
 * The cart page and the checkout summary quote from the browser's copy of the products and
 * settings; the server quotes the order again from its own rows. Random carts must come out the
 * same on both sides, to the piastre.
 */

/** A product as the merchant may set it: price, own discount, and maybe variants with their own prices. */
interface Draft {
  price: number;
  discount: number;
  variants: Array<{ color: string; size: string; price: number | null }>;
}
const productArb: fc.Arbitrary<Draft> = fc.record({
  // Up to 10,000 EGP a unit: 99 units of a few such lines stay inside the orders table's integer columns.
  price: fc.integer({ min: 1, max: 1_000_000 }),
  discount: fc.integer({ min: 0, max: 90 }),
  variants: fc.uniqueArray(
    fc.record({ color: fc.constantFrom(...variantColors), size: fc.constantFrom(...variantSizes), price: fc.option(fc.integer({ min: 1, max: 1_000_000 })) }),
    { maxLength: 3, selector: (v) => `${v.color}|${v.size}` },
  ),
});

/** What the shopper adds: which product, which of its variants (by index), how many. */
const pickArb = fc.record({ product: fc.nat(), variant: fc.nat(), quantity: fc.integer({ min: 1, max: 99 }) });

/** The merchant's delivery settings; the threshold is sometimes put exactly at, or one piastre past, the cart's subtotal. */
const settingsArb = fc.record({
  threshold: fc.oneof(
    fc.constant({ mode: 'none' as const }),
    fc.constant({ mode: 'at' as const }),
    fc.constant({ mode: 'past' as const }),
    fc.integer({ min: 0, max: maxSettingPiastres }).map((value) => ({ mode: 'fixed' as const, value })),
  ),
  fees: fc.dictionary(fc.constantFrom(...governorateCodes), fc.integer({ min: 0, max: maxSettingPiastres })),
});

type Picks = Array<{ product: number; variant: number; quantity: number }>;
type ThresholdMode = { mode: 'none' | 'at' | 'past' } | { mode: 'fixed'; value: number };

/** The cart the browser keeps after adding each pick in turn (the cart's own rules: merging, caps). */
function fillCart(products: Product[], picks: Picks): CartItem[] {
  let cart: CartItem[] = [];
  let n = 0;
  for (const pick of picks) {
    const product = products[pick.product % products.length]!;
    const variant = product.variants.length ? product.variants[pick.variant % product.variants.length] : undefined;
    cart = addToCart(
      cart,
      { product, quantity: pick.quantity, selectedProductColor: variant?.color ?? null, selectedProductSize: variant?.size ?? null },
      () => `line-${++n}`,
    );
  }
  return cart;
}

/** The threshold the test sets, from its mode and the subtotal the browser shows. */
function thresholdFor(mode: ThresholdMode, subtotal: number): number {
  if (mode.mode === 'fixed') return mode.value;
  if (mode.mode === 'none') return 0;
  return Math.min(maxSettingPiastres, subtotal + (mode.mode === 'past' ? 1 : 0));
}

/** What checkout sends: ids, options and quantities only. */
const checkoutLines = (cart: CartItem[]) =>
  cart.map((l) => ({ productId: l.id, color: l.selectedProductColor, size: l.selectedProductSize, quantity: l.quantity }));

describe('the browser’s quote and the checkout service’s quote agree (many random carts)', () => {
  it('from the same catalogue rows, through the function the service prices with', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { minLength: 1, maxLength: 5 }),
        fc.array(pickArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...governorateCodes),
        settingsArb,
        (drafts, picks, governorate, s) => {
          const products = drafts.map((d, i) =>
            makeProduct({ id: i + 1, price: d.price, discount: d.discount, stock: 999, variants: d.variants.map((v, j) => ({ id: j + 1, ...v, stock: 999 })) }),
          );
          const cart = fillCart(products, picks);
          const display = { freeShippingThreshold: 0, shippingFees: s.fees };
          display.freeShippingThreshold = thresholdFor(s.threshold, quoteCart(cart, null, display).subtotal);
          const browser = quoteCart(cart, governorate, display);
          // The service's lines: the request merged, each priced from its product row and variant row.
          const rows = mergeOrderLines(checkoutLines(cart)).map((l) => {
            const product = products.find((p) => p.id === l.productId)!;
            const variant = product.variants.find((v) => v.color === l.color && v.size === l.size);
            return { unitPrice: variantPrice(product.price, variant), discount: product.discount, quantity: l.quantity };
          });
          const server = quoteOrderLines(rows, governorate, display);
          expect(server.lines).toEqual(browser.lines);
          expect([server.subtotal, server.shipping, server.total]).toEqual([browser.subtotal, browser.shipping, browser.total]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe.each(testDatabases)('real orders on $name are charged what the cart and checkout showed', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let ip = 0;
  let category = 0;
  let settings: AdminSettings;
  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.28.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    category = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items[0]!.id;
    settings = (await call({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
  });
  afterAll(async () => close?.());

  /** A new product in the shop, as the merchant's form sends it, with plenty of stock; answers the storefront's copy. */
  const createProduct = async (draft: Draft) => {
    const input: AdminProductInput = {
      sku: `QT-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      name: { en: 'Quote Test Oil', ar: 'زيت تجريبي', fr: '', de: '' },
      shortDescription: { en: '', ar: '', fr: '', de: '' },
      fullDescription: { en: '', ar: '', fr: '', de: '' },
      price: draft.price,
      discount: draft.discount,
      offerEnd: null,
      isNew: false,
      visible: true,
      categoryIds: [category],
      tags: [],
      images: [],
      hasVariants: draft.variants.length > 0,
      stock: 999,
      variants: draft.variants.map((v) => ({ ...v, stock: 999 })),
    };
    const res = await call({ method: 'POST', url: '/api/admin/products', payload: input });
    expect(res.statusCode, res.body).toBe(201);
    return (await call({ method: 'GET', url: `/api/products/${res.json<{ id: number }>().id}` })).json<Product>();
  };

  it('places random carts to random governorates under random delivery settings', async () => {
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 1, maxLength: 3 }),
        fc.array(pickArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...governorateCodes),
        settingsArb,
        async (drafts, picks, governorate, s) => {
          const products: Product[] = [];
          for (const draft of drafts) products.push(await createProduct(draft));
          const cart = fillCart(products, picks);
          const subtotal = quoteCart(cart, null, { freeShippingThreshold: 0, shippingFees: {} }).subtotal;
          const edited = { ...settings, freeShippingThreshold: thresholdFor(s.threshold, subtotal), shippingFees: { ...settings.shippingFees, ...s.fees } };
          const saved = await call({ method: 'PUT', url: '/api/admin/settings', payload: edited });
          expect(saved.statusCode, saved.body).toBe(200);
          // The browser's copy of the settings, as the storefront reads them.
          const shown = (await call({ method: 'GET', url: '/api/settings' })).json<PublicSettings>();
          const browser = quoteCart(cart, governorate, shown);

          const res = await call({
            method: 'POST',
            url: '/api/orders',
            headers: { cookie: '', 'idempotency-key': `quote-${name}-${++placed}-${Date.now()}` },
            payload: { ...testCustomer, governorate, lines: checkoutLines(cart) },
          });
          expect(res.statusCode, res.body).toBe(201);
          const order = res.json<{ order: Order }>().order;
          expect(order.lines.map((l) => [l.unitPaid, l.quantity, l.lineTotal])).toEqual(browser.lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal]));
          expect([order.subtotal, order.shippingFee, order.total]).toEqual([browser.subtotal, browser.shipping, browser.total]);
        },
      ),
      { numRuns: name === 'sqlite' ? 25 : 10 },
    );
  }, 300_000);

  /** A random offer as the merchant's form sends it: any kind, scope, minimum and combination, a code or automatic. */
  const offerArb = fc.record({
    code: fc.boolean(),
    kind: fc.constantFrom('percent' as const, 'amount' as const, 'free_delivery' as const),
    value: fc.integer({ min: 1, max: 100 }),
    amount: fc.integer({ min: 1, max: 500_000 }),
    minSubtotal: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
    scope: fc.constantFrom('order' as const, 'category' as const, 'product' as const),
    withProductDiscounts: fc.boolean(),
    combines: fc.boolean(),
  });

  it('places random carts with random offers and codes: the order is charged what the browser quoted', async () => {
    let placed = 0;
    let made: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(productArb, { minLength: 1, maxLength: 3 }),
        fc.array(pickArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...governorateCodes),
        fc.array(offerArb, { minLength: 1, maxLength: 3 }),
        async (drafts, picks, governorate, offers) => {
          // The offers of the run before end, so each run quotes with its own.
          for (const id of made) await call({ method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { paused: true } });
          made = [];
          const products: Product[] = [];
          for (const draft of drafts) products.push(await createProduct(draft));
          let code: string | null = null;
          for (const offer of offers) {
            const own: string | null = offer.code && code === null ? `PQ${++placed}${name.toUpperCase()}${Date.now().toString(36)}`.slice(0, 32) : null;
            const res = await call({
              method: 'POST',
              url: '/api/admin/promotions',
              payload: testPromotion({
                names: { en: 'Random offer', ar: 'عرض' },
                code: own,
                kind: offer.kind,
                value: offer.kind === 'percent' ? offer.value : offer.kind === 'amount' ? offer.amount : 0,
                productIds: offer.scope === 'product' ? [products[0]!.id] : [],
                categoryIds: offer.scope === 'category' ? [category] : [],
                minSubtotal: offer.minSubtotal,
                withProductDiscounts: offer.withProductDiscounts,
                combines: offer.combines,
              }),
            });
            expect(res.statusCode, res.body).toBe(201);
            made.push(res.json<{ id: number }>().id);
            code = own ?? code;
          }
          const cart = fillCart(products, picks);
          const shown = (await call({ method: 'GET', url: '/api/settings' })).json<PublicSettings>();
          // What the browser quotes with: the automatic offers, and the code once "Apply" accepted it.
          const rules = (await call({ method: 'GET', url: '/api/promotions' })).json<{ items: PromotionRule[] }>().items;
          if (code !== null) {
            const applied = await call({ method: 'POST', url: '/api/promotions/code', payload: { code: code.toLowerCase(), lines: checkoutLines(cart) } });
            if (applied.statusCode === 200) rules.push(applied.json<{ rule: PromotionRule }>().rule);
            else {
              expect(applied.statusCode, applied.body).toBe(409);
              code = null;
            }
          }
          let browser = quoteCart(cart, governorate, shown, rules);
          // Accepted at "Apply" (no destination yet), a code may lose to a free-delivery offer once
          // the governorate is chosen: the browser's quote shows it refused, checkout refuses it with
          // that reason, and the shopper orders without it (what the checkout page then does).
          const lost = code !== null && browser.promotions.refused.find((r) => r.rule.code !== null);
          if (lost) {
            const refused = await call({
              method: 'POST',
              url: '/api/orders',
              headers: { cookie: '', 'idempotency-key': `promo-${name}-${++placed}-${Date.now()}` },
              payload: { ...testCustomer, phone: testPhone(placed % 90), governorate, lines: checkoutLines(cart), couponCode: code },
            });
            expect(refused.statusCode, refused.body).toBe(409);
            const codes = {
              not_combinable: 'promotion_not_combinable',
              minimum_not_reached: 'promotion_minimum',
              not_for_these_products: 'promotion_not_applicable',
            };
            expect(refused.json()).toMatchObject({ error: { code: codes[lost.reason] } });
            code = null;
            browser = quoteCart(
              cart,
              governorate,
              shown,
              rules.filter((r) => r.code === null),
            );
          }
          const res = await call({
            method: 'POST',
            url: '/api/orders',
            headers: { cookie: '', 'idempotency-key': `promo-${name}-${++placed}-${Date.now()}` },
            payload: { ...testCustomer, phone: testPhone(placed % 90), governorate, lines: checkoutLines(cart), ...(code && { couponCode: code }) },
          });
          expect(res.statusCode, res.body).toBe(201);
          const order = res.json<{ order: Order }>().order;
          expect([order.subtotal, order.discount, order.shippingFee, order.total]).toEqual([
            browser.subtotal,
            browser.discounts,
            browser.shipping,
            browser.total,
          ]);
          expect(order.promotions.map((p) => p.amount)).toEqual(
            browser.promotions.applied.map(({ rule }) => Math.abs(browser.adjustments.find((a) => a.promotionId === rule.id)?.amount ?? 0)),
          );
        },
      ),
      { numRuns: name === 'sqlite' ? 20 : 8 },
    );
    for (const id of made) await call({ method: 'PATCH', url: `/api/admin/promotions/${id}`, payload: { paused: true } });
  }, 300_000);
});
