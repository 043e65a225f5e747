import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderNumberParams } from '../../../shared/schemas/params.js';
import { AppError, TooManyRequests, notFound } from '../../errors.js';
import { checkout, tokenMatches } from '../../use-cases/checkout.js';
import { orderReviewLink } from '../../use-cases/reviews.js';
import { requestContext } from '../../use-cases/use-case.js';
import { findOrder } from '../../repositories/order-repository.js';
import { AttemptLimiter, keyOf, trackDevicePolicy, trackOrderPolicy, trackPhonePolicy, type Attempt } from '../../auth/attempts.js';
import { TRACK_DEVICE_COOKIE, rememberTrackedOrder, trackDevice } from '../../auth/device-cookie.js';
import { findTrackedOrder } from '../../services/order-track-service.js';
import { orderTrackSchema, trackedOrderSchema } from '../../../shared/schemas/order-track.js';
import { checkoutSchema, orderSchema, paymentChoiceResultSchema, paymentChoiceSchema, placedOrderSchema } from '../../../shared/schemas/checkout.js';
import { choosePayment } from '../../use-cases/payments.js';

const keySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);
const tokenQuery = z.object({ token: z.string().min(10).max(100) });

/**
 * Checkout limits (decision 016). Per address only a generous ceiling (@fastify/rate-limit, before
 * the body is read): a carrier's NAT or a proxy puts many shoppers behind one address. Fake
 * cash-on-delivery orders come by phone number, so orders are counted per phone number, and per
 * account for a signed-in shopper, in the attempt store every process shares. Only orders made
 * count: a refused checkout (stock, validation) or a retry of one already made takes its count back.
 */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.shop.config.checkoutLimits;
  const lookupsPerOrder = new AttemptLimiter(app.shop.attempts, trackOrderPolicy);
  const lookupsPerPhone = new AttemptLimiter(app.shop.attempts, trackPhonePolicy);
  const lookupsPerDevice = new AttemptLimiter(app.shop.attempts, trackDevicePolicy);

  app.post(
    '/api/orders',
    {
      // RATE_LIMIT_SCALE multiplies this ceiling (app.ts), not the phone and account limits.
      config: { rateLimit: { max: limits.perAddress.max, timeWindow: limits.perAddress.windowMs } },
      schema: { body: checkoutSchema, response: { 200: placedOrderSchema, 201: placedOrderSchema } },
    },
    async (request, reply) => {
      // Checked here, not as a header schema: its 400 names the header as clients send it.
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? null : keySchema.safeParse(header).data;
      if (key === undefined)
        throw new AppError(400, 'validation', 'Idempotency-Key must be 8 to 100 letters, digits, - or _.', { 'Idempotency-Key': 'invalid' });
      const placed = await checkout(await requestContext(request), { checkout: request.body, idempotencyKey: key });
      rememberTrackedOrder(request, reply, app.shop.secret, placed.order.number);
      return reply.status(placed.created ? 201 : 200).send({ order: placed.order, accessToken: placed.accessToken, paymentUrl: placed.paymentUrl });
    },
  );

  /**
   * The shopper's choice on an unpaid order's page (its private link): pay again online (a new
   * Paymob intention; at most a few per order) or cash on delivery instead. The per-address ceiling
   * is checkout's: each online try costs an intention at Paymob.
   */
  app.post(
    '/api/orders/:number/payment',
    {
      config: { rateLimit: { max: limits.perAddress.max, timeWindow: limits.perAddress.windowMs } },
      bodyLimit: 1024,
      schema: { params: orderNumberParams, querystring: tokenQuery, body: paymentChoiceSchema, response: { 200: paymentChoiceResultSchema } },
    },
    async (request) => {
      const { number } = request.params;
      if (!tokenMatches(app.shop.secret, number, request.query.token)) throw notFound('order_not_found', 'No order with this number and link.');
      const paymentUrl = await choosePayment(await requestContext(request), number, request.body.method);
      const order = await findOrder(app.shop.db, number);
      if (!order) throw notFound('order_not_found', 'No order with this number and link.');
      return { order, paymentUrl };
    },
  );

  app.get('/api/orders/:number', { schema: { params: orderNumberParams, querystring: tokenQuery, response: { 200: orderSchema } } }, async (request) => {
    const { number } = request.params;
    const order = await findOrder(app.shop.db, number);
    // Same answer for a wrong token and a missing order: numbers are sequential and guessable.
    if (!order || !tokenMatches(app.shop.secret, number, request.query.token)) throw notFound('order_not_found', 'No order with this number and link.');
    // The row also holds the link's hash and the owner's id; the response schema leaves them out.
    const reviewLink = await orderReviewLink(await requestContext(request), order);
    return reviewLink ? { ...order, reviewLink } : order;
  });

  /**
   * Tracking an order without an account (`/track`, decision 024): its number and the phone number
   * given at checkout. An unknown number and a wrong phone get the same 404 after the same work, and
   * both count against the number and the phone in the shared attempt store (an unknown number too,
   * or a lockout would tell which numbers exist); a match takes its count back. Per address only a
   * ceiling, as for checkout: many shoppers share a carrier's address.
   */
  app.post(
    '/api/orders/track',
    {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      bodyLimit: 1024,
      schema: { body: orderTrackSchema, response: { 200: trackedOrderSchema } },
    },
    async (request, reply) => {
      // The answer names what someone ordered: no shared cache keeps it, whatever the status.
      reply.header('Cache-Control', 'no-store');
      const { number, phone } = request.body;
      // A browser that placed or tracked this order has its own allowance (its track-device
      // cookie), as the owner's sign-in has: strangers filling the number's or the phone's count
      // cannot lock the customer out. Anyone else counts against the number and the phone.
      const device = trackDevice(app.shop.secret, request.cookies[TRACK_DEVICE_COOKIE]);
      const keys: Array<[AttemptLimiter, string]> = device?.numbers.includes(number)
        ? [[lookupsPerDevice, `t:d:${device.nonce}`]]
        : [
            [lookupsPerOrder, `t:o:${keyOf(number)}`],
            [lookupsPerPhone, `t:p:${keyOf(phone)}`],
          ];
      const counted: Array<[AttemptLimiter, Attempt]> = [];
      for (const [limiter, key] of keys) {
        const attempt = await limiter.take(key);
        if (attempt.allowed) {
          counted.push([limiter, attempt]);
          continue;
        }
        await Promise.all(counted.map(([l, a]) => l.forgive(a)));
        throw new TooManyRequests(
          'too_many_attempts',
          'Too many tries to find an order with this number or phone number. Try again later.',
          attempt.retryAfterSeconds,
        );
      }
      const order = await findTrackedOrder(app.shop.db, number, phone);
      if (!order) {
        await Promise.all(counted.map(([l, a]) => l.fail(a)));
        throw notFound('order_not_found', 'No order matches this number and phone number.');
      }
      await Promise.all(counted.map(([l, a]) => l.forgive(a)));
      rememberTrackedOrder(request, reply, app.shop.secret, number);
      return order;
    },
  );
};

export default orderRoutes;
