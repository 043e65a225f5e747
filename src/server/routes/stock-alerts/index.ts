import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockAlertAnswerSchema, stockAlertConfirmSchema, stockAlertRequestSchema, stockAlertUnsubscribeSchema } from '../../../shared/schemas/stock-alerts.js';
import { askStockAlert, confirmStockAlert, unsubscribeStockAlert } from '../../use-cases/stock-alerts.js';
import { requestContext } from '../../use-cases/use-case.js';

/**
 * Back-in-stock alerts (issue 34, decision 046): the shopper's request on a sold-out product, the
 * e-mailed confirmation, and the one-click unsubscribe. The request is limited per client address
 * here and per e-mail address in the use case.
 */
const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  // A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form.
  await app.register(formBody, { bodyLimit: 1024 });

  app.post(
    '/api/stock-alerts',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      bodyLimit: 4 * 1024,
      schema: { body: stockAlertRequestSchema, response: { 202: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await askStockAlert(await requestContext(request), request.body);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/stock-alerts/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { body: stockAlertConfirmSchema, response: { 200: stockAlertAnswerSchema } },
    },
    async (request) => confirmStockAlert(await requestContext(request), request.body.token),
  );

  // The link is in the query (the e-mail's page and its List-Unsubscribe header carry the same); the body says nothing.
  app.post(
    '/api/stock-alerts/unsubscribe',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      bodyLimit: 1024,
      schema: { querystring: stockAlertUnsubscribeSchema, response: { 200: stockAlertAnswerSchema } },
    },
    async (request) => unsubscribeStockAlert(await requestContext(request), request.query),
  );
};

export default stockAlertRoutes;
