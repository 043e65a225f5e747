import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import argon2 from 'argon2';
import { z } from 'zod';
import { idParams, orderNumberParams } from '../../../shared/schemas/params.js';
import { AppError, notFound } from '../../errors.js';
import { requireUser } from '../../auth/guards.js';
import { SESSION_COOKIE, sessionIdOf } from '../../auth/sessions.js';
import { findOrder } from '../../repositories/order-repository.js';
import { findUserWithHash, listAddresses, listUserOrders, updateProfile } from '../../repositories/user-repository.js';
import { changePassword, keepAddress, removeAddress } from '../../use-cases/accounts.js';
import { orderReviewLink } from '../../use-cases/reviews.js';
import { requestContext } from '../../use-cases/use-case.js';
import {
  accountOrderRowSchema,
  addressSchema,
  passwordChangeSchema,
  profileSchema,
  savedAddressSchema,
  userAnswerSchema,
} from '../../../shared/schemas/auth.js';
import { orderSchema } from '../../../shared/schemas/checkout.js';
import { passwordProblem } from '../../../shared/domain/passwords.js';

const addressAnswer = z.object({ address: savedAddressSchema });

/**
 * A signed-in shopper's own profile, addresses and orders. Every query is scoped to the session's
 * user; another person's order or address is answered like a missing one.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireUser(request);
  });
  const db = app.shop.db;
  const me = async (request: FastifyRequest) => (await requireUser(request)).id;

  app.put('/api/account/profile', { schema: { body: profileSchema, response: { 200: userAnswerSchema } } }, async (request) => {
    const id = await me(request);
    const input = request.body;
    await updateProfile(db, id, { name: input.name, phone: input.phone ?? null });
    return { user: (await findUserWithHash(db, { id }))! };
  });

  app.post(
    '/api/account/password',
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } }, schema: { body: passwordChangeSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      const id = await me(request);
      const input = request.body;
      const row = (await findUserWithHash(db, { id }))!;
      const problem = passwordProblem(input.newPassword, row.email);
      if (problem) throw new AppError(400, 'validation', 'The new password is not strong enough.', { newPassword: `password_${problem}` });
      if (!(await argon2.verify(row.password_hash, input.currentPassword)))
        throw new AppError(400, 'validation', 'The current password is not right.', { currentPassword: 'password_wrong' });
      const token = request.cookies[SESSION_COOKIE];
      await changePassword(await requestContext(request), {
        passwordHash: await argon2.hash(input.newPassword),
        keepSessionId: token ? sessionIdOf(token) : null,
      });
      return reply.status(204).send();
    },
  );

  app.get('/api/account/addresses', { schema: { response: { 200: z.object({ items: z.array(savedAddressSchema) }) } } }, async (request) => ({
    items: await listAddresses(db, await me(request)),
  }));

  app.post('/api/account/addresses', { schema: { body: addressSchema, response: { 201: addressAnswer } } }, async (request, reply) => {
    await me(request);
    return reply.status(201).send({ address: (await keepAddress(await requestContext(request), { address: request.body }))! });
  });

  app.put('/api/account/addresses/:id', { schema: { params: idParams, body: addressSchema, response: { 200: addressAnswer } } }, async (request) => {
    await me(request);
    const address = await keepAddress(await requestContext(request), { id: request.params.id, address: request.body });
    if (!address) throw notFound('address_not_found', 'No such address in your account.');
    return { address };
  });

  app.delete('/api/account/addresses/:id', { schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    await me(request);
    if (!(await removeAddress(await requestContext(request), { id: request.params.id })))
      throw notFound('address_not_found', 'No such address in your account.');
    return reply.status(204).send();
  });

  app.get('/api/account/orders', { schema: { response: { 200: z.object({ items: z.array(accountOrderRowSchema) }) } } }, async (request) => ({
    items: await listUserOrders(db, await me(request)),
  }));

  app.get('/api/account/orders/:number', { schema: { params: orderNumberParams, response: { 200: orderSchema } } }, async (request) => {
    const userId = await me(request);
    const order = await findOrder(db, request.params.number);
    if (!order || order.userId !== userId) throw notFound('order_not_found', 'No order with this number in your account.');
    const reviewLink = await orderReviewLink(await requestContext(request), order);
    return reviewLink ? { ...order, reviewLink } : order;
  });
};

export default accountRoutes;
