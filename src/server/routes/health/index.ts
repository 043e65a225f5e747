import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { storageRetryAfterSeconds } from '../../plugins/storage-health.js';
import { redisStatus } from '../../redis.js';
import { healthSchema } from '../../../shared/schemas/health.js';

/**
 * Readiness: the database must answer (else the error handler answers), then each named check
 * reports 'ok' or what is wrong. All 'ok': 200 `{ status: 'ok', database, <check>: 'ok' ... }`;
 * otherwise 503 `{ status: 'degraded', ... }` naming the failing check, e.g. `storage: 'unavailable'`
 * or `catalogue: 'unavailable'`.
 * With REDIS_URL, `redis: 'ok' | 'unavailable'`: a Redis that does not answer makes the status
 * 'degraded' but keeps the 200, since the shop serves without it (limits skipped, counters in the
 * database) and every process shares that Redis, so a balancer taking them out would close the shop.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const checks: Record<'storage' | 'catalogue' | 'eventLoop' | 'serving', (log: FastifyBaseLogger) => Promise<string>> = {
    storage: (log) => app.shop.storage.check(log),
    // The storefront cannot answer a listing or a product page without it: 'unavailable' while
    // the catalogue has never loaded and its last attempt failed (retried after a back-off).
    catalogue: () => app.shop.catalog.health(),
    // @fastify/under-pressure (app.ts): past the event-loop delay limit the shop sheds requests.
    eventLoop: async () => (app.isUnderPressure() ? 'overloaded' : 'ok'),
    // Shutting down (main.ts): still answering, but a balancer should send new requests elsewhere.
    serving: async () => (app.shop.draining ? 'draining' : 'ok'),
  };

  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    await sql`select 1`.execute(app.shop.db);
    const results = {
      storage: await checks.storage(request.log),
      catalogue: await checks.catalogue(request.log),
      eventLoop: await checks.eventLoop(request.log),
      serving: await checks.serving(request.log),
    };
    const ok = Object.values(results).every((result) => result === 'ok');
    if (!ok) reply.status(503).header('retry-after', String(storageRetryAfterSeconds));
    const redis = app.shop.redis ? await redisStatus(app.shop.redis) : undefined;
    const status = ok && (redis ?? 'ok') === 'ok' ? ('ok' as const) : ('degraded' as const);
    return { status, database: app.shop.dialect, ...results, ...(redis ? { redis } : {}) };
  });
};

export default healthRoutes;
