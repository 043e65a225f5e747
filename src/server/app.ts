import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import autoLoad from '@fastify/autoload';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { trustProxyOption, type Config } from './config.js';
import type { ShopContext } from './context.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { withSetupLock } from './db/setup-lock.js';
import { ChangeFeed } from './db/change-feed.js';
import { ensureAdmin, ensureDefaultSettings, seedDemoCatalogue, type AdminOutcome } from './db/seed/index.js';
import errorHandling from './plugins/errors.js';
import { StorageHealth } from './plugins/storage-health.js';
import security from './plugins/security.js';
import pictures from './plugins/pictures.js';
import staticFiles from './plugins/static.js';
import { createPictureStore, PictureCache, type PictureStore } from './storage/index.js';
import { CatalogService } from './services/catalog-service.js';
import { ShopSettingsService } from './services/settings-service.js';
import { PromotionsService } from './services/promotions-service.js';
import { SearchStats } from './services/search-stats.js';
import { registerAuth } from './auth/guards.js';
import { guardRoute } from './auth/permissions.js';
import { seedBlog } from './db/seed/blog.js';
import { getSetting } from './repositories/settings-repository.js';
import { closeRedis, openRedis } from './redis.js';
import { openAttemptCounters } from './auth/limiter-stores.js';
import { OutboxSender } from './services/outbox-sender.js';
import { localeFolders, OptionLabels } from './messages/option-labels.js';

export interface BuiltApp {
  app: FastifyInstance;
  /** Shutdown's first step: every answer from now on closes its connection (main.ts). */
  startDraining(): void;
  db: Db;
  admin: AdminOutcome;
  seeded: boolean;
}

/**
 * Builds the whole shop: opens and migrates the database, seeds an empty one, then registers
 * external plugins, our own plugins and the routes. Used by main.ts and by every test.
 */
export async function buildApp(config: Config, options: { logger?: boolean | { write(line: string): void } } = {}): Promise<BuiltApp> {
  const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
  let seeded = false;
  let admin: AdminOutcome = { kind: 'none' };
  let secret = '';
  let store: PictureStore | undefined;
  try {
    const pictures = createPictureStore(config, db);
    store = pictures;
    // Processes started together on one database take turns here: the first migrates and seeds,
    // the others wait, then find it done (decision 017).
    await withSetupLock(db, config.databaseUrl, async () => {
      await migrateToLatest(db);
      await ensureDefaultSettings(db.db, { shopName: config.shopName, shopPhone: config.shopPhone });
      if (config.seedDemo) {
        const demoImages = { renderDir: config.imageDir, store: pictures };
        seeded = await seedDemoCatalogue(db.db, demoImages);
        await seedBlog(db.db, demoImages);
      }
      admin = await ensureAdmin(db.db, config.adminEmail, config.adminPassword);
    });
    secret = (await getSetting<string>(db.db, 'secret')) ?? '';
    if (!secret) throw new Error('The shop secret is missing from the settings');
  } catch (err) {
    await store?.close?.();
    await db.close();
    throw err;
  }
  const pictureStore = store;

  const app = Fastify({
    // A stream given by a test receives the log lines instead of stdout.
    logger: options.logger ? { level: config.logLevel, ...(options.logger === true ? {} : { stream: options.logger }) } : false,
    // Fastify's two lines per request (received, completed) are replaced by the hook below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    // Shutdown is staged by main.ts: stop accepting, let connections deliver and finish their
    // requests (each answer closing its connection), then close what is left.
    forceCloseConnections: false,
    return503OnClosing: false,
    // A client gets 30 s to send a whole request and 15 s for its headers (a body trickled in at a
    // byte a second is cut, not kept forever); an idle keep-alive connection is closed after 10 s.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    http: { headersTimeout: 15_000, connectionsCheckingInterval: 1_000 },
  });
  // Limits and counters shared by every process (decision 016): in Redis when REDIS_URL is set;
  // else per-address limits in this process's memory and attempt counters in the database.
  const redis = config.redisUrl
    ? await openRedis(config.redisUrl, app.log).catch(async (err: unknown) => {
        await db.close();
        throw err;
      })
    : undefined;
  const attempts = openAttemptCounters(db, redis, config.redisPrefix, app.log);
  const catalog = new CatalogService(db.db, db.dialect, config.changeCheckMs, app.log);
  const settings = new ShopSettingsService(db.db, catalog, config);
  const promotions = new PromotionsService(db.db, catalog);
  catalog.showOffers(promotions);
  const labels = new OptionLabels(localeFolders(config.clientDir));
  const outbox = new OutboxSender({
    db: db.db,
    dialect: db.dialect,
    config,
    settings: () => settings.current(),
    labels,
    secret,
    log: app.log,
    shop: () => (app.hasDecorator('shop') ? app.shop : undefined),
  });
  const shop: ShopContext = {
    config,
    db: db.db,
    dialect: db.dialect,
    catalog,
    settings,
    promotions,
    outbox,
    labels,
    searchStats: new SearchStats(db.db, (err) => app.log.error({ err }, 'search statistics were not saved; kept for the next flush')),
    redis,
    attempts,
    secret,
    routes: [],
    draining: false,
    // Only the disk store writes to this machine's upload folder, so only then is its disk probed.
    storage: new StorageHealth(db, { databaseUrl: config.databaseUrl, uploadDir: pictureStore.kind === 'disk' ? config.uploadDir : null }),
    pictures: pictureStore,
    pictureCache: new PictureCache(pictureStore, config.pictureCacheBytes),
    changes: null,
  };
  app.decorate('shop', shop);
  // Other processes over the same PostgreSQL database hear of a content change at once (decision 017).
  if (db.dialect === 'postgres')
    shop.changes = await ChangeFeed.open({ url: config.databaseUrl, schema: config.pgSchema, log: app.log, onChange: () => shop.catalog.changed() });
  // The catalogue loads as the shop starts, so the first shopper does not wait for it.
  app.addHook('onReady', async () => shop.catalog.warm());
  // Messages leave from every process (decision 021); closing waits for the one being sent.
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    attempts.close();
    await shop.changes?.close();
    await shop.searchStats.close();
    await pictureStore.close?.();
    if (redis) await closeRedis(redis);
    await db.close();
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') shop.routes.push({ method, url: route.url, permission: route.config?.permission });
    // Every /api/admin route checks its declared permission first, wherever it is registered (decision 030).
    guardRoute(route);
    // RATE_LIMIT_SCALE raises every per-address limit alike (the load bench's shoppers share one address).
    const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
    if (limit && typeof limit.max === 'number') limit.max *= config.rateLimitScale;
    // No route takes a compressed request body: @fastify/compress adds no decompression step.
    route.decompress ??= false;
  });

  // Route schemas are zod schemas (decision 011): they parse params, query and body, and each
  // answer is encoded through its response schema, so a field the schema does not name is dropped.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandling);

  // External plugins first, then the shop's own, then the routes (as in fastify/demo).
  // Shed load instead of queueing minutes of work: past this event-loop delay, answer 503 at once.
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    // The delay compared is the mean over this window: a shorter one reacts to a shorter stall.
    sampleInterval: config.loadSampleMs,
    retryAfter: 5,
    pressureHandler: (request, reply) => {
      // Health answers for itself, saying it is degraded (routes/health).
      if (request.url === '/api/health') return;
      reply.header('Retry-After', '5');
      throw new AppError(503, 'overloaded', 'The shop is very busy right now. Please try again in a few seconds.');
    },
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    // While shutting down, tell keep-alive clients not to send another request on this connection.
    if (shop.draining) reply.header('Connection', 'close');
    done(null, payload);
  });
  // One line per request only when it matters: a server error or a slow answer (warn), or every
  // request at LOG_LEVEL=debug. Access logs are the balancer's job (deploy/nginx.conf).
  const logEvery = config.logLevel === 'debug' || config.logLevel === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500 || ms >= config.slowRequestMs)
      request.log.warn({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) }, 'slow or failed request');
    else if (logEvery) request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) }, 'request');
    done();
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  registerAuth(app);
  await app.register(rateLimit, {
    global: false,
    // With Redis, one count per address for all the shop's processes. When Redis fails, the limits
    // are skipped (fail open: a shopper is never refused for our outage) and the client logs it;
    // sign-in and order counters are insured by the database meanwhile (decision 031).
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => new AppError(429, 'rate_limited', `Too many requests from this connection. Try again in ${context.after}.`),
  });
  await app.register(security);

  // Every file under routes/ (a folder's index.ts only, when it has one) is one plugin; routes
  // name their whole URL, so folders add no prefix. A folder's autohooks.ts adds hooks to its own
  // routes. Tests beside the routes are not routes; under the build only .js files are loaded.
  await app.register(autoLoad, {
    dir: fileURLToPath(new URL('./routes', import.meta.url)),
    dirNameRoutePrefix: false,
    autoHooks: true,
    cascadeHooks: true,
    ignorePattern: /\.test\.[cm]?[jt]s$/,
    forceESM: true,
  });

  await app.register(pictures);
  await app.register(staticFiles, { clientDir: config.clientDir, ssrEntry: config.ssrEntry });
  return {
    app,
    db,
    admin,
    seeded,
    startDraining: () => {
      shop.draining = true;
    },
  };
}
