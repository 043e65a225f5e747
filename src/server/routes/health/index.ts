import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { storageRetryAfterSeconds } from '../../plugins/storage-health.js';

/**
 * Readiness: the database must answer (else the error handler answers), then each named check
 * reports 'ok' or what is wrong. All 'ok': 200 `{ status: 'ok', database, <check>: 'ok' ... }`;
 * otherwise 503 `{ status: 'degraded', ... }` naming the failing check, e.g. `storage: 'unavailable'`.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const checks: Record<string, (log: FastifyBaseLogger) => Promise<string>> = {
    storage: (log) => app.shop.storage.check(log),
    // @fastify/under-pressure (app.ts): past the event-loop delay limit the shop sheds requests.
    eventLoop: async () => (app.isUnderPressure() ? 'overloaded' : 'ok'),
    // Shutting down (main.ts): still answering, but a balancer should send new requests elsewhere.
    serving: async () => (app.shop.draining ? 'draining' : 'ok'),
  };

  app.get('/api/health', async (request, reply) => {
    await sql`select 1`.execute(app.shop.db);
    const results: Record<string, string> = {};
    for (const [name, check] of Object.entries(checks)) results[name] = await check(request.log);
    const ok = Object.values(results).every((result) => result === 'ok');
    if (!ok) reply.status(503).header('retry-after', String(storageRetryAfterSeconds));
    return { status: ok ? 'ok' : 'degraded', database: app.shop.dialect, ...results };
  });
}
