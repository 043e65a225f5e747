import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { Product, ProductList, ProductSummary } from '../../../shared/schemas/product.js';

// Refused parcels, phone records, risk rules and the blocklist (issue 33, decision 042), through the API.

const base = { governorate: 'CAI', city: 'Nasr City', paymentMethod: 'cod' };
let seq = 0;
/** A shopper of their own: a fresh phone and address, so tests do not see each other's orders. */
const shopper = (extra: Record<string, string> = {}) => {
  const n = ++seq;
  return {
    ...base,
    fullName: `Shopper ${n}`,
    phone: `0100${String(Date.now() % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`,
    address: `${n} Abbas El-Akkad Street, flat ${n}`,
    ...extra,
  };
};
const freshIp = () => `10.33.${Math.floor(++seq / 250)}.${seq % 250}`;

describe.each(testDatabases)('order risk on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let products: ProductSummary[];

  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const ok = async (opts: InjectOptions, status = 200) => {
    const res = await call(opts);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const simple = (min: number) => products.find((p) => p.variants.length === 0 && p.stock >= min)!;
  const stockOf = async (id: number) => (await app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>().stock;
  const order = (who: object, productId = simple(20).id, quantity = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', 'idempotency-key': `risk-${Date.now()}-${++seq}` },
      payload: JSON.stringify({ ...who, lines: [{ productId, quantity }] }),
    });
  const place = async (who: object, productId?: number, quantity?: number) => {
    const res = await order(who, productId, quantity);
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().order.number as string;
    const row = await app.shop.db.selectFrom('orders').select(['id', 'total']).where('number', '=', number).executeTakeFirstOrThrow();
    return { number, ...row };
  };
  const detail = (id: number) => ok({ method: 'GET', url: `/api/admin/orders/${id}` });
  const move = (id: number, status: string, courierReason?: string) =>
    call({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: courierReason ? { status, courierReason } : { status } });
  const ship = async (id: number) => {
    for (const s of ['confirmed', 'shipped']) expect((await move(id, s)).statusCode).toBe(200);
  };
  const setRules = (rules: object) => ok({ method: 'PUT', url: '/api/admin/risk/rules', payload: rules });
  const allOff = { flagRefusedBefore: false, flagRepeatWithinHour: false, flagTotalAbove: null };
  const reasonsOf = async (id: number) => ((await detail(id)).review?.reasons ?? []) as string[];

  beforeAll(async () => {
    // A small per-phone limit: the blocklist's refusals must not use it up.
    const built = await buildTestApp(name, {
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      checkoutLimits: { perPhone: { max: 3, windowMs: 600_000 }, perAccount: { max: 10_000, windowMs: 60_000 }, perAddress: { max: 10_000, windowMs: 60_000 } },
    });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
  });
  afterAll(async () => close?.());

  it('records a refused parcel with the courier’s reason, gives the stock back once, and ends there', async () => {
    await setRules(allOff);
    const product = simple(10);
    const before = await stockOf(product.id);
    const o = await place(shopper(), product.id, 2);
    await ship(o.id);
    expect(await stockOf(product.id)).toBe(before - 2);
    const missing = await move(o.id, 'refused');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ courierReason: 'reason_required' });
    expect((await move(o.id, 'refused', 'not_reachable')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(before);
    expect((await move(o.id, 'refused', 'not_reachable')).statusCode).toBe(409);
    expect((await move(o.id, 'returned', 'other')).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(before);
    const d = await detail(o.id);
    expect(d.status).toBe('refused');
    expect(d.nextStatuses).toEqual([]);
    expect(d.history.at(-1)).toMatchObject({ from: 'shipped', to: 'refused', courierReason: 'not_reachable' });
    // The shopper is not e-mailed about a refused parcel.
    const mails = await app.shop.db.selectFrom('outbox').select('payload').execute();
    expect(mails.filter((m) => m.payload.includes(o.number) && m.payload.includes('"refused"'))).toEqual([]);
    const entry = await app.shop.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('subject_id', '=', o.number)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'refused', courierReason: 'not_reachable' });
  });

  it('gives the stock back once when two admins record the parcel at the same time', async () => {
    const product = simple(10);
    const before = await stockOf(product.id);
    const o = await place(shopper(), product.id, 3);
    await ship(o.id);
    const answers = await Promise.all([move(o.id, 'refused', 'refused_at_door'), move(o.id, 'returned', 'wrong_address'), move(o.id, 'refused', 'other')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(product.id)).toBe(before);
  });

  it('records a parcel returned to the shop; a delivered order can no longer be marked returned', async () => {
    const product = simple(10);
    const before = await stockOf(product.id);
    const o = await place(shopper(), product.id, 1);
    await ship(o.id);
    expect((await move(o.id, 'returned', 'wrong_address')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(before);
    expect((await detail(o.id)).history.at(-1)).toMatchObject({ to: 'returned', courierReason: 'wrong_address' });
    const delivered = await place(shopper());
    await ship(delivered.id);
    expect((await move(delivered.id, 'delivered')).statusCode).toBe(200);
    expect((await move(delivered.id, 'returned', 'other')).statusCode).toBe(409);
  });

  it("counts each phone's record, on the list's rows and on the order page", async () => {
    await setRules(allOff);
    const who = shopper();
    // Three orders: the test app's limit per phone.
    const [delivered, refused, returned] = [await place(who), await place(who), await place({ ...who, address: '99 Another Street, flat 1' })];
    await ship(delivered.id);
    await move(delivered.id, 'delivered');
    await ship(refused.id);
    await move(refused.id, 'refused', 'refused_at_door');
    await ship(returned.id);
    await move(returned.id, 'returned', 'not_reachable');
    const record = { orders: 3, delivered: 1, refused: 2 };
    expect((await detail(returned.id)).phoneRecord).toEqual(record);
    const list = await ok({ method: 'GET', url: `/api/admin/orders?q=${who.phone}` });
    expect(list.items).toHaveLength(3);
    for (const row of list.items) expect(row.phoneRecord).toEqual(record);
    // Another phone on the same page has its own record.
    const other = await place(shopper());
    const page = await ok({ method: 'GET', url: '/api/admin/orders?pageSize=10' });
    expect(page.items.find((r: { id: number }) => r.id === other.id).phoneRecord).toEqual({ orders: 1, delivered: 0, refused: 0 });
  });

  it('flags a phone that refused a parcel before, only while the rule is on', async () => {
    await setRules(allOff);
    const who = shopper();
    const first = await place(who);
    await ship(first.id);
    await move(first.id, 'refused', 'refused_at_door');
    expect(await reasonsOf((await place(who)).id)).toEqual([]);
    await setRules({ ...allOff, flagRefusedBefore: true });
    expect(await reasonsOf((await place(who)).id)).toEqual(['refused_before']);
    expect(await reasonsOf((await place(shopper())).id)).toEqual([]);
  });

  it('flags the same phone, or the same address written another way, within the last hour', async () => {
    await setRules({ ...allOff, flagRepeatWithinHour: true });
    const who = shopper();
    const first = await place(who);
    expect(await reasonsOf(first.id)).toEqual([]);
    expect(await reasonsOf((await place({ ...who, address: '7 Other Road, floor 2' })).id)).toEqual(['repeat_phone']);
    // Another phone at the first address, typed with other punctuation and case.
    const neighbour = shopper({ address: who.address.toUpperCase().replace(',', ' ,'), city: ' nasr city' });
    expect(await reasonsOf((await place(neighbour)).id)).toEqual(['repeat_address']);
    // More than an hour ago does not count.
    const later = shopper();
    const old = await place(later);
    await app.shop.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect(await reasonsOf((await place(later)).id)).toEqual([]);
    await setRules(allOff);
    expect(await reasonsOf((await place(who)).id)).toEqual([]);
  });

  it('flags a total above the amount; the rules are validated and audited', async () => {
    const probe = await place(shopper());
    await setRules({ ...allOff, flagTotalAbove: probe.total - 1 });
    expect(await reasonsOf((await place(shopper())).id)).toEqual(['total_above']);
    await setRules({ ...allOff, flagTotalAbove: probe.total });
    expect(await reasonsOf((await place(shopper())).id)).toEqual([]);
    expect((await call({ method: 'PUT', url: '/api/admin/risk/rules', payload: { ...allOff, flagTotalAbove: 0 } })).statusCode).toBe(400);
    expect(await ok({ method: 'GET', url: '/api/admin/risk/rules' })).toEqual({ ...allOff, flagTotalAbove: probe.total });
    const entry = await app.shop.db.selectFrom('audit_log').select(['kind', 'action']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'settings', action: 'risk' });
  });

  it('keeps flagged orders in the Review filter until one is marked reviewed', async () => {
    await setRules({ ...allOff, flagTotalAbove: 1 });
    const flagged = await place(shopper());
    await setRules(allOff);
    const clean = await place(shopper());
    const waiting = await ok({ method: 'GET', url: '/api/admin/orders?review=waiting&pageSize=100' });
    const ids = waiting.items.map((r: { id: number }) => r.id);
    expect(ids).toContain(flagged.id);
    expect(ids).not.toContain(clean.id);
    expect(waiting.items.every((r: { toReview: boolean }) => r.toReview)).toBe(true);
    expect((await ok({ method: 'POST', url: `/api/admin/orders/${flagged.id}/reviewed` })).ok).toBe(true);
    expect((await call({ method: 'POST', url: `/api/admin/orders/${flagged.id}/reviewed` })).statusCode).toBe(409);
    expect((await call({ method: 'POST', url: `/api/admin/orders/${clean.id}/reviewed` })).statusCode).toBe(409);
    const after = await ok({ method: 'GET', url: '/api/admin/orders?review=waiting&pageSize=100' });
    expect(after.items.map((r: { id: number }) => r.id)).not.toContain(flagged.id);
    const review = (await detail(flagged.id)).review;
    expect(review).toMatchObject({ reasons: ['total_above'], reviewedBy: 'Shop admin' });
    expect(review.reviewedAt).toBeTruthy();
  });

  it('refuses a blocked phone at checkout politely, without an order and without using its limit', async () => {
    await setRules(allOff);
    const who = shopper();
    const product = simple(10);
    const before = await stockOf(product.id);
    const added = await ok({
      method: 'POST',
      url: '/api/admin/risk/blocked',
      payload: { kind: 'phone', value: `+20 ${who.phone.slice(1)}`, note: 'Refused 3 parcels' },
    });
    expect(added.created).toBe(true);
    expect((await ok({ method: 'POST', url: '/api/admin/risk/blocked', payload: { kind: 'phone', value: who.phone } })).created).toBe(false);
    const orders = await app.shop.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // More attempts than the phone's limit (3): each refused as blocked, none counted.
    for (let i = 0; i < 5; i++) {
      const refused = await order(who, product.id, 1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('checkout_blocked');
    }
    expect(
      await app.shop.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(orders);
    expect(await stockOf(product.id)).toBe(before);
    expect((await detail((await place(shopper())).id)).phoneBlocked).toBe(false);

    const listed = await ok({ method: 'GET', url: `/api/admin/risk/blocked?q=${encodeURIComponent(who.phone.slice(0, 7))}` });
    expect(listed.items).toEqual([
      expect.objectContaining({ id: added.id, kind: 'phone', value: who.phone, note: 'Refused 3 parcels', createdBy: 'Shop admin' }),
    ]);
    expect(listed.total).toBe(1);
    await ok({ method: 'DELETE', url: `/api/admin/risk/blocked/${added.id}` });
    expect((await call({ method: 'DELETE', url: `/api/admin/risk/blocked/${added.id}` })).statusCode).toBe(404);
    // Unblocked: the limit is whole (3 orders).
    for (let i = 0; i < 3; i++) await place(who);
    expect((await order(who)).statusCode).toBe(429);
    const actions = await app.shop.db.selectFrom('audit_log').select('action').where('kind', '=', 'settings').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['blocked', 'unblocked']));
  });

  it('refuses a blocked e-mail in any case, and shows a blocked phone on its order page', async () => {
    await ok({ method: 'POST', url: '/api/admin/risk/blocked', payload: { kind: 'email', value: 'Fraud@Example.com' } });
    const refused = await order(shopper({ email: 'fraud@EXAMPLE.com' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('checkout_blocked');
    const who = shopper();
    const o = await place(who);
    await ok({ method: 'POST', url: '/api/admin/risk/blocked', payload: { kind: 'phone', value: who.phone } });
    expect((await detail(o.id)).phoneBlocked).toBe(true);
    const bad = await call({ method: 'POST', url: '/api/admin/risk/blocked', payload: { kind: 'phone', value: '12345' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ value: 'phone_invalid' });
  });
});
