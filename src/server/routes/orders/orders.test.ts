import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';
import type { Product, ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import { effectivePrice } from '../../../shared/domain/pricing.js';

const customer = {
  fullName: 'Mona Adel',
  phone: '+20 100 555 0199',
  email: 'mona@example.com',
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square, flat 4',
  paymentMethod: 'cod',
};

let seq = 0;
const newKey = () => `test-key-${Date.now()}-${++seq}`;

describe.each(testDatabases)('orders API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let products: ProductSummary[];

  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
  });
  afterAll(async () => close?.());

  // Each request from its own shopper's address, so the checkout rate limit does not interfere.
  const order = (body: unknown, key: string | null = newKey(), remoteAddress = `10.1.${Math.floor(++seq / 250)}.${seq % 250}`) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
    });
  const fresh = async (id: number) => (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>();
  const simple = (min: number) => products.find((p) => p.variants.length === 0 && p.stock >= min)!;

  it('holds the per-line cap after merging repeats, and the per-order cap', async () => {
    const product = simple(1);
    const before = (await fresh(product.id)).stock;
    // 50 identical lines of 99 would merge into one line of 4,950.
    const repeated = await order({ ...customer, lines: Array.from({ length: 50 }, () => ({ productId: product.id, quantity: 99 })) });
    expect(repeated.statusCode, repeated.body).toBe(400);
    expect(repeated.json().error).toMatchObject({ code: 'validation', fields: { 'lines.1.quantity': 'quantity_too_many', lines: 'order_too_many' } });
    // Two lines of 60: each under the cap, 120 together.
    const split = await order({
      ...customer,
      lines: [
        { productId: product.id, quantity: 60 },
        { productId: product.id, quantity: 60 },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json().error.fields).toEqual({ 'lines.1.quantity': 'quantity_too_many' });
    // Invented options on a product sold without options do not split its line either.
    const disguised = await order({
      ...customer,
      lines: [
        { productId: product.id, color: 'red', quantity: 60 },
        { productId: product.id, color: 'blue', quantity: 60 },
      ],
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.fields).toEqual({ lines: 'quantity_too_many' });
    // Eleven different products of 99 each pass the line cap but not the order cap.
    const many = products.slice(0, 11).map((p) => ({ productId: p.id, color: p.variants[0]?.color, size: p.variants[0]?.size, quantity: 99 }));
    const bulk = await order({ ...customer, lines: many });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().error.fields).toEqual({ lines: 'order_too_many' });
    expect((await fresh(product.id)).stock).toBe(before);
  });

  it('prices the order on the server and ignores tampered prices and totals', async () => {
    const product = simple(3);
    const res = await order({
      ...customer,
      total: 1,
      subtotal: 1,
      lines: [{ productId: product.id, quantity: 2, price: 1, unitPrice: 1, lineTotal: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order: placed, accessToken } = res.json();
    const unit = effectivePrice(product.price, product.discount);
    expect(placed.lines[0]).toMatchObject({ productId: product.id, quantity: 2, unitPrice: product.price, unitPaid: unit, lineTotal: unit * 2 });
    expect(placed.subtotal).toBe(unit * 2);
    expect(placed.total).toBe(placed.subtotal + placed.shippingFee);
    expect(placed.status).toBe('pending');
    expect(placed.phone).toBe('01005550199');
    expect(placed.number).toMatch(/^NSM-\d{6}$/);
    expect((await fresh(product.id)).stock).toBe(product.stock - 2);

    const view = await app.inject({ method: 'GET', url: `/api/orders/${placed.number}?token=${accessToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().total).toBe(placed.total);
    const wrong = await app.inject({ method: 'GET', url: `/api/orders/${placed.number}?token=${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
  });

  it('prices a variant with its own price and takes its stock', async () => {
    const product = products.find((p) => p.variants.some((v) => v.price !== null && v.stock >= 1))!;
    const variant = product.variants.find((v) => v.price !== null && v.stock >= 1)!;
    const res = await order({ ...customer, lines: [{ productId: product.id, color: variant.color, size: variant.size, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.lines[0].unitPaid).toBe(effectivePrice(variant.price!, product.discount));
    const after = (await fresh(product.id)).variants.find((v) => v.id === variant.id)!;
    expect(after.stock).toBe(variant.stock - 1);
  });

  it.each([[0], [-1], [1.5], ['2'], [100], [null]])('quantity %o gets 400 naming the line', async (quantity) => {
    const res = await order({ ...customer, lines: [{ productId: simple(1).id, quantity }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('lines.0.quantity');
  });

  it.each([
    [{ phone: '0123' }, 'phone', 'phone_invalid'],
    [{ phone: '01305550199' }, 'phone', 'phone_invalid'],
    [{ governorate: undefined }, 'governorate', 'governorate_required'],
    [{ governorate: 'XXX' }, 'governorate', 'governorate_required'],
    [{ fullName: '' }, 'fullName', 'required'],
    [{ email: 'not-an-email' }, 'email', 'email_invalid'],
    [{ address: 'x' }, 'address', 'address_short'],
    [{ paymentMethod: 'bitcoin' }, 'paymentMethod', 'payment_invalid'],
    // Online methods are offered only when Paymob is configured (payments.test.ts).
    [{ paymentMethod: 'card' }, 'paymentMethod', 'payment_unavailable'],
  ])('%o gets 400 with the field error', async (change, field, code) => {
    const res = await order({ ...customer, ...change, lines: [{ productId: simple(1).id, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(code);
  });

  it('an empty cart, an unknown product or a missing variant choice cannot be ordered', async () => {
    expect((await order({ ...customer, lines: [] })).statusCode).toBe(400);
    const unknown = await order({ ...customer, lines: [{ productId: 999999, quantity: 1 }] });
    expect(unknown.statusCode).toBe(409);
    const variantProduct = products.find((p) => p.variants.length > 0)!;
    const noChoice = await order({ ...customer, lines: [{ productId: variantProduct.id, quantity: 1 }] });
    expect(noChoice.statusCode).toBe(409);
  });

  it('a retry with the same key returns the same order; another body with it gets 422', async () => {
    const product = simple(4);
    const before = (await fresh(product.id)).stock;
    const key = newKey();
    const body = { ...customer, lines: [{ productId: product.id, quantity: 1 }] };
    const first = await order(body, key);
    const second = await order(body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.number).toBe(first.json().order.number);
    expect(second.json().accessToken).toBe(first.json().accessToken);
    expect((await fresh(product.id)).stock).toBe(before - 1);
    const other = await order({ ...body, lines: [{ productId: product.id, quantity: 2 }] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
  });

  it('too little stock gets 409 naming the line, and takes nothing', async () => {
    const a = simple(1);
    const b = products.find((p) => p.variants.length === 0 && p.stock >= 1 && p.id !== a.id)!;
    const before = (await fresh(a.id)).stock;
    const res = await order({
      ...customer,
      lines: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 99 },
      ],
    });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.error.code).toBe('out_of_stock');
    expect(body.error.details.lines).toEqual([expect.objectContaining({ productId: b.id, requested: 99, available: (await fresh(b.id)).stock })]);
    expect((await fresh(a.id)).stock).toBe(before);
  });

  it('20 concurrent checkouts for the last 5 units make exactly 5 orders', async () => {
    const product = simple(5);
    const stock = (await fresh(product.id)).stock;
    // Leave exactly five units.
    if (stock > 5) {
      const res = await order({ ...customer, lines: [{ productId: product.id, quantity: stock - 5 }] });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await fresh(product.id)).stock).toBe(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => order({ ...customer, lines: [{ productId: product.id, quantity: 1 }] }, newKey(), `10.0.0.${i + 1}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect((await fresh(product.id)).stock).toBe(0);
  });

  it('a retry gets its order even when the stock it took is gone, and the same key sent twice at once makes one order', async () => {
    // A product the other tests leave alone: not one they pick, nor among the three best-stocked.
    const busy = new Set([
      simple(1).id,
      simple(4).id,
      simple(5).id,
      ...[...products]
        .sort((a, b) => b.stock - a.stock)
        .slice(0, 3)
        .map((p) => p.id),
    ]);
    const [product, other] = products.filter((p) => p.variants.length === 0 && p.stock >= 2 && p.stock <= 99 && !busy.has(p.id));
    // Every unit, so a retry that took stock again would find none.
    const all = (await fresh(product!.id)).stock;
    const key = newKey();
    const body = { ...customer, lines: [{ productId: product!.id, quantity: all }] };
    const first = await order(body, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await order(body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().order.number).toBe(first.json().order.number);
    expect((await fresh(product!.id)).stock).toBe(0);

    // One unit taken, read where it is kept: how soon the catalogue shows it is the stock tests' concern.
    const stored = async (id: number) => (await app.shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    const before = await stored(other!.id);
    const raced = { ...customer, lines: [{ productId: other!.id, quantity: 1 }] };
    const twice = newKey();
    const answers = await Promise.all([order(raced, twice), order(raced, twice)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().order.number).toBe(answers[1]!.json().order.number);
    expect(await stored(other!.id)).toBe(before - 1);
  });

  // Last: it takes stock from the three best-stocked products the tests above count on.
  it('places orders naming the same products in opposite orders at the same time (no deadlock)', async () => {
    const now = await Promise.all(products.filter((p) => p.variants.length === 0).map((p) => fresh(p.id)));
    const [a, b, c] = now.sort((x, y) => y.stock - x.stock);
    const lines = [a!, b!, c!].map((p) => ({ productId: p.id, quantity: 1 }));
    const answers = await Promise.all(
      Array.from({ length: Math.min(20, c!.stock) }, (_, i) => order({ ...customer, lines: i % 2 ? lines : [...lines].reverse() })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    // The stored lines keep the order the shopper gave.
    expect(answers[1]!.json().order.lines.map((l: { productId: number }) => l.productId)).toEqual(lines.map((l) => l.productId));
    expect(answers[0]!.json().order.lines.map((l: { productId: number }) => l.productId)).toEqual([...lines].reverse().map((l) => l.productId));
  });

  it('answers a new order exactly as the order link reads it back', async () => {
    // Stock as it is now, after the tests above.
    const current = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    const variant = current.find((p) => p.variants.length > 0 && p.variants.some((v) => v.stock > 0))!;
    const option = variant.variants.find((v) => v.stock > 0)!;
    const single = current.find((p) => p.variants.length === 0 && p.stock > 0)!;
    const res = await order({
      ...customer,
      notes: 'Ring twice',
      lines: [
        { productId: single.id, quantity: 1 },
        { productId: variant.id, color: option.color, size: option.size, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{ order: { number: string }; accessToken: string }>();
    const read = await app.inject({ method: 'GET', url: `/api/orders/${placed.order.number}?token=${placed.accessToken}` });
    expect(read.json()).toEqual(placed.order);
  });

  it('keeps the language the order was placed in, for the messages about it', async () => {
    // Stock as it is now, after the tests above.
    const current = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    const single = current.find((p) => p.variants.length === 0 && p.stock >= 3)!;
    const placeIn = async (headers: Record<string, string>) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: `10.2.0.${++seq % 250}`,
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey(), ...headers },
        payload: JSON.stringify({ ...customer, lines: [{ productId: single.id, quantity: 1 }] }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const number = res.json<{ order: { number: string } }>().order.number;
      return (await app.shop.db.selectFrom('orders').select('language').where('number', '=', number).executeTakeFirstOrThrow()).language;
    };
    expect(await placeIn({ cookie: 'i18next=ar' })).toBe('ar');
    expect(await placeIn({ 'accept-language': 'fr-FR,fr;q=0.9' })).toBe('fr');
    expect(await placeIn({})).toBe('en');
  });
});
