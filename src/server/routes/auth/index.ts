import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import argon2 from 'argon2';
import { AppError } from '../../errors.js';
import { loginSchema, meAnswerSchema, registerSchema, userAnswerSchema } from '../../../shared/schemas/auth.js';
import { AttemptLimiter, deviceSignInPolicy, keyOf, registrationPolicy, untrustedSignInPolicy, type Attempt } from '../../auth/attempts.js';
import { DEVICE_COOKIE, deviceNonce, newDeviceCookie, setDeviceCookie } from '../../auth/device-cookie.js';
import { SESSION_COOKIE, clearSessionCookie, endSession, setSessionCookie, startSession } from '../../auth/sessions.js';
import { createCustomer, emailExists, findUserWithHash } from '../../repositories/user-repository.js';
import { requestLanguage } from '../../request-language.js';

// Verifying against this when the email is unknown makes both answers take the same time.
const dummyHash = argon2.hash('not-a-real-password-but-a-timing-equaliser');

/** 429 with Retry-After: the error handler sends the headers already set on the reply. */
function tooManyAttempts(reply: FastifyReply, refused: Attempt): AppError {
  if (!refused.allowed) reply.header('Retry-After', String(refused.retryAfterSeconds));
  return new AppError(429, 'too_many_attempts', 'Too many attempts for this account. Try again later.');
}

/**
 * Sign-up, sign-in, sign-out and "who am I". Per address: @fastify/rate-limit on request.ip, which
 * honours X-Forwarded-For only when TRUST_PROXY is set. Per account, in the attempt store (Redis or
 * the database, decisions 008 and 016): failed sign-ins from clients without the account's device cookie share one limit, whatever
 * address they claim; a browser that signed in before keeps its own allowance in its device cookie,
 * so strangers locking the account out do not lock its owner out.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, secret, attempts } = app.shop;
  const untrusted = new AttemptLimiter(attempts, untrustedSignInPolicy);
  const devices = new AttemptLimiter(attempts, deviceSignInPolicy);
  const registrations = new AttemptLimiter(attempts, registrationPolicy);

  app.get('/api/auth/me', { schema: { response: { 200: meAnswerSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: await request.currentUser() };
  });

  app.post(
    '/api/auth/register',
    { config: { rateLimit: { max: 10, timeWindow: '1 hour' } }, bodyLimit: 8 * 1024, schema: { body: registerSchema, response: { 201: userAnswerSchema } } },
    async (request, reply) => {
      const input = request.body;
      const attempt = await registrations.take(`r:${keyOf(input.email)}`);
      if (!attempt.allowed) throw tooManyAttempts(reply, attempt);
      if (await emailExists(db, input.email))
        throw new AppError(409, 'email_taken', 'An account with this email exists. Sign in instead.', { email: 'email_taken' });
      const user = await createCustomer(db, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash: await argon2.hash(input.password),
        language: requestLanguage(request),
      });
      await endSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, await startSession(db, user.id));
      setDeviceCookie(request, reply, newDeviceCookie(secret, user.id));
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/auth/login',
    { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } }, bodyLimit: 8 * 1024, schema: { body: loginSchema, response: { 200: userAnswerSchema } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await findUserWithHash(db, { email });
      // This browser's own allowance when it holds a valid device cookie for this account and that
      // cookie is not locked itself; otherwise the account's shared limit for every other client.
      const nonce = row ? deviceNonce(secret, request.cookies[DEVICE_COOKIE], row.id) : null;
      const onDevice = nonce ? await devices.take(`d:${nonce}`) : null;
      const [limiter, attempt] = onDevice?.allowed ? [devices, onDevice] : [untrusted, await untrusted.take(`a:${keyOf(email)}`)];
      if (!attempt.allowed) throw tooManyAttempts(reply, attempt);
      const ok = row ? await argon2.verify(row.password_hash, password) : (await argon2.verify(await dummyHash, password), false);
      if (!row || !ok) {
        await limiter.fail(attempt);
        throw new AppError(401, 'bad_credentials', 'This email and password do not match.');
      }
      // The owner's own typos are forgiven on this device; strangers' failures on the account stay counted.
      if (limiter === devices) await devices.reset(attempt.key);
      else await untrusted.forgive(attempt);
      // A new session id at every sign-in; any session the browser had before ends.
      await endSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, await startSession(db, row.id));
      setDeviceCookie(request, reply, newDeviceCookie(secret, row.id));
      return { user: row };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 204: z.undefined() } } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
};

export default authRoutes;
