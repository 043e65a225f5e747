import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Dialect } from './db/database.js';
import type { CatalogService } from './services/catalog-service.js';
import type { StorageHealth } from './plugins/storage-health.js';
import type { AttemptStore } from './auth/attempt-store.js';

/** What every route can reach: configuration, database and long-lived services. */
export interface ShopContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  catalog: CatalogService;
  /** The one Redis client when REDIS_URL is set (decision 016): rate limits and attempt counters. */
  redis: Redis | undefined;
  /** Where sign-in, registration and order counters live: Redis (falling back to the database), else the database. */
  attempts: AttemptStore;
  /** Storage failures seen and a write-free probe, for the error handler and /api/health. */
  storage: StorageHealth;
  /** Signs order links (from the settings, made once per shop). */
  secret: string;
  /**
   * Set at SIGTERM (main.ts): answers close their connections and /api/health says `serving:
   * 'draining'` (503), so a load balancer stops sending before the port closes.
   */
  draining: boolean;
  /** Every route as registered (method and URL), for the permission-matrix test. */
  routes: Array<{ method: string; url: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopContext;
  }
}
