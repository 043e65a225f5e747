import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a start waits for Redis before going on without it (it keeps reconnecting). */
const READY_WAIT_MS = 3_000;
/** A Redis that does not answer within this is treated as down for that request. */
const COMMAND_TIMEOUT_MS = 500;
/** At most one "Redis is down" warning per this many milliseconds. */
const WARN_EVERY_MS = 30_000;

/**
 * The shop's one Redis client (REDIS_URL, decision 016), shared by the rate limits and the attempt
 * counters. A request never waits for Redis: without a connection a command fails at once (no
 * offline queue), a slow one after half a second, and the caller carries on without it (rate
 * limits skipped, attempts counted in the database). The client reconnects by itself.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect after 0.1 s, 0.2 s ... at most every 2 s, for as long as the shop runs.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    connectionName: 'nasma',
  });
  let lastWarning = 0;
  client.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    log.warn({ err: { message: err.message } }, 'Redis is unavailable: rate limits are skipped and attempts are counted in the database until it is back');
  });
  client.on('ready', () => {
    if (lastWarning) log.info('Redis is available again');
    lastWarning = 0;
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, READY_WAIT_MS);
    client.once('ready', done);
  });
  if (client.status !== 'ready') log.warn(`Redis at ${redactedUrl(url)} did not answer at start; the shop starts without it and keeps trying`);
  return client;
}

/** Closes the client: politely when connected, at once otherwise. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else client.disconnect();
}

/** 'ok' when Redis answers a PING, else 'unavailable' (for /api/health). */
export async function redisStatus(client: Redis): Promise<'ok' | 'unavailable'> {
  try {
    return (await client.ping()) === 'PONG' ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** A Redis URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
