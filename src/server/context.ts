import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Dialect } from './db/database.js';
import type { CatalogService } from './services/catalog-service.js';
import type { ShopSettingsService } from './services/settings-service.js';
import type { PromotionsService } from './services/promotions-service.js';
import type { SearchStats } from './services/search-stats.js';
import type { StorageHealth } from './plugins/storage-health.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { PictureCache, PictureStore } from './storage/index.js';
import type { AttemptCounters } from './auth/limiter-stores.js';
import type { OutboxSender } from './services/outbox-sender.js';
import type { OptionLabels } from './messages/option-labels.js';
import type { RouteEntry } from './auth/permissions.js';

/** What every route can reach: configuration, database and long-lived services. */
export interface ShopContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  catalog: CatalogService;
  /** The merchant's settings, kept per content version (checkout's fees, /api/settings). */
  settings: ShopSettingsService;
  /** The automatic offers, kept per content version and until the next start or end (issue 30). */
  promotions: PromotionsService;
  /** Counts of full searches, added to the database every few seconds (issue 15). */
  searchStats: SearchStats;
  /** The one Redis client when REDIS_URL is set (decision 016): rate limits and attempt counters. */
  redis: Redis | undefined;
  /** Where sign-in, registration and order counters live: Redis (insured by the database), else the database (decision 031). */
  attempts: AttemptCounters;
  /** Storage failures seen and a write-free probe, for the error handler and /api/health. */
  storage: StorageHealth;
  /** Content-change notifications between processes (PostgreSQL); null on SQLite, where the version check alone serves. */
  changes: ChangeFeed | null;
  /** Where uploads and demo pictures are stored, read by every process (decision 015). */
  pictures: PictureStore;
  /** This process's bounded memory of the pictures it served. */
  pictureCache: PictureCache;
  /**
   * Sends the outbox (decision 021). A use case that wrote a message declares `after.jobAdded()`,
   * and inTransaction wakes it after the commit, so the message leaves at once rather than at the next poll.
   */
  outbox: OutboxSender;
  /** The words for colours and sizes that messages use. */
  labels: OptionLabels;
  /** Signs order links (from the settings, made once per shop). */
  secret: string;
  /**
   * Set at SIGTERM (main.ts): answers close their connections and /api/health says `serving:
   * 'draining'` (503), so a load balancer stops sending before the port closes.
   */
  draining: boolean;
  /** Every route as registered (method, URL, declared permission), for the permission-matrix test. */
  routes: RouteEntry[];
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopContext;
  }
}
