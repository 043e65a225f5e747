import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../auth/guards.js';
import adminOrderRoutes from './orders.js';
import adminMessageRoutes from './messages.js';
import adminProductRoutes from './products.js';
import adminCategoryRoutes from './categories.js';
import adminDashboardRoutes from './dashboard.js';
import adminSettingsRoutes from './settings.js';

/**
 * Everything under /api/admin: 401 without a session, 403 for a customer, before any handler or
 * body parsing runs. The child plugins inherit this hook (they are registered inside this scope).
 */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireAdmin(request);
  });
  await app.register(adminOrderRoutes);
  await app.register(adminMessageRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminSettingsRoutes);
}
