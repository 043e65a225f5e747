import path from 'node:path';

/** Runtime settings read once from the environment; every value has a working default. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>` / a bare file path, or `postgres://...`. */
  databaseUrl: string;
  uploadDir: string;
  /** Where generated demo images live; served under /images. */
  imageDir: string;
  /** Built SPA (vite build output). */
  clientDir: string;
  /** The server-render module (`vite build --ssr`); pages are browser-rendered when it is missing. */
  ssrEntry: string | undefined;
  shopName: string;
  shopPhone: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** For tests: a schema name to isolate PostgreSQL runs. */
  pgSchema: string | undefined;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** Builds the configuration from `env` (defaults to process.env), overridable piecewise by tests. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const uploadDir = path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
    uploadDir,
    imageDir: path.resolve(env.IMAGE_DIR ?? path.join(dataDir, 'images')),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    ssrEntry: env.SSR_ENTRY === '' ? undefined : path.resolve(env.SSR_ENTRY ?? 'dist/ssr/entry-server.js'),
    shopName: env.SHOP_NAME ?? 'Nasma',
    shopPhone: env.SHOP_PHONE ?? '+20 100 555 0123',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    trustProxy: flag(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL ?? 'info',
    pgSchema: env.PG_SCHEMA || undefined,
    ...overrides,
  };
}
