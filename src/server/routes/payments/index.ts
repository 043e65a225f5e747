import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { verifyProcessedCallback, verifyRedirect } from '../../payments/paymob-hmac.js';
import { findOrderPayment } from '../../repositories/payment-repository.js';
import { orderToken } from '../../use-cases/checkout.js';
import { applyTransaction, attemptOfNews, checkSoon } from '../../use-cases/payment-news.js';
import { paymentsOf } from '../../use-cases/payments.js';
import { systemContext } from '../../use-cases/use-case.js';
import { isUnpaid } from '../../../shared/domain/payments.js';

const callbackAnswer = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * Paymob's two ways back to the shop (issue 29, decision 036), both signed with the merchant's
 * HMAC secret over Paymob's documented field list and checked in constant time:
 * - `POST /api/payments/paymob/callback?hmac=`: the transaction processed callback, server to
 *   server. The only news (with the payment check's inquiry) that moves an order's payment. A
 *   callback without a valid signature changes nothing and is logged (401); an unknown order or a
 *   wrong amount changes nothing and is logged (200, so Paymob does not send it for ever).
 * - `GET /payments/paymob/return`: the shopper's browser coming back. It only shows: a verified
 *   return goes to the order's page (which shows the payment as the database has it), and, if the
 *   bank said yes before its callback arrived, asks for a payment check at once; a return that is
 *   not signed goes to order tracking, and nothing about any order changes.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/payments/paymob/callback',
    {
      bodyLimit: 64 * 1024,
      schema: { querystring: z.object({ hmac: z.string().max(200).optional() }).loose(), response: { 200: callbackAnswer } },
    },
    async (request) => {
      const payments = paymentsOf(app.shop);
      if (!payments) throw new AppError(404, 'not_found', 'Online payment is not configured.');
      const txn = verifyProcessedCallback(request.body, request.query.hmac, payments.settings.hmacSecret);
      if (!txn) {
        request.log.warn({ signed: request.query.hmac !== undefined }, 'payments: a Paymob callback without a valid signature; nothing changed');
        throw new AppError(401, 'unauthenticated', 'The callback signature does not match.');
      }
      const outcome = await applyTransaction(systemContext(app.shop, request.log), txn, 'callback');
      request.log.info({ transactionId: txn.id, reference: txn.merchantOrderId, outcome }, 'payments: Paymob callback');
      return { received: true as const, outcome };
    },
  );

  app.get('/payments/paymob/return', { schema: { querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])) } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const payments = paymentsOf(app.shop);
    const back = payments ? verifyRedirect(request.query, payments.settings.hmacSecret) : null;
    const attempt = back ? await attemptOfNews(app.shop.db, back) : undefined;
    const order = attempt ? await findOrderPayment(app.shop.db, { id: attempt.orderId }) : undefined;
    if (!back || !attempt || !order) {
      request.log.warn({ signed: 'hmac' in request.query, verified: back !== null }, 'payments: a return from Paymob that is not signed or names no order; nothing shown as paid');
      return reply.redirect('/track?payment=unverified', 303);
    }
    // The bank said yes but its callback has not arrived: ask Paymob now rather than in a few minutes.
    if (back.success && isUnpaid(order.state)) await checkSoon(systemContext(app.shop, request.log), { orderId: order.id, reference: attempt.reference });
    return reply.redirect(`/order/${encodeURIComponent(order.number)}?token=${encodeURIComponent(orderToken(app.shop.secret, order.number))}`, 303);
  });
};

export default paymentRoutes;
