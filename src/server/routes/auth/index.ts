import type { FastifyInstance } from 'fastify';
import argon2 from 'argon2';
import { AppError, parseOr400 } from '../../errors.js';
import { loginSchema, registerSchema, type SessionUser } from '../../../shared/schemas/auth.js';
import { AttemptLimiter } from '../../auth/attempts.js';
import { SESSION_COOKIE, clearSessionCookie, endSession, setSessionCookie, startSession } from '../../auth/sessions.js';

// Verifying against this when the email is unknown makes both answers take the same time.
const dummyHash = argon2.hash('not-a-real-password-but-a-timing-equaliser');

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const db = app.shop.db;
  const perAccount = new AttemptLimiter(5, 15 * 60 * 1000);

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: await request.currentUser() };
  });

  app.post('/api/auth/register', { config: { rateLimit: { max: 5, timeWindow: '1 hour' } }, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const input = parseOr400(registerSchema, request.body);
    const exists = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
    if (exists) throw new AppError(409, 'email_taken', 'An account with this email exists. Sign in instead.', { email: 'email_taken' });
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('users')
      .values({
        email: input.email,
        name: input.name,
        phone: input.phone ?? null,
        password_hash: await argon2.hash(input.password),
        role: 'customer',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await endSession(db, request.cookies[SESSION_COOKIE]);
    setSessionCookie(request, reply, await startSession(db, id));
    const user: SessionUser = { id, name: input.name, email: input.email, phone: input.phone ?? null, role: 'customer' };
    return reply.status(201).send({ user });
  });

  app.post('/api/auth/login', { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } }, bodyLimit: 8 * 1024 }, async (request, reply) => {
    const { email, password } = parseOr400(loginSchema, request.body);
    if (perAccount.blocked(email)) throw new AppError(429, 'too_many_attempts', 'Too many attempts for this account. Try again in 15 minutes.');
    const row = await db.selectFrom('users').select(['id', 'name', 'email', 'phone', 'role', 'password_hash']).where('email', '=', email).executeTakeFirst();
    const ok = row ? await argon2.verify(row.password_hash, password) : (await argon2.verify(await dummyHash, password), false);
    if (!row || !ok) {
      perAccount.fail(email);
      throw new AppError(401, 'bad_credentials', 'This email and password do not match.');
    }
    perAccount.reset(email);
    // A new session id at every sign-in; any session the browser had before ends.
    await endSession(db, request.cookies[SESSION_COOKIE]);
    setSessionCookie(request, reply, await startSession(db, row.id));
    const user: SessionUser = { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role };
    return { user };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
}
