import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';

const valid = { name: 'Mona Adel', email: 'Mona@Example.com', subject: 'Gift wrapping', message: 'Can you wrap two candles as a gift for Eid?' };

describe.each(testDatabases)('contact API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  const send = (body: unknown, remoteAddress = '10.9.0.1') =>
    app.inject({ method: 'POST', url: '/api/contact', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('stores a message for the merchant', async () => {
    const res = await send(valid, '10.9.1.1');
    expect(res.statusCode, res.body).toBe(201);
    const row = await app.shop.db.selectFrom('contact_messages').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Mona Adel', email: 'mona@example.com', subject: 'Gift wrapping', handled: 0 });
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email', 'email_invalid'],
    [{ ...valid, name: '' }, 'name', 'required'],
    [{ ...valid, message: 'Hi' }, 'message', 'too_short'],
    [{ ...valid, subject: undefined }, 'subject', 'required'],
    [{ ...valid, admin: true }, 'admin', 'unknown'],
  ])('%o gets 400 naming the field', async (body, field, code) => {
    const res = await send(body, '10.9.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(code);
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await send(valid, '10.9.3.1')).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
