import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { blockContactSchema, blockedListSchema, riskRulesSchema } from '../../../shared/schemas/risk.js';
import { listBlocked } from '../../repositories/order-risk-repository.js';
import { blockContact, readRiskRules, saveRiskRules, unblockContact } from '../../use-cases/order-risk.js';
import { requestContext } from '../../use-cases/use-case.js';

// The permission each route needs (decision 030).
const read = { permission: 'risk.read' } as const;
const manage = { permission: 'risk.manage' } as const;

const blockedQuery = z
  .object({
    q: z.string().trim().max(254).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
const done = z.object({ ok: z.literal(true) });

/** Risk rules and the blocklist (issue 33, decision 042). */
const adminRiskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.shop;

  app.get('/api/admin/risk/rules', { config: read, schema: { response: { 200: riskRulesSchema } } }, async () => readRiskRules(db));

  app.put('/api/admin/risk/rules', { config: manage, schema: { body: riskRulesSchema, response: { 200: riskRulesSchema } } }, async (request) => {
    await saveRiskRules(await requestContext(request), request.body);
    return request.body;
  });

  app.get('/api/admin/risk/blocked', { config: read, schema: { querystring: blockedQuery, response: { 200: blockedListSchema } } }, async (request) => {
    const { q, page, pageSize } = request.query;
    return { ...(await listBlocked(db, q, page, pageSize)), page, pageSize };
  });

  app.post(
    '/api/admin/risk/blocked',
    { config: manage, schema: { body: blockContactSchema, response: { 200: z.object({ id: z.number(), created: z.boolean() }) } } },
    async (request) => blockContact(await requestContext(request), request.body),
  );

  app.delete('/api/admin/risk/blocked/:id', { config: manage, schema: { params: idParams, response: { 200: done } } }, async (request) => {
    await unblockContact(await requestContext(request), request.params.id);
    return { ok: true as const };
  });
};

export default adminRiskRoutes;
