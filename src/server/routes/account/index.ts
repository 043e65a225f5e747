import type { FastifyInstance, FastifyRequest } from 'fastify';
import argon2 from 'argon2';
import { idParams, orderNumberParams } from '../params.js';
import { AppError, notFound, parseOr400 } from '../../errors.js';
import { requireUser } from '../../auth/guards.js';
import { SESSION_COOKIE, sessionIdOf } from '../../auth/sessions.js';
import { findOrder } from '../../repositories/order-repository.js';
import {
  MAX_ADDRESSES,
  countAddresses,
  deleteAddress,
  findUserWithHash,
  listAddresses,
  listUserOrders,
  saveAddress,
  updatePassword,
  updateProfile,
} from '../../repositories/user-repository.js';
import { addressSchema, passwordChangeSchema, profileSchema } from '../../../shared/schemas/auth.js';
import { passwordProblem } from '../../../shared/domain/passwords.js';

/**
 * A signed-in shopper's own profile, addresses and orders. Every query is scoped to the session's
 * user; another person's order or address is answered like a missing one.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireUser(request);
  });
  const db = app.shop.db;
  const me = async (request: FastifyRequest) => (await requireUser(request)).id;

  app.put('/api/account/profile', async (request) => {
    const id = await me(request);
    const input = parseOr400(profileSchema, request.body);
    await updateProfile(db, id, { name: input.name, phone: input.phone ?? null });
    const { password_hash: _h, ...user } = (await findUserWithHash(db, { id }))!;
    return { user };
  });

  app.post('/api/account/password', { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } }, async (request, reply) => {
    const id = await me(request);
    const input = parseOr400(passwordChangeSchema, request.body);
    const row = (await findUserWithHash(db, { id }))!;
    const problem = passwordProblem(input.newPassword, row.email);
    if (problem) throw new AppError(400, 'validation', 'The new password is not strong enough.', { newPassword: `password_${problem}` });
    if (!(await argon2.verify(row.password_hash, input.currentPassword)))
      throw new AppError(400, 'validation', 'The current password is not right.', { currentPassword: 'password_wrong' });
    const token = request.cookies[SESSION_COOKIE];
    await updatePassword(db, id, await argon2.hash(input.newPassword), token ? sessionIdOf(token) : null);
    return reply.status(204).send();
  });

  app.get('/api/account/addresses', async (request) => ({ items: await listAddresses(db, await me(request)) }));

  app.post('/api/account/addresses', async (request, reply) => {
    const id = await me(request);
    const input = parseOr400(addressSchema, request.body);
    if ((await countAddresses(db, id)) >= MAX_ADDRESSES) throw new AppError(409, 'too_many_addresses', `An account keeps at most ${MAX_ADDRESSES} addresses.`);
    return reply.status(201).send({ address: await saveAddress(db, id, input) });
  });

  app.put('/api/account/addresses/:id', async (request) => {
    const userId = await me(request);
    const { id } = parseOr400(idParams, request.params);
    const address = await saveAddress(db, userId, parseOr400(addressSchema, request.body), id);
    if (!address) throw notFound('address_not_found', 'No such address in your account.');
    return { address };
  });

  app.delete('/api/account/addresses/:id', async (request, reply) => {
    const userId = await me(request);
    const { id } = parseOr400(idParams, request.params);
    if (!(await deleteAddress(db, userId, id))) throw notFound('address_not_found', 'No such address in your account.');
    return reply.status(204).send();
  });

  app.get('/api/account/orders', async (request) => ({ items: await listUserOrders(db, await me(request)) }));

  app.get('/api/account/orders/:number', async (request) => {
    const userId = await me(request);
    const { number } = parseOr400(orderNumberParams, request.params);
    const order = await findOrder(db, number);
    if (!order || order.userId !== userId) throw notFound('order_not_found', 'No order with this number in your account.');
    const { accessTokenHash: _h, userId: _u, ...rest } = order;
    return rest;
  });
}
