import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, registerThroughEmail, sessionCookie, testCustomer, testDatabases } from '../test-support.js';
import type { ProductList, ProductSummary } from '../../shared/schemas/product.js';
import { orderMailPolicy } from '../auth/attempts.js';

let seq = 0;
const freshIp = () => `10.33.${Math.floor(++seq / 250)}.${seq % 250}`;
const freshPhone = () => `0101333${String(1000 + (++seq % 9000)).padStart(4, '0')}`;

describe.each(testDatabases)('order e-mails to one address (issue 33) on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let product: ProductSummary;
  /** A product with less stock than one line may ask for: ordering 99 is refused inside the order's transaction. */
  let scarce: ProductSummary;

  const order = (email: string, extra: { cookie?: string; quantity?: number; item?: ProductSummary } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', 'idempotency-key': `mail-cap-${++seq}-${Date.now()}`, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
      payload: JSON.stringify({
        ...testCustomer,
        phone: freshPhone(),
        email,
        lines: [{ productId: (extra.item ?? product).id, quantity: extra.quantity ?? 1 }],
      }),
    });
  const received = async (to: string) =>
    (await app.shop.db.selectFrom('outbox').select('id').where('kind', '=', 'order_received').where('recipient', '=', to).execute()).length;
  const merchantCopies = async () => (await app.shop.db.selectFrom('outbox').select('id').where('kind', '=', 'merchant_new_order').execute()).length;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(name));
    const items = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items.filter((p) => p.variants.length === 0);
    product = items.find((p) => p.stock >= 60)!;
    scarce = items.find((p) => p.stock > 0 && p.stock < 99)!;
  });
  afterAll(async () => close?.());

  it('sends a guest-typed address a few confirmations an hour; every order is still placed, and the merchant hears of each', async () => {
    const victim = `victim-${name}@example.com`;
    const before = await merchantCopies();
    // Twelve orders at once, as the attack did: all placed, at most the policy's share mailed.
    const answers = await Promise.all(Array.from({ length: 12 }, () => order(victim)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    expect(await received(victim)).toBe(orderMailPolicy.max);
    // The address is compared as typed in any case and spacing.
    expect((await order(`  ${victim.toUpperCase()} `)).statusCode).toBe(201);
    expect(await received(victim)).toBe(orderMailPolicy.max);
    const notified = (await app.shop.settings.current()).notificationEmail ? 13 : 0;
    expect((await merchantCopies()) - before).toBe(notified);
    // Another address has its own share.
    expect((await order(`neighbour-${name}@example.com`)).statusCode).toBe(201);
    expect(await received(`neighbour-${name}@example.com`)).toBe(1);
  });

  it('does not count a checkout that made no order', async () => {
    const email = `short-${name}@example.com`;
    for (let i = 0; i < 5; i++) expect((await order(email, { item: scarce, quantity: 99 })).statusCode).toBe(409);
    expect((await order(email)).statusCode).toBe(201);
    expect(await received(email)).toBe(1);
  });

  it('never caps the signed-in account\u2019s own address: its owner placed those orders', async () => {
    const email = `regular-${name}@example.com`;
    const registered = await registerThroughEmail(app, { remoteAddress: freshIp() }, { name: 'Salma Fathy', email, password: 'jasmine-garden-42' });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = sessionCookie(registered);
    for (let i = 0; i < orderMailPolicy.max + 2; i++) expect((await order(email, { cookie })).statusCode).toBe(201);
    expect(await received(email)).toBe(orderMailPolicy.max + 2);
    // Signed in but naming someone else's address: that address is capped like a guest's.
    const other = `friend-${name}@example.com`;
    for (let i = 0; i < orderMailPolicy.max + 1; i++) expect((await order(other, { cookie })).statusCode).toBe(201);
    expect(await received(other)).toBe(orderMailPolicy.max);
  });
});
