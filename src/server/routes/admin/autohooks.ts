import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../auth/guards.js';

/**
 * Everything under /api/admin: 401 without a session, 403 for a customer, before any handler or
 * body parsing runs. Autoload registers this hook in the same scope as every file of this folder.
 */
export default async function adminHooks(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireAdmin(request);
  });
}
