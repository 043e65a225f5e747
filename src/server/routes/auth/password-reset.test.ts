import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, lastMessageTo, linkToken, registerThroughEmail, sessionCookie, testDatabases } from '../../test-support.js';
import { sha256 } from '../../hashing.js';

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('password reset on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const call = (opts: InjectOptions & { cookie?: string }) =>
    app.inject({ remoteAddress: freshIp(), ...opts, headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers } });
  const ask = (email: string, remoteAddress = freshIp()) => call({ method: 'POST', url: '/api/auth/password-reset', remoteAddress, payload: { email } });
  const confirm = (token: string, password: string, cookie?: string) =>
    call({ method: 'POST', url: '/api/auth/password-reset/confirm', cookie, payload: { token, password } });
  const login = (email: string, password: string) => call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const me = async (cookie: string) => (await call({ method: 'GET', url: '/api/auth/me', cookie })).json().user as { email: string } | null;
  const outboxCount = async () =>
    Number(
      (
        await app.shop.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(name));
  });
  afterAll(async () => close?.());

  const account = async (email: string, language = 'en') => {
    const res = await registerThroughEmail(
      app,
      { remoteAddress: freshIp(), headers: { 'accept-language': language } },
      { name: 'Mona Adel', email, password: 'jasmine-garden-42' },
    );
    expect(res.statusCode, res.body).toBe(201);
    return sessionCookie(res);
  };

  it('answers alike for a known and an unknown address, and mails a link only to the account, in its language', async () => {
    await account('mona@example.com', 'ar');
    const before = await outboxCount();
    const known = await ask('Mona@Example.com');
    const unknown = await ask('nobody-here@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(await outboxCount()).toBe(before + 1);
    const mail = await lastMessageTo(app, 'password_reset', 'mona@example.com');
    expect(mail).toMatchObject({ kind: 'password_reset', language: 'ar', name: 'Mona Adel', origin: expect.stringMatching(/^http/) });
    const token = linkToken(mail);
    // At least 128 bits of randomness (32 bytes here), and only its hash is stored.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await app.shop.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('sets a new password once, ends every session, signs this browser in, and refuses the link the second time', async () => {
    const first = await account('reset-me@example.com');
    const second = sessionCookie(await login('reset-me@example.com', 'jasmine-garden-42'));
    expect((await me(first))?.email).toBe('reset-me@example.com');

    await ask('reset-me@example.com');
    const token = linkToken(await lastMessageTo(app, 'password_reset', 'reset-me@example.com'));

    // The same password rules as registration, checked without using the link up.
    const weak = await confirm(token, 'reset-me');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toMatchObject({ password: 'password_too_common' });
    expect((await confirm(token, 'short')).json().error.fields).toMatchObject({ password: 'password_too_short' });

    const done = await confirm(token, 'cedar-and-amber-2026');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ email: 'reset-me@example.com', role: 'customer' });
    expect((await me(sessionCookie(done)))?.email).toBe('reset-me@example.com');
    expect(await me(first)).toBeNull();
    expect(await me(second)).toBeNull();
    expect((await login('reset-me@example.com', 'jasmine-garden-42')).statusCode).toBe(401);
    expect((await login('reset-me@example.com', 'cedar-and-amber-2026')).statusCode).toBe(200);

    const again = await confirm(token, 'another-password-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('link_invalid');
    expect((await confirm('x'.repeat(43), 'another-password-77')).json().error.code).toBe('link_invalid');
  });

  it('lets only the newest link work, and none after an hour', async () => {
    await account('twice@example.com');
    await ask('twice@example.com');
    const older = linkToken(await lastMessageTo(app, 'password_reset', 'twice@example.com'));
    await ask('twice@example.com');
    const newer = linkToken(await lastMessageTo(app, 'password_reset', 'twice@example.com'));
    expect(newer).not.toBe(older);
    expect((await confirm(older, 'cedar-and-amber-2026')).json().error.code).toBe('link_invalid');

    const past = new Date(Date.now() - 1000).toISOString();
    await app.shop.db.updateTable('password_resets').set({ expires_at: past }).where('token_hash', '=', sha256(newer)).execute();
    expect((await confirm(newer, 'cedar-and-amber-2026')).json().error.code).toBe('link_invalid');
  });

  it('limits reset e-mails per address asked for, and per client address', async () => {
    await account('flooded@example.com');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await ask('flooded@example.com')).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    const ip = '10.78.0.1';
    const fromOne = [];
    for (let i = 0; i < 11; i++) fromOne.push((await ask(`someone-${i}@example.com`, ip)).statusCode);
    expect(fromOne.slice(0, 10).every((c) => c === 202)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });
});
