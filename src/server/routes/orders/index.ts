import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNumberParams } from '../../../shared/schemas/params.js';
import { AppError, notFound } from '../../errors.js';
import { placeOrder, tokenMatches } from '../../services/checkout-service.js';
import { findOrder } from '../../repositories/order-repository.js';
import { checkoutSchema, orderSchema, placedOrderSchema } from '../../../shared/schemas/checkout.js';

const keySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);
const tokenQuery = z.object({ token: z.string().min(10).max(100) });

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: checkoutSchema, response: { 200: placedOrderSchema, 201: placedOrderSchema } },
    },
    async (request, reply) => {
      // Checked here, not as a header schema: its 400 names the header as clients send it.
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? null : keySchema.safeParse(header).data;
      if (key === undefined)
        throw new AppError(400, 'validation', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.', { 'Idempotency-Key': 'invalid' });
      const placed = await placeOrder(app.shop.db, request.body, {
        idempotencyKey: key,
        userId: (await request.currentUser())?.id ?? null,
        secret: app.shop.secret,
      });
      // Stock changed: this process re-reads these products at once, others within a second (stock_version).
      if (placed.created) app.shop.catalog.stockChanged(placed.order.lines.map((l) => l.productId));
      return reply.status(placed.created ? 201 : 200).send({ order: placed.order, accessToken: placed.accessToken });
    },
  );

  app.get('/api/orders/:number', { schema: { params: orderNumberParams, querystring: tokenQuery, response: { 200: orderSchema } } }, async (request) => {
    const { number } = request.params;
    const order = await findOrder(app.shop.db, number);
    // Same answer for a wrong token and a missing order: numbers are sequential and guessable.
    if (!order || !tokenMatches(app.shop.secret, number, request.query.token)) throw notFound('order_not_found', 'No order with this number and link.');
    // The row also holds the link's hash and the owner's id; the response schema leaves them out.
    return order;
  });
};

export default orderRoutes;
