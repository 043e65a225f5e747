import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import { findPromotion, listPromotions, type StoredPromotion } from '../../repositories/promotion-repository.js';
import { promotionOrders, promotionUsage, type PromotionUsage } from '../../repositories/promotion-use-repository.js';
import { pausePromotion, removePromotion, savePromotion } from '../../use-cases/promotions.js';
import { requestContext } from '../../use-cases/use-case.js';
import { promotionStatus } from '../../../shared/domain/promotion-codes.js';
import { shopDateTime, shopDay } from '../../../shared/domain/shop-time.js';
import {
  adminPromotionDetailSchema,
  adminPromotionListQuerySchema,
  adminPromotionListSchema,
  adminPromotionSchema,
  promotionPauseSchema,
  type AdminPromotionDetail,
} from '../../../shared/schemas/promotion.js';
import { savedIdSchema } from '../../../shared/schemas/admin-product.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'promotions.read' } as const;
const write = { permission: 'promotions.write' } as const;

const noUsage: PromotionUsage = { orders: 0, discount: 0, revenue: 0 };

/** An offer as the admin shows it: its fields, its status now, and its usage. */
function detail(p: StoredPromotion, usage: PromotionUsage | undefined, now: Date): AdminPromotionDetail {
  return { ...p, status: promotionStatus(p, now), usage: usage ?? noUsage };
}

const egp = (piastres: number) => (piastres / 100).toFixed(2);
const csvColumns = ['Order', 'Date', 'Status', 'Discount (EGP)', 'Order total (EGP)', 'Use given back'];

/** Promotions for the merchant: list, form, pause, delete, and each one's usage report as CSV. */
const adminPromotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.shop;

  app.get(
    '/api/admin/promotions',
    { config: read, schema: { querystring: adminPromotionListQuerySchema, response: { 200: adminPromotionListSchema } } },
    async (request) => {
      const { status, q, page, pageSize } = request.query;
      const now = new Date();
      const { items, total } = await listPromotions(db, { status, q, now: now.toISOString() }, page, pageSize);
      const usage = await promotionUsage(
        db,
        items.map((p) => p.id),
      );
      return { items: items.map((p) => detail(p, usage.get(p.id), now)), total };
    },
  );

  app.get('/api/admin/promotions/:id', { config: read, schema: { params: idParams, response: { 200: adminPromotionDetailSchema } } }, async (request) => {
    const p = await findPromotion(db, request.params.id);
    if (!p) throw notFound('promotion_not_found', 'This promotion does not exist.');
    return detail(p, (await promotionUsage(db, [p.id])).get(p.id), new Date());
  });

  app.post('/api/admin/promotions', { config: write, schema: { body: adminPromotionSchema, response: { 201: savedIdSchema } } }, async (request, reply) => {
    return reply.status(201).send({ id: await savePromotion(await requestContext(request), { id: null, promotion: request.body }) });
  });

  app.put(
    '/api/admin/promotions/:id',
    { config: write, schema: { params: idParams, body: adminPromotionSchema, response: { 200: savedIdSchema } } },
    async (request) => ({ id: await savePromotion(await requestContext(request), { id: request.params.id, promotion: request.body }) }),
  );

  app.patch(
    '/api/admin/promotions/:id',
    { config: write, schema: { params: idParams, body: promotionPauseSchema, response: { 200: savedIdSchema } } },
    async (request) => {
      await pausePromotion(await requestContext(request), request.params.id, request.body.paused);
      return { id: request.params.id };
    },
  );

  app.delete('/api/admin/promotions/:id', { config: write, schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    await removePromotion(await requestContext(request), request.params.id);
    return reply.status(204).send();
  });

  // Every order that used the offer, newest first, streamed 500 at a time (a busy code's report
  // can hold tens of thousands); formulae are neutralised as in the orders' export.
  app.get('/api/admin/promotions/:id/orders.csv', { config: read, schema: { params: idParams } }, async (request, reply) => {
    const p = await findPromotion(db, request.params.id);
    if (!p) throw notFound('promotion_not_found', 'This promotion does not exist.');
    async function* csv() {
      yield `\uFEFF${Papa.unparse([csvColumns])}\r\n`;
      let after: number | null = null;
      for (;;) {
        const rows = await promotionOrders(db, p!.id, after, 500);
        if (!rows.length) return;
        const data = rows.map((r) => [r.number, shopDateTime(r.createdAt), r.status, egp(r.amount), egp(r.total), r.released ? 'yes' : 'no']);
        yield `${Papa.unparse(data, { escapeFormulae: true, header: false })}\r\n`;
        after = rows[rows.length - 1]!.id;
      }
    }
    const name = (p.code ?? `promotion-${p.id}`).replace(/[^A-Za-z0-9-]/g, '_');
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}-${shopDay(new Date())}.csv"`)
      .send(Readable.from(csv()));
  });
};

export default adminPromotionRoutes;
