import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import argon2 from 'argon2';
import { AppError, TooManyRequests } from '../../errors.js';
import {
  acceptedAnswerSchema,
  loginSchema,
  meAnswerSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  signUpVerifySchema,
  userAnswerSchema,
} from '../../../shared/schemas/auth.js';
import { passwordProblem } from '../../../shared/domain/passwords.js';
import { AttemptLimiter, deviceSignInPolicy, keyOf, passwordResetPolicy, registrationPolicy, untrustedSignInPolicy } from '../../auth/attempts.js';
import { DEVICE_COOKIE, deviceNonce, newDeviceCookie, setDeviceCookie } from '../../auth/device-cookie.js';
import { SESSION_COOKIE, clearSessionCookie, endSession, setSessionCookie, startSession } from '../../auth/sessions.js';
import { findUserWithHash } from '../../repositories/user-repository.js';
import { findResetLink } from '../../repositories/account-link-repository.js';
import { sha256 } from '../../hashing.js';
import { registerAtOnce, requestPasswordReset, requestSignUp, resetPassword, verifySignUp } from '../../use-cases/accounts.js';
import { requestContext } from '../../use-cases/use-case.js';
import { acceptInvite, invitation } from '../../use-cases/staff.js';
import { acceptInviteSchema, invitationQuerySchema, invitationSchema } from '../../../shared/schemas/staff.js';

const linkInvalid = () => new AppError(400, 'link_invalid', 'This link was used already or has expired. Ask for a new one.');

// Verifying against this when the email is unknown makes both answers take the same time.
const dummyHash = argon2.hash('not-a-real-password-but-a-timing-equaliser');

/** 429 with Retry-After (sent by the error handler). */
const tooManyAttempts = (refused: { retryAfterSeconds: number }) =>
  new TooManyRequests('too_many_attempts', 'Too many attempts for this account. Try again later.', refused.retryAfterSeconds);

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
  const resets = new AttemptLimiter(attempts, passwordResetPolicy);

  app.get('/api/auth/me', { schema: { response: { 200: meAnswerSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { user: await request.currentUser() };
  });

  /**
   * With e-mail (SMTP_URL), registration answers the same for a new and a taken address (issue 16,
   * decision 023): a new one is sent a link that makes the account, a taken one a note that someone
   * tried (sign in or reset). Both hash the password and write one outbox row, so neither answer is
   * quicker. A shop without e-mail could never deliver the link: there the account is made at once
   * and a taken address is refused, as before.
   */
  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      bodyLimit: 8 * 1024,
      schema: { body: registerSchema, response: { 201: userAnswerSchema, 202: acceptedAnswerSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      const attempt = await registrations.take(`r:${keyOf(input.email)}`);
      if (!attempt.allowed) throw tooManyAttempts(attempt);
      const registration = { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash: await argon2.hash(input.password) };
      const ctx = await requestContext(request);
      if (!app.shop.config.smtpUrl) {
        const user = await registerAtOnce(ctx, registration);
        await endSession(db, request.cookies[SESSION_COOKIE]);
        setSessionCookie(request, reply, await startSession(db, user.id));
        setDeviceCookie(request, reply, newDeviceCookie(secret, user.id));
        return reply.status(201).send({ user });
      }
      await requestSignUp(ctx, registration);
      return reply.status(202).send({ ok: true });
    },
  );

  /** The registration's e-mailed link: makes the account and signs it in. */
  app.post(
    '/api/auth/register/verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      bodyLimit: 1024,
      schema: { body: signUpVerifySchema, response: { 201: userAnswerSchema } },
    },
    async (request, reply) => {
      const user = await verifySignUp(await requestContext(request), { token: request.body.token });
      if (!user) throw linkInvalid();
      await endSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, await startSession(db, user.id));
      setDeviceCookie(request, reply, newDeviceCookie(secret, user.id));
      return reply.status(201).send({ user });
    },
  );

  /**
   * "Forgot your password?": a single-use link for an hour, to an address that has an account. The
   * answer is the same whether it has one; limited per address (the rate limit) and per e-mail.
   */
  app.post(
    '/api/auth/password-reset',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      bodyLimit: 1024,
      schema: { body: passwordResetRequestSchema, response: { 202: acceptedAnswerSchema } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const attempt = await resets.take(`p:${keyOf(email)}`);
      if (!attempt.allowed) throw tooManyAttempts(attempt);
      await requestPasswordReset(await requestContext(request), { email });
      return reply.status(202).send({ ok: true });
    },
  );

  /** Sets the new password from a reset link: the link is used up, every session ends, and this browser is signed in. */
  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      bodyLimit: 8 * 1024,
      schema: { body: passwordResetSchema, response: { 200: userAnswerSchema } },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const now = new Date();
      const link = await findResetLink(db, sha256(token), now);
      if (!link) throw linkInvalid();
      const problem = passwordProblem(password, link.email);
      if (problem) throw new AppError(400, 'validation', 'The new password is not strong enough.', { password: `password_${problem}` });
      const passwordHash = await argon2.hash(password);
      const userId = await resetPassword(await requestContext(request), { token, passwordHash });
      if (userId === undefined) throw linkInvalid();
      // Whoever knew the old password is locked out; the account's sign-in limits start again.
      await untrusted.reset(`a:${keyOf(link.email)}`);
      await endSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, await startSession(db, userId));
      setDeviceCookie(request, reply, newDeviceCookie(secret, userId));
      return { user: (await findUserWithHash(db, { id: userId }))! };
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
      if (!attempt.allowed) throw tooManyAttempts(attempt);
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

  /** An invitation to the staff (issue 32): what its link shows before joining. */
  app.get(
    '/api/auth/staff-invite',
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } }, schema: { querystring: invitationQuerySchema, response: { 200: invitationSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return invitation(await requestContext(request), request.query.token);
    },
  );

  /**
   * Joins the staff through an invitation's link, and signs in. An address with an account proves
   * it with that account's password (limited as a sign-in is), so a link alone never takes an
   * account over; one without gets an account with the name and a new password (the shop's rules).
   */
  app.post(
    '/api/auth/staff-invite/accept',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      bodyLimit: 8 * 1024,
      schema: { body: acceptInviteSchema, response: { 200: userAnswerSchema } },
    },
    async (request, reply) => {
      const { token, password, name } = request.body;
      const ctx = await requestContext(request);
      const invite = await invitation(ctx, token);
      let newAccount: { name: string; passwordHash: string } | null = null;
      if (invite.hasAccount) {
        const row = await findUserWithHash(db, { email: invite.email });
        const attempt = await untrusted.take(`a:${keyOf(invite.email)}`);
        if (!attempt.allowed) throw tooManyAttempts(attempt);
        if (!row || !(await argon2.verify(row.password_hash, password))) {
          await untrusted.fail(attempt);
          throw new AppError(401, 'bad_credentials', 'This password does not match the account of this address.', { password: 'bad_credentials' });
        }
        await untrusted.forgive(attempt);
      } else {
        const fields: Record<string, string> = {};
        const problem = passwordProblem(password, invite.email);
        if (problem) fields.password = `password_${problem}`;
        if (!name) fields.name = 'required';
        if (Object.keys(fields).length) throw new AppError(400, 'validation', 'Check the highlighted fields.', fields);
        newAccount = { name: name!, passwordHash: await argon2.hash(password) };
      }
      const userId = await acceptInvite(ctx, token, newAccount);
      await endSession(db, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, await startSession(db, userId));
      setDeviceCookie(request, reply, newDeviceCookie(secret, userId));
      return { user: (await findUserWithHash(db, { id: userId }))! };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 204: z.undefined() } } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
};

export default authRoutes;
