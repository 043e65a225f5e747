import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config.js';
import type { ShopContext } from './context.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureAdmin, ensureDefaultSettings, seedDemoCatalogue, type AdminOutcome } from './db/seed/index.js';
import { registerErrorHandling } from './plugins/errors.js';
import { StorageHealth } from './plugins/storage-health.js';
import { registerSecurity } from './plugins/security.js';
import { registerStatic } from './plugins/static.js';
import { CatalogService } from './services/catalog-service.js';
import healthRoutes from './routes/health/index.js';
import productRoutes from './routes/products/index.js';
import categoryRoutes from './routes/categories/index.js';
import settingsRoutes from './routes/settings/index.js';
import orderRoutes from './routes/orders/index.js';
import contactRoutes from './routes/contact/index.js';
import seoRoutes from './routes/seo/index.js';
import blogRoutes from './routes/blog/index.js';
import authRoutes from './routes/auth/index.js';
import adminRoutes from './routes/admin/index.js';
import accountRoutes from './routes/account/index.js';
import { registerAuth } from './auth/guards.js';
import { seedBlog } from './db/seed/blog.js';
import newsletterRoutes from './routes/newsletter/index.js';
import { getSetting } from './repositories/settings-repository.js';

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  admin: AdminOutcome;
  seeded: boolean;
}

/**
 * Builds the whole shop: opens and migrates the database, seeds an empty one, then registers
 * external plugins, our own plugins and the routes. Used by main.ts and by every test.
 */
export async function buildApp(config: Config, options: { logger?: boolean } = {}): Promise<BuiltApp> {
  const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
  let seeded = false;
  let admin: AdminOutcome = { kind: 'none' };
  let secret = '';
  try {
    await migrateToLatest(db);
    await ensureDefaultSettings(db.db, { shopName: config.shopName, shopPhone: config.shopPhone });
    if (config.seedDemo) {
      seeded = await seedDemoCatalogue(db.db, config.imageDir);
      await seedBlog(db.db, config.imageDir);
    }
    admin = await ensureAdmin(db.db, config.adminEmail, config.adminPassword);
    secret = (await getSetting<string>(db.db, 'secret')) ?? '';
    if (!secret) throw new Error('The shop secret is missing from the settings');
  } catch (err) {
    await db.close();
    throw err;
  }

  const app = Fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Let in-flight requests finish on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const shop: ShopContext = {
    config,
    db: db.db,
    dialect: db.dialect,
    catalog: new CatalogService(db.db),
    secret,
    routes: [],
    storage: new StorageHealth(db, config),
  };
  app.decorate('shop', shop);
  app.addHook('onClose', async () => db.close());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') shop.routes.push({ method, url: route.url });
  });

  registerErrorHandling(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  registerAuth(app);
  await app.register(rateLimit, { global: false });
  await registerSecurity(app, config.trustProxy);

  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(categoryRoutes);
  await app.register(settingsRoutes);
  await app.register(orderRoutes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes);
  await app.register(blogRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(accountRoutes);
  await app.register(seoRoutes);

  await registerStatic(app, { clientDir: config.clientDir, imageDir: config.imageDir, uploadDir: config.uploadDir, ssrEntry: config.ssrEntry });
  return { app, db, admin, seeded };
}
