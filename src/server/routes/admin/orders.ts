import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parseOr400 } from '../../errors.js';
import { toIso } from '../../db/database.js';
import { findOrder } from '../../repositories/order-repository.js';
import { changeOrderStatus } from '../../services/order-admin-service.js';
import { allowedTransitions, orderStatuses } from '../../../shared/domain/order-status.js';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid');
const orderQuery = z
  .object({
    status: z.enum(orderStatuses).optional(),
    q: z.string().trim().max(100).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
const statusBody = z.object({ status: z.enum(orderStatuses, { error: 'status_invalid' }), note: z.string().trim().max(500).optional() }).strict();

/** Orders for the merchant: list with filters, detail with history, status changes. */
export default async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.shop.db;

  app.get('/api/admin/orders', async (request) => {
    const q = parseOr400(orderQuery, request.query);
    let query = db.selectFrom('orders').where('number', 'is not', null);
    if (q.status) query = query.where('status', '=', q.status);
    if (q.from) query = query.where('created_at', '>=', `${q.from}T00:00:00.000Z`);
    if (q.to) query = query.where('created_at', '<', new Date(new Date(`${q.to}T00:00:00.000Z`).getTime() + 86400000).toISOString());
    if (q.q) {
      const term = q.q.toLowerCase();
      const digits = term.replace(/\D/g, '');
      query = query.where((eb) =>
        eb.or([
          eb('number', '=', term.toUpperCase()),
          eb(eb.fn('lower', ['customer_name']), 'like', `%${term.replace(/[%_\\]/g, '')}%`),
          ...(digits.length >= 4 ? [eb('phone', 'like', `%${digits}%`)] : []),
        ]),
      );
    }
    const [{ count }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      query
        .select(['id', 'number', 'status', 'customer_name', 'phone', 'governorate', 'total', 'created_at'])
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status,
        customerName: r.customer_name,
        phone: r.phone,
        governorate: r.governorate,
        total: r.total,
        createdAt: toIso(r.created_at),
      })),
      total: Number(count),
      page: q.page,
      pageSize: q.pageSize,
    };
  });

  app.get('/api/admin/orders/:id', async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const row = await db.selectFrom('orders').select(['number']).where('id', '=', id).executeTakeFirst();
    const order = row?.number ? await findOrder(db, row.number) : undefined;
    if (!order) throw notFound('order_not_found', 'No such order.');
    const history = await db
      .selectFrom('order_status_history')
      .leftJoin('users', 'users.id', 'order_status_history.actor_user_id')
      .select([
        'order_status_history.from_status',
        'order_status_history.to_status',
        'order_status_history.note',
        'order_status_history.created_at',
        'users.name as actor',
      ])
      .where('order_id', '=', id)
      .orderBy('order_status_history.id')
      .execute();
    const { accessTokenHash: _h, ...rest } = order;
    return {
      ...rest,
      id,
      nextStatuses: allowedTransitions(order.status),
      history: history.map((h) => ({ from: h.from_status, to: h.to_status, note: h.note, actor: h.actor, at: toIso(h.created_at) })),
    };
  });

  app.post('/api/admin/orders/:id/status', async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { status, note } = parseOr400(statusBody, request.body);
    const admin = (await request.currentUser())!;
    await changeOrderStatus(db, id, status, admin.id, note ?? null);
    app.shop.catalog.invalidate();
    return { ok: true, status };
  });
}
