import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from '../../test-support.js';

describe.each(testDatabases)('newsletter API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
  });
  afterAll(async () => close?.());

  const join = (email: unknown, remoteAddress = '10.8.0.1') =>
    app.inject({ method: 'POST', url: '/api/newsletter', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email }) });

  it('subscribes once and answers a second sign-up kindly, whatever the case of the address', async () => {
    const first = await join('Salma@Example.com');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ already: false });
    const again = await join('salma@example.com ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ already: true });
    const rows = await app.shop.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'salma@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps one row when two sign-ups for one address arrive at once; the other hears "already"', async () => {
    const answers = await Promise.all([join('twice@example.com', '10.8.2.1'), join('twice@example.com', '10.8.2.2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const rows = await app.shop.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'twice@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['not-an-email', 'email_invalid'],
    ['', 'email_required'],
  ])('%j gets 400 %s', async (email, code) => {
    const res = await join(email, '10.8.1.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe(code);
  });
});
