import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, lastMessageTo, testCustomer, testDatabases } from '../test-support.js';
import { CART_COOKIE, encodeLines } from '../../shared/domain/cart-cookie.js';
import type { ProductList, ProductSummary } from '../../shared/schemas/product.js';

let seq = 0;
const freshIp = () => `10.34.${Math.floor(++seq / 250)}.${seq % 250}`;

/**
 * The script-less checkout form (decision 025) keeps the API's Origin rule (issue 33): a post from
 * another site, or from an opaque origin (`Origin: null`), is refused with the same 403
 * `bad_origin`; the shop's own page places the order with links to the address the shopper used.
 */
describe.each(testDatabases)('POST /checkout and the Origin rule on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let product: ProductSummary;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-form-client-'));

  const post = (headers: Record<string, string>, email: string) =>
    app.inject({
      method: 'POST',
      url: '/checkout',
      remoteAddress: freshIp(),
      headers: {
        host: 'shop.test',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${CART_COOKIE}=${encodeLines([{ productId: product.id, quantity: 1 }])}`,
        ...headers,
      },
      payload: new URLSearchParams({
        ...testCustomer,
        phone: `0100334${String(1000 + ++seq).slice(-4)}`,
        email,
        key: `form-origin-${seq}-${Date.now()}`,
      }).toString(),
    });

  beforeAll(async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    ({ app, close } = await buildTestApp(name, { clientDir, allowedHosts: ['shop.test'] }));
    product = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<ProductList>()
      .items.find((p) => p.variants.length === 0 && p.stock >= 10)!;
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['the same host on another port', 'http://shop.test:8080'],
  ])('refuses a post from %s as the API does, and places nothing', async (_what, origin) => {
    const email = `origin-${seq}-${name}@example.com`;
    const form = await post({ origin }, email);
    const api = await app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      headers: { host: 'shop.test', origin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(form.statusCode).toBe(403);
    expect(form.json()).toEqual(api.json());
    expect(form.json().error.code).toBe('bad_origin');
    expect(await app.shop.db.selectFrom('orders').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('places the order from the shop\u2019s own page, with links to the address the shopper used', async () => {
    const email = `own-page-${name}@example.com`;
    const placed = await post({ origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' }, email);
    expect(placed.statusCode, placed.body).toBe(303);
    expect(placed.headers.location).toMatch(/^\/order\/NSM-\d+\?token=/);
    const mail = await lastMessageTo(app, 'order_received', email);
    expect(mail?.origin).toBe('http://shop.test');
    // The browser that placed it can track it with an allowance of its own (its track-device cookie).
    const cookies = ([] as unknown[]).concat(placed.headers['set-cookie'] ?? []).map(String);
    expect(cookies.some((c) => c.startsWith('track-device=') && c.includes(mail!.order.number) && /Path=\/api\/orders/.test(c))).toBe(true);
    // The cart cookie is still emptied beside it.
    expect(cookies.some((c) => c.startsWith(`${CART_COOKIE}=;`))).toBe(true);
  });

  it('still places an order from a browser that sends no Origin (an older one, the form\u2019s own redirect)', async () => {
    const email = `no-origin-${name}@example.com`;
    expect((await post({}, email)).statusCode).toBe(303);
  });
});
