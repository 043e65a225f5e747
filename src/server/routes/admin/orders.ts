import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import type { Dialect } from '../../db/database.js';
import { findOrder, findOrderHistory, findOrderNumberById } from '../../repositories/order-repository.js';
import { countAdminOrders, exportAdminOrders, listAdminOrders, type AdminOrderFilter } from '../../repositories/admin-order-repository.js';
import { changeOrderStatus, confirmationLink, recordConfirmation } from '../../use-cases/order-status.js';
import { refundPayment } from '../../use-cases/payments.js';
import { markOrderReviewed } from '../../use-cases/order-risk.js';
import { findOrderReview, isBlocked, phoneRecords } from '../../repositories/order-risk-repository.js';
import { listAttempts, listTransactions } from '../../repositories/payment-repository.js';
import { paymentStates, refundableAmount, type PaymentFlag } from '../../../shared/domain/payments.js';
import { requestContext } from '../../use-cases/use-case.js';
import { allowedTransitions, orderStatuses } from '../../../shared/domain/order-status.js';
import { findGovernorate } from '../../../shared/domain/governorates.js';
import { parseOrderSearch } from '../../../shared/domain/order-search.js';
import {
  adminOrderListSchema,
  adminOrderSchema,
  orderConfirmationRecordedSchema,
  orderConfirmationSchema,
  orderStatusChangedSchema,
  orderStatusChangeSchema,
  refundMadeSchema,
  refundRequestSchema,
} from '../../../shared/schemas/admin-order.js';
import { shopDateTime, shopDay, shopDayStart } from '../../../shared/domain/shop-time.js';

/** A calendar day that exists (2026-02-30 is refused rather than rolled over or crashing). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_invalid')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'date_invalid');
const filterShape = {
  status: z.enum(orderStatuses).optional(),
  /** Only the orders still to be confirmed on WhatsApp (awaitsConfirmation). */
  confirmation: z.literal('awaiting').optional(),
  /** One payment state, or `flagged` (money the merchant must look at). */
  payment: z.enum([...paymentStates, 'flagged']).optional(),
  /** Only the orders the risk rules flagged and nobody reviewed yet (decision 042). */
  review: z.literal('waiting').optional(),
  q: z.string().trim().max(100).optional(),
  from: day.optional(),
  to: day.optional(),
};
const orderQuery = z
  .object({
    ...filterShape,
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
const exportQuery = z.object(filterShape).strict();

/** The day after `d` (YYYY-MM-DD): the end of a range is exclusive, at the next day's start. */
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);

function toFilter(q: z.infer<typeof exportQuery>, dialect: Dialect): AdminOrderFilter {
  return {
    dialect,
    status: q.status,
    awaitingConfirmation: q.confirmation === 'awaiting',
    payment: q.payment,
    toReview: q.review === 'waiting',
    search: q.q ? parseOrderSearch(q.q) : undefined,
    // The merchant's days are Cairo days, whatever the server's zone.
    from: q.from ? shopDayStart(q.from).toISOString() : undefined,
    to: q.to ? shopDayStart(nextDay(q.to)).toISOString() : undefined,
  };
}

const noRecord = { orders: 0, delivered: 0, refused: 0 };
const okSchema = z.object({ ok: z.literal(true) });

const egp = (piastres: number) => (piastres / 100).toFixed(2);
const csvColumns = ['Number', 'Date', 'Status', 'Customer', 'Phone', 'Governorate', 'City', 'Items', 'Subtotal (EGP)', 'Shipping (EGP)', 'Total (EGP)'];

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'orders.read' } as const;
const update = { permission: 'orders.update' } as const;
const exportAll = { permission: 'orders.export' } as const;

/** Orders for the merchant: list with filters, CSV export, detail with history, status changes. */
const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect } = app.shop;

  app.get('/api/admin/orders', { config: read, schema: { querystring: orderQuery, response: { 200: adminOrderListSchema } } }, async (request) => {
    const q = request.query;
    const { items, total, totalExact } = await listAdminOrders(db, toFilter(q, dialect), q.page, q.pageSize);
    // Every row's phone record, in one grouped query for the page's phones.
    const records = await phoneRecords(
      db,
      items.map((o) => o.phone),
    );
    const withRecords = items.map((o) => ({ ...o, phoneRecord: records.get(o.phone) ?? noRecord }));
    return { items: withRecords, total, totalExact, page: q.page, pageSize: q.pageSize };
  });

  // Every matching order, streamed batch by batch: the header row leaves at once, a million orders
  // follow without being held in memory. `X-Total-Count` (the number of rows to come) lets the
  // admin show progress. The BOM makes Excel read the Arabic names as UTF-8; formulae in
  // customer-typed cells are neutralised so a name like `=HYPERLINK(...)` stays text.
  // A stream of text, not JSON: no response schema.
  app.get('/api/admin/orders.csv', { config: exportAll, schema: { querystring: exportQuery } }, async (request, reply) => {
    const filter = toFilter(request.query, dialect);
    const count = await countAdminOrders(db, filter);
    async function* csv() {
      yield `\uFEFF${Papa.unparse([csvColumns])}\r\n`;
      for await (const rows of exportAdminOrders(db, filter)) {
        const data = rows.map((r) => [
          r.number,
          shopDateTime(r.createdAt),
          r.status,
          r.customerName,
          r.phone,
          findGovernorate(r.governorate)?.en ?? r.governorate,
          r.city,
          r.items,
          egp(r.subtotal),
          egp(r.shippingFee),
          egp(r.total),
        ]);
        yield `${Papa.unparse(data, { escapeFormulae: true, header: false })}\r\n`;
      }
    }
    const today = shopDay(new Date());
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="orders-${today}.csv"`)
      .header('X-Total-Count', String(count))
      .send(Readable.from(csv()));
  });

  app.get('/api/admin/orders/:id', { config: read, schema: { params: idParams, response: { 200: adminOrderSchema } } }, async (request) => {
    const { id } = request.params;
    const number = await findOrderNumberById(db, id);
    const order = number ? await findOrder(db, number) : undefined;
    if (!order) throw notFound('order_not_found', 'No such order.');
    const [history, settings, attempts, transactions, records, review, phoneBlocked] = await Promise.all([
      findOrderHistory(db, id),
      app.shop.settings.current(),
      listAttempts(db, id),
      listTransactions(db, id),
      phoneRecords(db, [order.phone]),
      findOrderReview(db, id),
      isBlocked(db, { phone: order.phone, email: null }),
    ]);
    const whatsapp = await confirmationLink(db, order, app.shop.labels, settings.shopName);
    const paymentDetails = {
      flag: order.paymentFlag as PaymentFlag | null,
      // Paymob cannot refund a kiosk payment (docs/contracts/paymob.md): nothing to offer there.
      refundable: order.payment.method === 'kiosk' ? 0 : refundableAmount(order.payment.state, order.total, order.payment.refunded),
      attempts: attempts.map(({ id: _id, orderId: _orderId, clientSecret: _secret, ...attempt }) => attempt),
      transactions,
    };
    const phoneRecord = records.get(order.phone) ?? noRecord;
    return { ...order, id, whatsapp, nextStatuses: [...allowedTransitions(order.status)], history, paymentDetails, phoneRecord, review, phoneBlocked };
  });

  // A refund of what was paid online, through Paymob (issue 29): the shopper is told by e-mail.
  app.post(
    '/api/admin/orders/:id/refunds',
    { config: { permission: 'payments.refund' }, schema: { params: idParams, body: refundRequestSchema, response: { 200: refundMadeSchema } } },
    async (request) => {
      const made = await refundPayment(await requestContext(request), { orderId: request.params.id, ...request.body });
      return { ok: true as const, ...made };
    },
  );

  // The customer's answer on WhatsApp, recorded in one click (decision 022).
  app.post(
    '/api/admin/orders/:id/confirmation',
    { config: update, schema: { params: idParams, body: orderConfirmationSchema, response: { 200: orderConfirmationRecordedSchema } } },
    async (request) => {
      const { id } = request.params;
      const { answer } = request.body;
      const status = await recordConfirmation(await requestContext(request), { orderId: id, answer });
      return { ok: true as const, confirmation: answer, status };
    },
  );

  app.post(
    '/api/admin/orders/:id/status',
    { config: update, schema: { params: idParams, body: orderStatusChangeSchema, response: { 200: orderStatusChangedSchema } } },
    async (request) => {
      const { id } = request.params;
      const { status, note, trackingNote, courierReason } = request.body;
      await changeOrderStatus(await requestContext(request), {
        orderId: id,
        status,
        note: note || null,
        trackingNote: trackingNote || null,
        courierReason: courierReason ?? null,
      });
      return { ok: true as const, status };
    },
  );

  // A flagged order looked at: it leaves the Review filter (decision 042).
  app.post('/api/admin/orders/:id/reviewed', { config: update, schema: { params: idParams, response: { 200: okSchema } } }, async (request) => {
    await markOrderReviewed(await requestContext(request), request.params.id);
    return { ok: true as const };
  });
};

export default adminOrderRoutes;
