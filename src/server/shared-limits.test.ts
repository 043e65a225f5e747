import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { defaultCheckoutLimits, type CheckoutLimits } from './config.js';
import {
  buildTestApp,
  deleteRedisKeys,
  redisAnswers,
  registerThroughEmail,
  sessionCookie,
  testDatabases,
  testRedisPrefix,
  testRedisUrl,
} from './test-support.js';
import type { ProductList } from '../shared/schemas/product.js';

/**
 * Limits are the same whichever process answers (issue 14, decision 016). With Redis, two apps
 * over one REDIS_URL and one database stand for two shop processes behind a balancer, and
 * requests alternate between them; without Redis the shop is one process, so both are one app.
 */
interface Setup {
  name: string;
  db: 'sqlite' | 'postgres';
  redis: boolean;
}

const setups: Setup[] = [
  ...testDatabases.map((d) => ({ name: `one process on ${d.name}, no Redis`, db: d.name, redis: false })),
  ...((await redisAnswers()) ? [{ name: `two processes over Redis (${testDatabases.at(-1)!.name})`, db: testDatabases.at(-1)!.name, redis: true }] : []),
];

// Small numbers, so each limit is reached in a few requests; the shop's own are in config.ts.
const limits: CheckoutLimits = {
  perPhone: { max: 3, windowMs: 10 * 60_000 },
  perAccount: { max: 4, windowMs: 10 * 60_000 },
  perAddress: { max: 12, windowMs: 60_000 },
};

const customer = {
  fullName: 'Mona Adel',
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square, flat 4',
  paymentMethod: 'cod',
};

let seq = 0;

describe.each(setups)('shared limits: $name', (setup) => {
  const prefix = testRedisPrefix();
  const apps: Array<Awaited<ReturnType<typeof buildTestApp>>> = [];
  let productId = 0;

  beforeAll(async () => {
    const overrides = { checkoutLimits: limits, ...(setup.redis ? { redisUrl: testRedisUrl, redisPrefix: prefix } : {}) };
    const first = await buildTestApp(setup.db, overrides);
    apps.push(first);
    const { databaseUrl, pgSchema } = first.app.shop.config;
    if (setup.redis) apps.push(await buildTestApp(setup.db, { ...overrides, databaseUrl, pgSchema }));
    const list = (await apps[0]!.app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>();
    productId = list.items.find((p) => p.variants.length === 0 && p.stock >= 50)!.id;
  });
  afterAll(async () => {
    // The second app closes first: the first one's close removes the database they share.
    for (const built of apps.reverse()) await built.close();
    if (setup.redis) await deleteRedisKeys(prefix);
  });

  /** The n-th request's process: A, B, A, B... (always A without Redis). */
  const via = (n: number) => apps[n % apps.length]!.app;
  const send = (n: number, options: InjectOptions) => via(n).inject(options);
  const order = (n: number, phone: string, options: { remoteAddress?: string; key?: string; cookie?: string; quantity?: number } = {}) =>
    send(n, {
      method: 'POST',
      url: '/api/orders',
      remoteAddress: options.remoteAddress ?? `10.7.${++seq % 250}.${Math.floor(seq / 250)}`,
      headers: { 'idempotency-key': options.key ?? `limits-${Date.now()}-${++seq}`, ...(options.cookie ? { cookie: options.cookie } : {}) },
      payload: { ...customer, phone, lines: [{ productId, quantity: options.quantity ?? 1 }] },
    });

  it('reports Redis in the health check when it is configured', async () => {
    const health = (await send(0, { method: 'GET', url: '/api/health' })).json();
    if (setup.redis) expect(health).toMatchObject({ status: 'ok', redis: 'ok' });
    else expect(health).not.toHaveProperty('redis');
  });

  it('locks an account after 5 failed sign-ins in all, whichever process they reach', async () => {
    const email = `someone-${setup.db}-${setup.redis}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(i, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.8.0.${i + 1}`,
        payload: { email, password: `wrong-password-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('too_many_attempts');
    }
    // The same count as one process: five failures, then locked from both.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Counted in Redis, not in the database the two processes also share.
    const rows = await apps[0]!.db.db.selectFrom('rate_limits').select('key').execute();
    if (setup.redis) {
      expect(rows).toEqual([]);
      const client = new Redis(testRedisUrl);
      try {
        expect((await client.keys(`${prefix}attempt:a:*`)).length).toBeGreaterThan(0);
      } finally {
        client.disconnect();
      }
    } else expect(rows.length).toBeGreaterThan(0);
  });

  it("trips one address's sign-in limit at the same count as one process", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await send(i, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.0.1',
        payload: { email: `nobody-${i}@example.com`, password: 'whatever-it-is' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error).toMatchObject({ code: 'rate_limited' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('refuses a phone number past its orders from either process, while another phone at the same address still orders', async () => {
    const phone = '01005550111';
    for (let i = 0; i < limits.perPhone.max; i++) {
      const res = await order(i, phone);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const n of [0, 1]) {
      const refused = await order(n, '+20 100 555 0111', { remoteAddress: '10.10.0.1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_orders');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);
    }
    // The shopper next to them, behind the same carrier address, is not refused.
    expect((await order(1, '01225550222', { remoteAddress: '10.10.0.1' })).statusCode).toBe(201);
  });

  it('counts only orders made: a checkout refused for stock and a retried order take their count back', async () => {
    const phone = '01115550333';
    // Far more than there is: refused for stock, not counted.
    for (let i = 0; i < 4; i++) expect((await order(i, phone, { quantity: 99 })).statusCode).not.toBe(201);
    const key = `limits-retry-${Date.now()}`;
    const made = await order(0, phone, { key, remoteAddress: '10.11.0.1' });
    expect(made.statusCode, made.body).toBe(201);
    // The same order sent again (a dropped connection) through the other process: the same order.
    for (let i = 1; i <= 3; i++) {
      const again = await order(i, phone, { key, remoteAddress: '10.11.0.1' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().order.number).toBe(made.json().order.number);
    }
    expect((await order(1, phone)).statusCode).toBe(201);
    expect((await order(0, phone)).statusCode).toBe(201);
    expect((await order(1, phone)).statusCode).toBe(429);
    // Past the limit, the retry of a made order still gets it.
    const late = await order(0, phone, { key, remoteAddress: '10.11.0.1' });
    expect(late.statusCode).toBe(200);
    expect(late.json().order.number).toBe(made.json().order.number);
  });

  it('limits the orders of a signed-in account, whatever phone numbers it gives', async () => {
    const registered = await registerThroughEmail(
      via(0),
      { remoteAddress: '10.12.0.1' },
      { name: 'Salma Fathy', email: `account-${setup.redis}@example.com`, password: 'jasmine-garden-42' },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = sessionCookie(registered);
    const phones = ['01005550401', '01005550402', '01005550403', '01005550404', '01005550405'];
    const statuses = [];
    for (const [n, phone] of phones.entries()) statuses.push((await order(n, phone, { cookie })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // The last phone was not counted against its own limit: as a guest it still orders.
    expect((await order(1, phones[4]!)).statusCode).toBe(201);
  });

  it('keeps a per-address ceiling for everything else, shared by the processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limits.perAddress.max + 2; i++) {
      // An empty cart: refused as invalid, but every checkout request counts toward the ceiling.
      const res = await send(i, { method: 'POST', url: '/api/orders', remoteAddress: '10.13.0.1', payload: { ...customer, phone: '01005550500', lines: [] } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limits.perAddress.max).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(limits.perAddress.max)).toEqual([429, 429]);
  });
});

describe('the checkout limits of the shop', () => {
  it('are per phone, per account and a generous per-address ceiling that RATE_LIMIT_SCALE raises', async () => {
    expect(defaultCheckoutLimits).toEqual({
      perPhone: { max: 5, windowMs: 10 * 60_000 },
      perAccount: { max: 10, windowMs: 10 * 60_000 },
      perAddress: { max: 300, windowMs: 60_000 },
    });
    const built = await buildTestApp('sqlite', { seedDemo: false, rateLimitScale: 2, checkoutLimits: { ...limits, perAddress: { max: 2, windowMs: 60_000 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await built.app.inject({ method: 'POST', url: '/api/orders', remoteAddress: '10.14.0.1', payload: { lines: [] } })).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
    } finally {
      await built.close();
    }
  });
});

describe('when Redis does not answer', () => {
  it('the shop starts and serves: per-address limits are skipped, phone limits are counted in the database, health says degraded with 200', async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue), nothing waits.
    const built = await buildTestApp('sqlite', {
      redisUrl: 'redis://127.0.0.1:1',
      redisPrefix: testRedisPrefix(),
      checkoutLimits: { ...limits, perAddress: { max: 2, windowMs: 60_000 } },
    });
    try {
      const health = await built.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'degraded', redis: 'unavailable', storage: 'ok' });

      const productId = (await built.app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
        .json<ProductList>()
        .items.find((p) => p.variants.length === 0 && p.stock >= 10)!.id;
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await built.app.inject({
          method: 'POST',
          url: '/api/orders',
          remoteAddress: '10.15.0.1',
          headers: { 'idempotency-key': `redis-down-${Date.now()}-${i}` },
          payload: { ...customer, phone: '01005550600', lines: [{ productId, quantity: 1 }] },
        });
        statuses.push(res.statusCode);
      }
      // The ceiling of 2 from this address is not applied (fail open); the phone's 3 still are.
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect((await built.db.db.selectFrom('rate_limits').select('key').execute()).length).toBeGreaterThan(0);
    } finally {
      await built.close();
    }
  });
});
