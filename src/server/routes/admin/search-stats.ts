import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lastShopDays } from '../../../shared/domain/shop-time.js';
import { searchStatsSchema } from '../../../shared/schemas/search-stats.js';
import { topSearches } from '../../repositories/search-stats-repository.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'dashboard.read' } as const;

/** What shoppers search for, and what they search for in vain (issue 15), over the last 30 Cairo days. */
const adminSearchStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.shop;
  app.get('/api/admin/search-stats', { config: read, schema: { response: { 200: searchStatsSchema } } }, async () => {
    const from = lastShopDays(new Date(), 30)[0]!;
    const [top, noResults] = await Promise.all([topSearches(db, from, 20), topSearches(db, from, 20, true)]);
    return { top, noResults };
  });
};

export default adminSearchStatsRoutes;
