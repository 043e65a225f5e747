import path from 'node:path';

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
   * OUTBOX_LEASE_MS: how long (ms) a sender holds the messages it claimed. A process killed while
   * sending lets its messages go after this; longer than the SMTP timeouts of one batch.
   */
  outboxLeaseMs: number;
  /** Waits (ms) after each failed attempt; after the last the message is failed (tests shorten them). */
  outboxRetryDelaysMs: readonly number[];
  /** MESSAGE_RETENTION_DAYS: sent messages older than this many days are deleted by the daily retention job (failed and held ones are kept). */
  messageRetentionDays: number;
  logLevel: string;
  /** An answer slower than this (ms) is logged at warn, with its method, URL and status. */
  slowRequestMs: number;
  /** Product pages rendered in the background after a start, so the first shoppers do not pay for the renderer's compilation (0: none). */
  warmPages: number;
  /** For tests: a schema name to isolate PostgreSQL runs. */
  pgSchema: string | undefined;
}

/** TRUST_PROXY: '' or 0 = none; a number = that many proxies in front; else a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase()))
    throw new Error(
      'TRUST_PROXY=true would let any client choose its own address: give the number of proxies in front of the shop (e.g. 1) or their addresses',
    );
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes "trust the nearest n
 * hops" (Fastify 5 refuses a bare number): the client is the address the outermost of our
 * proxies saw, however many X-Forwarded-For entries the client wrote before it.
 */
export function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** PUBLIC_URL as an origin without a trailing slash, or undefined; a malformed one stops the start. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = new URL(value.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL must be an http(s) address, not ${value}`);
  return url.origin;
}

/**
 * The S3_* variables, or undefined when none is set. S3_BUCKET is required once any is set, and
 * keys come in pairs: a half-configured bucket stops the start rather than quietly storing
 * pictures elsewhere.
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];
  if (!names.some((n) => value(n))) return undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) throw new Error(`S3_BUCKET is required when ${names.filter((n) => value(n)).join(', ')} is set`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) address, not ${endpoint}`);
  const prefix = (value('S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  return {
    endpoint,
    bucket,
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(value('S3_FORCE_PATH_STYLE'), endpoint !== undefined),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** SMTP_URL as given, or undefined when unset; anything but an smtp(s) URL stops the start. */
export function parseSmtpUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must be an smtp:// or smtps:// address, not ${url.protocol}`);
  return text;
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
    s3: parseS3Settings(env),
    pictureCacheBytes: Math.max(0, Number(env.PICTURE_CACHE_MB || 64) || 0) * 1024 * 1024,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    ssrEntry: env.SSR_ENTRY === '' ? undefined : path.resolve(env.SSR_ENTRY ?? 'dist/ssr/entry-server.js'),
    shopName: env.SHOP_NAME ?? 'Nasma',
    shopPhone: env.SHOP_PHONE ?? '+20 100 555 0123',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    allowedHosts: (env.ALLOWED_HOSTS ?? 'localhost,127.0.0.1,[::1]')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE ?? 1) || 1),
    checkoutLimits: defaultCheckoutLimits,
    redisUrl: env.REDIS_URL?.trim() || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'nasma:',
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 1_000),
    loadSampleMs: Math.max(10, Number(env.LOAD_SAMPLE_MS ?? 1_000) || 1_000),
    shutdownDrainMs: Math.min(5_000, Math.max(0, Number(env.SHUTDOWN_DRAIN_MS ?? 0) || 0)),
    changeCheckMs: Math.max(100, Number(env.CHANGE_CHECK_MS ?? 500) || 500),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    outboxPollMs: Math.max(50, Number(env.OUTBOX_POLL_MS ?? 5_000) || 5_000),
    outboxLeaseMs: Math.max(1_000, Number(env.OUTBOX_LEASE_MS ?? 120_000) || 120_000),
    outboxRetryDelaysMs: defaultRetryDelaysMs,
    messageRetentionDays: Math.max(1, Number(env.MESSAGE_RETENTION_DAYS ?? 90) || 90),
    logLevel: env.LOG_LEVEL ?? 'info',
    slowRequestMs: Number(env.SLOW_REQUEST_MS ?? 1_000) || 1_000,
    warmPages: Math.max(0, Number(env.WARM_PAGES ?? 60) || 0),
    pgSchema: env.PG_SCHEMA || undefined,
    ...overrides,
  };
}
