import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ProductList, ProductSummary } from '../../../shared/schemas/product.js';
import type { TrackedOrder } from '../../../shared/schemas/order-track.js';

const customer = {
  fullName: 'Mona Adel',
  email: 'mona@example.com',
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square, flat 4',
  notes: 'Ring twice',
  paymentMethod: 'cod',
};

let seq = 0;
/** Each request from its own address unless a test says otherwise, so the per-address ceiling stays out of the way. */
const freshIp = () => `10.7.${Math.floor(++seq / 250)}.${seq % 250}`;
/** A phone number of its own for each order, so the per-phone limits of one test do not reach another. */
const freshPhone = () => `0100777${String(1000 + (++seq % 9000)).padStart(4, '0')}`;

/** The `track-device=…` pair a response set, ready for a cookie header ('' when none). */
function trackCookie(res: { headers: Record<string, unknown> }): string {
  const set = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);
  return set.find((c) => c.startsWith('track-device='))?.split(';')[0] ?? '';
}

describe.each(testDatabases)('tracking an order by number and phone on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let product: ProductSummary;

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts });
  const track = (body: unknown, remoteAddress = freshIp()) => app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress, payload: body as object });
  const place = async (phone: string) => {
    const res = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `track-${Date.now()}-${++seq}` },
      payload: JSON.stringify({ ...customer, phone, lines: [{ productId: product.id, quantity: 2 }] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json<{ order: { number: string } }>().order.number;
    const row = await app.shop.db.selectFrom('orders').select('id').where('number', '=', number).executeTakeFirstOrThrow();
    return { number, id: row.id, device: trackCookie(res) };
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    product = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<ProductList>()
      .items.find((p) => p.variants.length === 0 && p.stock >= 40)!;
  });
  afterAll(async () => close?.());

  it('answers the status, its history, the lines and the amounts, and nothing private', async () => {
    const phone = freshPhone();
    const placed = await place(phone);
    const moved = await call({
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/status`,
      headers: { cookie },
      payload: { status: 'confirmed', note: 'Customer sounded unsure, call again before shipping' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const res = await track({ number: placed.number, phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = res.json<TrackedOrder>();
    expect(order).toMatchObject({ number: placed.number, status: 'confirmed', governorate: 'ALX', paymentMethod: 'cod', currency: 'EGP' });
    expect(order.lines).toMatchObject([{ productId: product.id, quantity: 2 }]);
    expect(order.total).toBe(order.subtotal + order.shippingFee);
    expect(order.history.map((h) => h.status)).toEqual(['pending', 'confirmed']);
    expect(order.history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
    // Who and where stay with the private link; the merchant's note and names stay in the admin.
    expect(Object.keys(order).sort()).toEqual(
      ['createdAt', 'currency', 'governorate', 'history', 'lines', 'number', 'paymentMethod', 'shippingFee', 'status', 'subtotal', 'total'].sort(),
    );
    for (const secret of ['Mona', 'mona@', 'Victor', 'Smouha', 'Ring twice', 'unsure', 'token', phone.slice(1)]) expect(res.body).not.toContain(secret);
    expect(Object.keys(order.history[1]!).sort()).toEqual(['at', 'status']);
  });

  it('reads the number and the phone in any written form', async () => {
    const phone = freshPhone();
    const { number } = await place(phone);
    const digits = number.slice(4);
    const arabic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const local = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    for (const [n, p] of [
      [number, phone],
      [number.toLowerCase(), `+20${phone.slice(1)}`],
      [digits, `+20 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`],
      [` #${number} `, `0020${phone.slice(1)}`],
      [`NSM ${digits}`, local.replace(/ /g, '-')],
      [arabic(digits), arabic(phone)],
      [`NSM-${arabic(digits)}`, `+٢٠ ${arabic(phone.slice(1))}`],
    ]) {
      const res = await track({ number: n, phone: p });
      expect(res.statusCode, `${n} / ${p}: ${res.body}`).toBe(200);
      expect(res.json<TrackedOrder>().number).toBe(number);
    }
  });

  it('answers a wrong phone and an unknown number alike', async () => {
    const phone = freshPhone();
    const { number } = await place(phone);
    const other = freshPhone();
    const wrongPhone = await track({ number, phone: other });
    const unknown = await track({ number: 'NSM-999999', phone });
    for (const res of [wrongPhone, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(wrongPhone.json()).toEqual(unknown.json());
    expect(wrongPhone.json().error.code).toBe('order_not_found');
    expect(wrongPhone.headers['content-length']).toBe(unknown.headers['content-length']);
  });

  it('refuses what is not a number or a phone with field codes', async () => {
    const res = await track({ number: 'my order', phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', fields: { number: 'order_number_invalid', phone: 'phone_invalid' } });
    const empty = await track({ number: '', phone: '' });
    expect(empty.json().error.fields).toEqual({ number: 'required', phone: 'required' });
  });

  it('locks a number after 5 wrong phones, whether or not an order has it, and the owner too while it lasts', async () => {
    const phone = freshPhone();
    const { number } = await place(phone);
    for (const target of [number, 'NSM-998877']) {
      for (let i = 0; i < 5; i++) expect((await track({ number: target, phone: freshPhone() })).statusCode).toBe(404);
      const locked = await track({ number: target, phone: freshPhone() });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('too_many_attempts');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.headers['cache-control']).toBe('no-store');
    }
    expect((await track({ number, phone })).statusCode).toBe(429);
  });

  it('keeps a browser that placed the order out of the lock strangers cause, with an allowance of its own', async () => {
    const phone = freshPhone();
    const { number, device } = await place(phone);
    expect(device).toMatch(/^track-device=[\w-]{22}\.NSM-\d+\.[\w-]{43}$/);
    // Strangers guess the phone until the number is locked for them...
    for (let i = 0; i < 5; i++) expect((await track({ number, phone: freshPhone() })).statusCode).toBe(404);
    expect((await track({ number, phone })).statusCode).toBe(429);
    // ...and for the phone too: 10 wrong numbers with it.
    for (let i = 0; i < 10; i++) expect((await track({ number: `NSM-${910000 + i}`, phone })).statusCode).toBe(404);
    // The shopper's own browser still finds its order.
    const own = (body: object) => app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress: freshIp(), headers: { cookie: device }, payload: body });
    expect((await own({ number, phone })).statusCode).toBe(200);
    // Its own mistakes are counted against it alone: 5 wrong phones lock this browser as well.
    for (let i = 0; i < 5; i++) expect((await own({ number, phone: freshPhone() })).statusCode).toBe(404);
    expect((await own({ number, phone })).statusCode).toBe(429);
  });

  it('gives a tracked order to the browser that found it; a forged or another order\'s cookie counts as a stranger', async () => {
    const phone = freshPhone();
    const { number, device } = await place(phone);
    const other = await place(freshPhone());
    // Found from a browser that never saw it: the answer names it in that browser's cookie.
    const found = await track({ number: other.number, phone: (await app.shop.db.selectFrom('orders').select('phone').where('id', '=', other.id).executeTakeFirstOrThrow()).phone });
    expect(found.statusCode).toBe(200);
    expect(trackCookie(found)).toContain(other.number);
    // The cookie of this order does not shelter a look-up of another order.
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress: freshIp(), headers: { cookie: device }, payload: { number: other.number, phone: freshPhone() } })).statusCode).toBe(404);
    expect((await track({ number: other.number, phone: freshPhone() })).statusCode).toBe(429);
    // A cookie naming this order with a signature that does not match is a stranger's.
    const forged = device.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress: freshIp(), headers: { cookie: forged }, payload: { number, phone: freshPhone() } })).statusCode).toBe(404);
    expect((await track({ number, phone })).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/api/orders/track', remoteAddress: freshIp(), headers: { cookie: device }, payload: { number, phone } })).statusCode).toBe(200);
  });

  it('locks a phone after 10 unknown numbers; finding an order costs nothing', async () => {
    const phone = freshPhone();
    const { number } = await place(phone);
    // The owner looking again and again is not counted.
    for (let i = 0; i < 12; i++) expect((await track({ number, phone })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await track({ number: `NSM-${900000 + i}`, phone })).statusCode).toBe(404);
    expect((await track({ number: 'NSM-900050', phone })).statusCode).toBe(429);
    expect((await track({ number, phone })).statusCode).toBe(429);
  });

  it('answers 429 past 30 look-ups from one address in 15 minutes', async () => {
    const address = '10.8.0.1';
    for (let i = 0; i < 30; i++) expect((await track({ number: `NSM-${800000 + i}`, phone: freshPhone() }, address)).statusCode).toBe(404);
    const refused = await track({ number: 'NSM-800100', phone: freshPhone() }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // Another address is not held by it.
    expect((await track({ number: 'NSM-800101', phone: freshPhone() })).statusCode).toBe(404);
  });
});
