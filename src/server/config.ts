import path from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  flagText,
  parsePaymobSettings,
  parsePublicUrl,
  parseS3Settings,
  parseSmtpUrl,
  parseTrustProxy,
  paymobVariables,
  s3Variables,
  type PaymobSettings,
} from './config-values.js';
export {
  ConfigError,
  parsePublicUrl,
  parseS3Settings,
  parseSmtpUrl,
  parseTrustProxy,
  trustProxyOption,
  type ConfigProblem,
  type PaymobSettings,
} from './config-values.js';

/** An S3-compatible bucket for pictures (S3_* variables; decision 015). */
export interface S3Settings {
  /** `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`...; undefined for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Without keys the SDK's own chain is used (environment, instance role...). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path rather than the host name: what MinIO and most non-AWS services want. */
  forcePathStyle: boolean;
  /** Put before every key, '' or ending in '/'. */
  prefix: string;
}

/** At most `max` in `windowMs` milliseconds. */
export interface Allowance {
  max: number;
  windowMs: number;
}

/**
 * Checkout limits (decision 016). Per address only a generous ceiling, since a carrier's NAT or an
 * unconfigured proxy puts many shoppers behind one address; fake cash-on-delivery orders are
 * stopped per phone number and per signed-in account instead.
 */
export interface CheckoutLimits {
  perPhone: Allowance;
  perAccount: Allowance;
  /** Multiplied by `rateLimitScale` like every per-address limit. */
  perAddress: Allowance;
}

const MINUTE = 60 * 1000;

/** How long the outbox waits after each failed attempt (ms): 30 s, 2 min, 10 min, 1 h, 6 h; then the message is failed (decision 021). */
export const defaultRetryDelaysMs: readonly number[] = [30_000, 2 * MINUTE, 10 * MINUTE, 60 * MINUTE, 360 * MINUTE];

export const defaultCheckoutLimits: CheckoutLimits = {
  perPhone: { max: 5, windowMs: 10 * MINUTE },
  perAccount: { max: 10, windowMs: 10 * MINUTE },
  perAddress: { max: 300, windowMs: MINUTE },
};

/** Runtime settings read once from the environment; every value has a working default. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>` / a bare file path, or `postgres://...`. */
  databaseUrl: string;
  uploadDir: string;
  /**
   * Where generated demo images are rendered (a cache: they are made again when missing); served
   * under /images. On the disk store it is also where they are served from.
   */
  imageDir: string;
  /**
   * Object storage for pictures. Set: pictures live there; unset: in the database on PostgreSQL,
   * on this disk (uploadDir, imageDir) on SQLite.
   */
  s3: S3Settings | undefined;
  /** Bytes of pictures each process keeps in memory to serve them (PICTURE_CACHE_MB, default 64; 0 = none). */
  pictureCacheBytes: number;
  /** Built SPA (vite build output). */
  clientDir: string;
  /** The server-render module (`vite build --ssr`); pages are browser-rendered when it is missing. */
  ssrEntry: string | undefined;
  shopName: string;
  shopPhone: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  /**
   * Which proxies' X-Forwarded-* headers count (Fastify's `trustProxy`): false, a hop count, or
   * the proxies' addresses. Never a blanket true, which would let a client pick its own address.
   */
  trustProxy: false | number | string[];
  /** The shop's public address (`https://shop.example`): every absolute URL is made from it. */
  publicUrl: string | undefined;
  /** Without PUBLIC_URL, the Host names absolute URLs may be made from; any other gets `localhost`. */
  allowedHosts: string[];
  /**
   * Multiplies the per-address request limits (sign-in, checkout, contact...). 1 in a shop; the
   * load bench raises it because all its shoppers come from one address.
   */
  rateLimitScale: number;
  checkoutLimits: CheckoutLimits;
  /**
   * REDIS_URL: where rate limits and attempt counters live, shared by every shop process
   * (decision 016). Without it: per-address limits in this process's memory, attempt counters in
   * the database.
   */
  redisUrl: string | undefined;
  /** Prefix of every key the shop writes to Redis, so several shops (or test runs) can share one. */
  redisPrefix: string;
  /** How long a client may take to send a whole request (ms). */
  requestTimeoutMs: number;
  /** Past this event-loop delay (ms) requests are refused with 503 and Retry-After; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** The window (ms) over which the event-loop delay is averaged for that check. */
  loadSampleMs: number;
  /**
   * At SIGTERM, how long (ms, at most 5,000) the shop keeps accepting while /api/health says
   * 'draining', before its port closes: time for a load balancer's health check to take it out.
   */
  shutdownDrainMs: number;
  /**
   * How often (ms) a process checks the content and stock versions while serving: the bound on how
   * late it shows a change it was not told of (stock, or a missed notification).
   */
  changeCheckMs: number;
  /**
   * SMTP_URL: where e-mail is sent (`smtp://user:pass@host:587`, `smtps://...:465`; decision 021).
   * Without it the shop sends nothing: messages are kept as 'held' and the admin shows them.
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every e-mail; default `"<shop name>" <no-reply@localhost>`. */
  mailFrom: string | undefined;
  /** OUTBOX_POLL_MS: how often (ms) each process looks for due messages (a commit in this process wakes it at once). */
  outboxPollMs: number;
  /**
   * Whether this process schedules the daily jobs (the low-stock list, retention): always, but in
   * the test apps (test-support.ts), whose messages must not depend on the hour the tests run at.
   */
  dailyJobs: boolean;
  /**
   * OUTBOX_LEASE_MS: how long (ms) a sender holds the messages it claimed. A process killed while
   * sending lets its messages go after this; longer than the SMTP timeouts of one batch.
   */
  outboxLeaseMs: number;
  /** Waits (ms) after each failed attempt; after the last the message is failed (tests shorten them). */
  outboxRetryDelaysMs: readonly number[];
  /** PAYMOB_*: online payments through Paymob (decision 036); undefined: cash on delivery only. */
  paymob: PaymobSettings | undefined;
  /** PAYMENT_EXPIRY_MINUTES: how long an order waits for its online payment before it is cancelled and its stock released. */
  paymentExpiryMinutes: number;
  /** MESSAGE_RETENTION_DAYS: sent messages older than this many days are deleted by the daily retention job (failed and held ones are kept). */
  messageRetentionDays: number;
  logLevel: string;
  /** An answer slower than this (ms) is logged at warn, with its method, URL and status. */
  slowRequestMs: number;
  /** Product pages rendered in the background after a start, so the first shoppers do not pay for the renderer's compilation (0: none). */
  warmPages: number;
  /** PG_SCHEMA: the PostgreSQL schema the shop's tables live in (created when missing); tests isolate their runs with it. */
  pgSchema: string | undefined;
  /** BACKUP_DIR: where `npm run backup` writes its folders. */
  backupDir: string;
}

/** Node keeps no timer longer than this (about 24.8 days): a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Blank counts as unset for numbers, flags and names: `PORT=` in an env file means the default, as leaving it out does. */
function given<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), schema.optional());
}

/**
 * A whole number from `min` to `max`, `fallback` when unset. Below `raisedTo` it is raised and above
 * `loweredTo` lowered, for the values that have always been clamped rather than refused.
 */
function wholeNumber(options: { fallback: number; min: number; max?: number; unit?: string; raisedTo?: number; loweredTo?: number }) {
  const { fallback, min, max = Number.MAX_SAFE_INTEGER, unit, raisedTo = min, loweredTo = max } = options;
  const range = max === Number.MAX_SAFE_INTEGER ? `, ${min} or more` : ` from ${min} to ${max}`;
  const expected = `a whole number${unit ? ` of ${unit}` : ''}${range}`;
  return given(z.string().regex(/^\d+$/, expected).transform(Number).pipe(z.number().min(min, expected).max(max, expected))).transform((value) =>
    Math.min(loweredTo, Math.max(raisedTo, value ?? fallback)),
  );
}

const milliseconds = (fallback: number, clamp: { raisedTo?: number; loweredTo?: number } = {}) =>
  wholeNumber({ fallback, min: 0, max: MAX_TIMER_MS, unit: 'milliseconds', ...clamp });

const flag = (fallback: boolean) => given(flagText).transform((value) => value ?? fallback);

/** Kept as given; unset is undefined, and blank stays blank where blank means something (SSR_ENTRY, REDIS_PREFIX, ALLOWED_HOSTS). */
const text = () => z.string().optional();

/** Turns what a parse* function refuses into the schema's issue for its variable. */
function readWith<T>(read: () => T, ctx: z.RefinementCtx): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const problem of err.problems) ctx.addIssue({ code: 'custom', message: problem.expected, path: [problem.variable] });
    return z.NEVER;
  }
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every variable the shop reads, and only those: README's Configuration table documents each key
 * (config.test.ts compares the two). Not here, because the shop never reads them: what tests,
 * benches and scripts read for themselves (TEST_DATABASE_URL and TEST_REDIS_URL, the databases the
 * test suites run on; E2E_PORT, MAIL_SINK_*, NASMA_CLUSTER_*, CI and API_URL for the browser and
 * cluster suites; BENCH_*, PG_QUERY_LOG and FASTIFY_AUTOLOAD_TYPESCRIPT for the benches; CHROME_PATH,
 * LNG, FULL and ANALYSE for the screenshot and bundle scripts), and NODE_ENV, which `npm start`
 * sets to production for the libraries (React, Fastify) rather than for our code.
 */
export const environmentSchema = z.object({
  PORT: wholeNumber({ fallback: 3000, min: 1, max: 65_535 }),
  HOST: text(),
  DATABASE_URL: text(),
  DATA_DIR: text(),
  UPLOAD_DIR: text(),
  IMAGE_DIR: text(),
  CLIENT_DIR: text(),
  SSR_ENTRY: text(),
  SHOP_NAME: text(),
  SHOP_PHONE: text(),
  ADMIN_EMAIL: text(),
  ADMIN_PASSWORD: text(),
  SEED_DEMO: flag(true),
  TRUST_PROXY: text().transform((value, ctx) => readWith(() => parseTrustProxy(value), ctx)),
  PUBLIC_URL: text().transform((value, ctx) => readWith(() => parsePublicUrl(value), ctx)),
  ALLOWED_HOSTS: text(),
  RATE_LIMIT_SCALE: wholeNumber({ fallback: 1, min: 1 }),
  REDIS_URL: text(),
  REDIS_PREFIX: text(),
  REQUEST_TIMEOUT_MS: milliseconds(30_000),
  MAX_EVENT_LOOP_DELAY_MS: milliseconds(1_000),
  LOAD_SAMPLE_MS: milliseconds(1_000, { raisedTo: 10 }),
  SHUTDOWN_DRAIN_MS: milliseconds(0, { loweredTo: 5_000 }),
  CHANGE_CHECK_MS: milliseconds(500, { raisedTo: 100 }),
  LOG_LEVEL: given(z.enum(logLevels, { error: `one of ${logLevels.join(', ')}` })).transform((value) => value ?? 'info'),
  SLOW_REQUEST_MS: wholeNumber({ fallback: 1_000, min: 1, max: MAX_TIMER_MS, unit: 'milliseconds' }),
  WARM_PAGES: wholeNumber({ fallback: 60, min: 0 }),
  // Checked together by parseS3Settings, once every single value is right.
  S3_ENDPOINT: text(),
  S3_BUCKET: text(),
  S3_REGION: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: text(),
  S3_PREFIX: text(),
  PICTURE_CACHE_MB: wholeNumber({ fallback: 64, min: 0, max: 1_048_576, unit: 'megabytes' }),
  SMTP_URL: text().transform((value, ctx) => readWith(() => parseSmtpUrl(value), ctx)),
  MAIL_FROM: text(),
  OUTBOX_POLL_MS: milliseconds(5_000, { raisedTo: 50 }),
  OUTBOX_LEASE_MS: milliseconds(120_000, { raisedTo: 1_000 }),
  MESSAGE_RETENTION_DAYS: wholeNumber({ fallback: 90, min: 1, max: 36_500, unit: 'days' }),
  // Checked together by parsePaymobSettings, once every single value is right.
  PAYMOB_SECRET_KEY: text(),
  PAYMOB_PUBLIC_KEY: text(),
  PAYMOB_API_KEY: text(),
  PAYMOB_HMAC_SECRET: text(),
  PAYMOB_INTEGRATIONS: text(),
  PAYMOB_API_URL: text(),
  PAYMENT_EXPIRY_MINUTES: wholeNumber({ fallback: 30, min: 5, max: 7 * 24 * 60, unit: 'minutes' }),
  PG_SCHEMA: given(z.string().regex(/^[a-z_][a-z0-9_]*$/, 'a PostgreSQL schema name of lower-case letters, digits and _')),
  BACKUP_DIR: text(),
});

const configSchema = environmentSchema.transform((env, ctx): Config => {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  return {
    port: env.PORT,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    imageDir: path.resolve(env.IMAGE_DIR || path.join(dataDir, 'images')),
    s3: readWith(() => parseS3Settings(Object.fromEntries(s3Variables.map((name) => [name, env[name]]))), ctx),
    pictureCacheBytes: env.PICTURE_CACHE_MB * 1024 * 1024,
    clientDir: path.resolve(env.CLIENT_DIR || 'dist/client'),
    ssrEntry: env.SSR_ENTRY === '' ? undefined : path.resolve(env.SSR_ENTRY ?? 'dist/ssr/entry-server.js'),
    shopName: env.SHOP_NAME || 'Nasma',
    shopPhone: env.SHOP_PHONE || '+20 100 555 0123',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    allowedHosts: (env.ALLOWED_HOSTS ?? 'localhost,127.0.0.1,[::1]')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    rateLimitScale: env.RATE_LIMIT_SCALE,
    checkoutLimits: defaultCheckoutLimits,
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'nasma:',
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    loadSampleMs: env.LOAD_SAMPLE_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    changeCheckMs: env.CHANGE_CHECK_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    outboxPollMs: env.OUTBOX_POLL_MS,
    dailyJobs: true,
    outboxLeaseMs: env.OUTBOX_LEASE_MS,
    outboxRetryDelaysMs: defaultRetryDelaysMs,
    messageRetentionDays: env.MESSAGE_RETENTION_DAYS,
    paymob: readWith(
      () => parsePaymobSettings({ ...Object.fromEntries(paymobVariables.map((name) => [name, env[name]])), PAYMOB_API_URL: env.PAYMOB_API_URL }),
      ctx,
    ),
    paymentExpiryMinutes: env.PAYMENT_EXPIRY_MINUTES,
    logLevel: env.LOG_LEVEL,
    slowRequestMs: env.SLOW_REQUEST_MS,
    warmPages: env.WARM_PAGES,
    pgSchema: env.PG_SCHEMA,
    backupDir: path.resolve(env.BACKUP_DIR || 'backups'),
  };
});

/**
 * Builds the configuration from `env` (defaults to process.env), overridable piecewise by tests.
 * Throws a ConfigError naming every variable whose value the shop cannot use.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const read = configSchema.safeParse(env);
  if (!read.success) {
    throw new ConfigError(
      read.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        return { variable, value: env[variable], expected: issue.message };
      }),
    );
  }
  return { ...read.data, ...overrides };
}

/** loadConfig for an entry point: a bad value ends the process with its line on stderr and exit code 1, not a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
