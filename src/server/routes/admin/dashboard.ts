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
} from '../../repositories/dashboard-repository.js';
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
    const [hours, statuses, low, best, latest, answers, payments] = await Promise.all([
      salesByHour(db, from),
      countByStatus(db),
      lowStock(db, LOW_STOCK, 10, lng),
      bestSellers(db, from, 5, lng),
      latestOrders(db, 8),
      confirmationAnswerCounts(db, from),
      paymentSplit(db, from),
    ]);

    const byDay = new Map(days.map((day) => [day, { day, revenue: 0, orders: 0 }]));
    for (const h of hours) {
      const entry = byDay.get(shopDay(Date.parse(`${h.hour}:00:00.000Z`)));
      if (!entry) continue; // an order stamped ahead of this server's clock
      entry.revenue += h.revenue;
      entry.orders += h.orders;
    }
    const sales = [...byDay.values()];
    const total = (n: number, key: 'revenue' | 'orders') => sales.slice(-n).reduce((s, d) => s + d[key], 0);

    return {
      revenue: { today: total(1, 'revenue'), days7: total(7, 'revenue'), days30: total(30, 'revenue') },
      orders: { today: total(1, 'orders'), days7: total(7, 'orders'), days30: total(30, 'orders') },
      byStatus: Object.fromEntries(orderStatuses.map((s) => [s, statuses.get(s) ?? 0])) as Dashboard['byStatus'],
      sales,
      lowStock: low,
      bestSellers: best,
      confirmation: { ...answers, rate: confirmationRate(answers) },
      payments,
      latest,
    };
  });
};

export default adminDashboardRoutes;
