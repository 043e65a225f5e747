import type { FastifyInstance } from 'fastify';
import argon2 from 'argon2';
import { AppError, parseOr400 } from '../../errors.js';
import { loginSchema, registerSchema } from '../../../shared/schemas/auth.js';
import { AttemptLimiter } from '../../auth/attempts.js';
import { SESSION_COOKIE, clearSessionCookie, endSession, setSessionCookie, startSession } from '../../auth/sessions.js';
import { createCustomer, emailExists, findUserWithHash } from '../../repositories/user-repository.js';

// Verifying against this when the email is unknown makes both answers take the same time.
const dummyHash = argon2.hash('not-a-real-password-but-a-timing-equaliser');

/**
 * Sign-up, sign-in, sign-out and "who am I". Per address: @fastify/rate-limit on request.ip, which
 * honours X-Forwarded-For only when TRUST_PROXY is set. Per account: failed sign-ins.
 */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const db = app.shop.db;
  const perAccount = new AttemptLimiter(5, 15 * 60 * 1000);
  const registrationsPerEmail = new AttemptLimiter(5, 60 * 60 * 1000);

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: await request.currentUser() };
  });

  app.post('/api/auth/register', { config: { rateLimit: { max: 10, timeWindow: '1 hour' } }, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const input = parseOr400(registerSchema, request.body);
    if (registrationsPerEmail.blocked(input.email)) throw new AppError(429, 'too_many_attempts', 'Too many attempts for this account. Try again later.');
    registrationsPerEmail.fail(input.email);
    if (await emailExists(db, input.email))
      throw new AppError(409, 'email_taken', 'An account with this email exists. Sign in instead.', { email: 'email_taken' });
    const user = await createCustomer(db, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      passwordHash: await argon2.hash(input.password),
    });
    await endSession(db, request.cookies[SESSION_COOKIE]);
    setSessionCookie(request, reply, await startSession(db, user.id));
    return reply.status(201).send({ user });
  });

  app.post('/api/auth/login', { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } }, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const { email, password } = parseOr400(loginSchema, request.body);
    if (perAccount.blocked(email)) throw new AppError(429, 'too_many_attempts', 'Too many attempts for this account. Try again in 15 minutes.');
    const row = await findUserWithHash(db, { email });
    const ok = row ? await argon2.verify(row.password_hash, password) : (await argon2.verify(await dummyHash, password), false);
    if (!row || !ok) {
      perAccount.fail(email);
      throw new AppError(401, 'bad_credentials', 'This email and password do not match.');
    }
    perAccount.reset(email);
    // A new session id at every sign-in; any session the browser had before ends.
    await endSession(db, request.cookies[SESSION_COOKIE]);
    setSessionCookie(request, reply, await startSession(db, row.id));
    const { password_hash: _hash, ...user } = row;
    return { user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
}
