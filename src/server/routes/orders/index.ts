import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderNumberParams } from '../params.js';
import { AppError, notFound, parseOr400 } from '../../errors.js';
import { placeOrder, tokenMatches } from '../../services/checkout-service.js';
import { findOrder } from '../../repositories/order-repository.js';
import { checkoutSchema } from '../../../shared/schemas/checkout.js';

const keySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);
const tokenQuery = z.object({ token: z.string().min(10).max(100) });

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/orders', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const key = header === undefined ? null : keySchema.safeParse(header).data;
    if (key === undefined) throw new AppError(400, 'validation', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.', { 'Idempotency-Key': 'invalid' });
    const input = parseOr400(checkoutSchema, request.body);
    const placed = await placeOrder(app.shop.db, input, { idempotencyKey: key, userId: (await request.currentUser())?.id ?? null, secret: app.shop.secret });
    // Stock changed: this process re-reads these products at once, others within a second (stock_version).
    if (placed.created) app.shop.catalog.stockChanged(placed.order.lines.map((l) => l.productId));
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order, accessToken: placed.accessToken });
  });

  app.get('/api/orders/:number', async (request) => {
    const { number } = parseOr400(orderNumberParams, request.params);
    const { token } = parseOr400(tokenQuery, request.query);
    const order = await findOrder(app.shop.db, number);
    // Same answer for a wrong token and a missing order: numbers are sequential and guessable.
    if (!order || !tokenMatches(app.shop.secret, number, token)) throw notFound('order_not_found', 'No order with this number and link.');
    const { accessTokenHash: _h, userId: _u, ...rest } = order;
    return rest;
  });
}
