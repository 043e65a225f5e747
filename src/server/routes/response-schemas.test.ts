import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, registerThroughEmail, testDatabases } from '../test-support.js';
import type { Db } from '../db/database.js';
import { findOrder } from '../repositories/order-repository.js';
import { findUserWithHash } from '../repositories/user-repository.js';
import type { ProductList } from '../../shared/schemas/product.js';

/**
 * Answers are encoded through their route's response schema: a field the repository returns but
 * the schema does not name never leaves the server, without any route removing it by hand.
 */
describe.each(testDatabases)('response schemas on $name', ({ name }) => {
  let app: FastifyInstance;
  let db: Db['db'];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    db = built.db.db;
    close = built.close;
  });
  afterAll(async () => close?.());

  it("leaves an order row's link hash and owner id out of the order answer", async () => {
    const { items } = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>();
    const product = items.find((p) => p.variants.length === 0 && p.stock > 0)!;
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        fullName: 'Mona Adel',
        phone: '+20 100 555 0199',
        governorate: 'ALX',
        city: 'Smouha',
        address: '12 Victor Emmanuel Square, flat 4',
        paymentMethod: 'cod',
        lines: [{ productId: product.id, quantity: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, accessToken } = placed.json<{ order: { number: string }; accessToken: string }>();

    // The repository's row carries both secrets...
    const row = await findOrder(db, order.number);
    expect(row).toHaveProperty('accessTokenHash', expect.any(String));
    expect(row).toHaveProperty('userId', null);

    // ...and neither answer does.
    expect(placed.json().order).not.toHaveProperty('accessTokenHash');
    expect(placed.json().order).not.toHaveProperty('userId');
    const read = await app.inject({ method: 'GET', url: `/api/orders/${order.number}?token=${accessToken}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ number: order.number, lines: [{ productId: product.id, quantity: 1 }] });
    expect(read.json()).not.toHaveProperty('accessTokenHash');
    expect(read.json()).not.toHaveProperty('userId');
    expect(read.body).not.toContain(row!.accessTokenHash);
  });

  it("leaves a user row's password hash out of the sign-in answer", async () => {
    const registered = await registerThroughEmail(app, {}, { name: 'Salma Fathy', email: 'schema@example.com', password: 'jasmine-garden-42' });
    expect(registered.statusCode, registered.body).toBe(201);

    const row = await findUserWithHash(db, { email: 'schema@example.com' });
    expect(row).toHaveProperty('password_hash', expect.stringMatching(/^\$argon2/));

    const signedIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'schema@example.com', password: 'jasmine-garden-42' } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: { id: row!.id, name: 'Salma Fathy', email: 'schema@example.com', phone: null, role: 'customer' } });
    expect(signedIn.body).not.toContain('password_hash');
    expect(signedIn.body).not.toContain('$argon2');
  });

  it('refuses bad input with the shop error shape and field codes', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/products?colour=red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: { code: 'validation', message: 'Unknown parameter: colour', fields: { colour: 'unknown' } } });

    const bad = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'N', email: 'not-an-email', message: 'Hello there, friends' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation', fields: { name: 'too_short', email: 'email_invalid', subject: 'required' } });

    const id = await app.inject({ method: 'GET', url: '/api/products/abc' });
    expect(id.statusCode).toBe(400);
    expect(id.json().error).toMatchObject({ code: 'validation', fields: { id: 'invalid_type' } });
  });
});
