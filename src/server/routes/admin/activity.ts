import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { activityListSchema, activityQuerySchema } from '../../../shared/schemas/audit.js';
import type { AuditKind } from '../../../shared/domain/audit.js';
import { shopDayStart } from '../../../shared/domain/shop-time.js';
import { auditPeople, listAudit } from '../../repositories/audit-repository.js';
import { findOrderNumberById } from '../../repositories/order-repository.js';
import { notFound } from '../../errors.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const auditRead = { permission: 'audit.read' } as const;
const catalogueRead = { permission: 'catalogue.read' } as const;
const ordersRead = { permission: 'orders.read' } as const;

/** How far a page of the log counts matches past its start (decision 014). */
const COUNT_AHEAD = 1000;
const historyQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }).strict();
const HISTORY_PAGE = 20;

/** The day after a Cairo day `YYYY-MM-DD`. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The activity log (issue 32): every admin change, newest first, filtered by person, kind, one
 * thing and Cairo days; and one product's or order's own history for those who may see the
 * product or order (without the addresses, which only the log's readers see). Read-only: no route
 * changes or deletes an entry.
 */
const adminActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.shop;

  app.get(
    '/api/admin/activity',
    { config: auditRead, schema: { querystring: activityQuerySchema, response: { 200: activityListSchema } } },
    async (request) => {
      const q = request.query;
      const filter = {
        actorId: q.actor,
        kind: q.kind,
        subjectId: q.subject,
        since: q.from ? shopDayStart(q.from).toISOString() : undefined,
        until: q.to ? shopDayStart(nextDay(q.to)).toISOString() : undefined,
      };
      const [page, people] = await Promise.all([listAudit(db, filter, q.page, q.pageSize, COUNT_AHEAD), auditPeople(db)]);
      return { ...page, page: q.page, pageSize: q.pageSize, people };
    },
  );

  const history = async (kind: AuditKind[], subjectId: string, page: number) => {
    const found = await listAudit(db, { kind, subjectId }, page, HISTORY_PAGE, COUNT_AHEAD);
    return { ...found, items: found.items.map((entry) => ({ ...entry, address: null })), page, pageSize: HISTORY_PAGE, people: [] };
  };

  app.get(
    '/api/admin/products/:id/history',
    { config: catalogueRead, schema: { params: idParams, querystring: historyQuery, response: { 200: activityListSchema } } },
    async (request) => history(['product'], String(request.params.id), request.query.page),
  );

  app.get(
    '/api/admin/orders/:id/history',
    { config: ordersRead, schema: { params: idParams, querystring: historyQuery, response: { 200: activityListSchema } } },
    async (request) => {
      const number = await findOrderNumberById(db, request.params.id);
      if (!number) throw notFound('order_not_found', 'No such order.');
      return history(['order', 'payment'], number, request.query.page);
    },
  );
};

export default adminActivityRoutes;
