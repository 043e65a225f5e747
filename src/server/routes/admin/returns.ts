import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import {
  adminReturnListSchema,
  adminReturnRowSchema,
  adminReturnSchema,
  adminReturnsQuerySchema,
  returnDecisionSchema,
  returnReceiptSchema,
  returnRefundSchema,
  returnRefuseSchema,
  returnSettingsSchema,
} from '../../../shared/schemas/returns.js';
import {
  adminReturn,
  approveReturn,
  listReturns,
  orderReturnLinks,
  receiveReturn,
  refundReturn,
  refuseReturn,
  returnSettings,
  saveReturnSettings,
  sendExchange,
} from '../../use-cases/return-steps.js';
import { requestContext } from '../../use-cases/use-case.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
// A refund through Paymob also needs payments.refund, checked by the use case (cash needs only this).
const read = { permission: 'returns.read' } as const;
const update = { permission: 'returns.update' } as const;

const done = z.object({ ok: z.literal(true) });

/** Returns for the merchant (issue 33): the list, a return's page, each step, an order's returns, and the return window. */
const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/returns', { config: read, schema: { querystring: adminReturnsQuerySchema, response: { 200: adminReturnListSchema } } }, async (request) =>
    listReturns(await requestContext(request), request.query),
  );

  app.get('/api/admin/returns/settings', { config: read, schema: { response: { 200: returnSettingsSchema } } }, async (request) =>
    returnSettings(await requestContext(request)),
  );

  app.put(
    '/api/admin/returns/settings',
    { config: update, schema: { body: returnSettingsSchema, response: { 200: returnSettingsSchema } } },
    async (request) => {
      await saveReturnSettings(await requestContext(request), request.body);
      return request.body;
    },
  );

  app.get('/api/admin/returns/:id', { config: read, schema: { params: idParams, response: { 200: adminReturnSchema } } }, async (request) =>
    adminReturn(await requestContext(request), request.params.id),
  );

  app.get(
    '/api/admin/orders/:id/returns',
    {
      config: read,
      schema: {
        params: idParams,
        response: { 200: z.object({ returns: z.array(adminReturnRowSchema), exchangeFor: z.object({ id: z.number(), number: z.string() }).nullable() }) },
      },
    },
    async (request) => orderReturnLinks(await requestContext(request), request.params.id),
  );

  app.post(
    '/api/admin/returns/:id/approve',
    { config: update, schema: { params: idParams, body: returnDecisionSchema, response: { 200: done } } },
    async (request) => {
      await approveReturn(await requestContext(request), request.params.id, request.body.note);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/returns/:id/refuse',
    { config: update, schema: { params: idParams, body: returnRefuseSchema, response: { 200: done } } },
    async (request) => {
      await refuseReturn(await requestContext(request), request.params.id, request.body.note);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/returns/:id/receive',
    { config: update, schema: { params: idParams, body: returnReceiptSchema, response: { 200: done } } },
    async (request) => {
      await receiveReturn(await requestContext(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/returns/:id/refund',
    { config: update, schema: { params: idParams, body: returnRefundSchema, response: { 200: done } } },
    async (request) => {
      await refundReturn(await requestContext(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/returns/:id/exchange',
    { config: update, schema: { params: idParams, response: { 200: z.object({ orderId: z.number().int(), number: z.string() }) } } },
    async (request) => sendExchange(await requestContext(request), request.params.id),
  );
};

export default adminReturnRoutes;
