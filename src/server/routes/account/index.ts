import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parseOr400 } from '../../errors.js';
import { requireUser } from '../../auth/guards.js';
import { toIso } from '../../db/database.js';
import { findOrder } from '../../repositories/order-repository.js';

const numberParams = z.object({ number: z.string().regex(/^NSM-\d{6,9}$/) });

/** A signed-in shopper's own orders; another person's order is answered like a missing one. */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireUser(request);
  });
  const db = app.shop.db;

  app.get('/api/account/orders', async (request) => {
    const user = (await request.currentUser())!;
    const rows = await db
      .selectFrom('orders')
      .select(['number', 'status', 'total', 'created_at'])
      .where('user_id', '=', user.id)
      .where('number', 'is not', null)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return { items: rows.map((r) => ({ number: r.number, status: r.status, total: r.total, createdAt: toIso(r.created_at) })) };
  });

  app.get('/api/account/orders/:number', async (request) => {
    const user = (await request.currentUser())!;
    const { number } = parseOr400(numberParams, request.params);
    const order = await findOrder(db, number);
    if (!order || order.userId !== user.id) throw notFound('order_not_found', 'No order with this number in your account.');
    const { accessTokenHash: _h, userId: _u, ...rest } = order;
    return rest;
  });
}
