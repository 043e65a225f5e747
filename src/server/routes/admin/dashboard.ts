import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOW_STOCK } from '../../../shared/domain/cart.js';
import { lngQuery } from '../../../shared/schemas/params.js';
import {
  bestSellers,
  confirmationAnswerCounts,
  countByStatus,
  latestOrders,
  lowStock,
  paymentSplit,
  salesByHour,
  unconfirmedOrders,
} from '../../repositories/dashboard-repository.js';
import { countOutboxByStatus } from '../../repositories/outbox-repository.js';
import { countMatchingProducts } from '../../repositories/admin-product-list-repository.js';
import { confirmationRate } from '../../../shared/domain/cod-confirmation.js';
import { normalizeLanguage } from '../../../shared/domain/languages.js';
import { orderStatuses } from '../../../shared/domain/order-status.js';
import { lastShopDays, shopDay, shopDayStart } from '../../../shared/domain/shop-time.js';
import { dashboardSchema, type Dashboard } from '../../../shared/schemas/admin-dashboard.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'dashboard.read' } as const;

/** Figures for the dashboard. */
const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.shop;

  /**
   * Days are Cairo days (Africa/Cairo, including summer time): the hourly totals of the last 30
   * days (at most 720 rows, kept by triggers) are each assigned to their Cairo day here; see
   * `shop-time.ts` for why that is exact. Nothing here counts orders (decision 014) but the split
   * between online and cash payments, which reads the period's orders (`paymentSplit` says what
   * that costs).
   */
  app.get('/api/admin/dashboard', { config: read, schema: { querystring: lngQuery, response: { 200: dashboardSchema } } }, async (request) => {
    const lng = normalizeLanguage(request.query.lng);
    const days = lastShopDays(new Date(), 30);
    const from = shopDayStart(days[0]!).toISOString();
    const [hours, unconfirmed, statuses, low, best, latest, answers, payments, toReorder, messages] = await Promise.all([
      salesByHour(db, from),
      unconfirmedOrders(db, from),
      countByStatus(db),
      lowStock(db, LOW_STOCK, 10, lng),
      bestSellers(db, from, 5, lng),
      latestOrders(db, 8),
      confirmationAnswerCounts(db, from),
      paymentSplit(db, from),
      // The same filter as the products list the figure links to.
      countMatchingProducts(db, { stock: 'reorder' }),
      countOutboxByStatus(db, { upTo: 999, only: ['failed'] }),
    ]);

    // Revenue is what confirmed (and later) orders bring; orders not yet confirmed are shown apart.
    const byDay = new Map(days.map((day) => [day, { day, revenue: 0, orders: 0, unconfirmed: 0, unconfirmedOrders: 0 }]));
    for (const h of hours) {
      const entry = byDay.get(shopDay(Date.parse(`${h.hour}:00:00.000Z`)));
      if (!entry) continue; // an order stamped ahead of this server's clock
      entry.revenue += h.revenue;
      entry.orders += h.orders;
    }
    for (const o of unconfirmed) {
      const entry = byDay.get(shopDay(Date.parse(o.createdAt)));
      if (!entry) continue;
      entry.revenue -= o.total;
      entry.unconfirmed += o.total;
      entry.unconfirmedOrders += 1;
    }
    const daily = [...byDay.values()];
    const total = (n: number, key: 'revenue' | 'orders' | 'unconfirmed' | 'unconfirmedOrders') => daily.slice(-n).reduce((s, d) => s + d[key], 0);
    const periods = (key: Parameters<typeof total>[1]) => ({ today: total(1, key), days7: total(7, key), days30: total(30, key) });

    return {
      revenue: periods('revenue'),
      orders: periods('orders'),
      unconfirmed: { orders: periods('unconfirmedOrders'), revenue: periods('unconfirmed') },
      todo: {
        awaitingConfirmation: statuses.get('pending') ?? 0,
        toShip: statuses.get('confirmed') ?? 0,
        toReorder,
        failedMessages: messages.failed,
      },
      byStatus: Object.fromEntries(orderStatuses.map((s) => [s, statuses.get(s) ?? 0])) as Dashboard['byStatus'],
      sales: daily.map(({ day, revenue, orders }) => ({ day, revenue, orders })),
      lowStock: low,
      bestSellers: best,
      confirmation: { ...answers, rate: confirmationRate(answers) },
      payments,
      latest,
    };
  });
};

export default adminDashboardRoutes;
