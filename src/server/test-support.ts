import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from './config.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuiltApp } from './app.js';
import type { MessageKind, OutboxMessage } from './messages/kinds.js';
import type { AdminProductInput } from '../shared/schemas/admin-product.js';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabases: TestDatabase[] = [{ name: 'sqlite' }, ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const }] : [])];

/** Rendered demo images are shared between test runs: rendering them is the slow part of seeding. */
const imageDir = path.resolve('data/test-images');

/**
 * Builds the real app on a new, empty database of the given kind (a temporary SQLite file, or a
 * fresh PostgreSQL schema), seeded with the demo catalogue. `close()` removes it again.
 */
export async function buildTestApp(
  kind: TestDatabase['name'],
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<BuiltApp & { close(): Promise<void> }> {
  const id = crypto.randomBytes(6).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = `t_${id}`;
  const config = loadConfig(
    {},
    {
      databaseUrl: kind === 'postgres' && pgUrl ? pgUrl : `sqlite:${path.join(dir, 'shop.sqlite')}`,
      pgSchema: kind === 'postgres' ? schema : undefined,
      imageDir,
      uploadDir: path.join(dir, 'uploads'),
      clientDir: path.join(dir, 'no-client'),
      ssrEntry: undefined,
      // Tests of other features place many orders with one phone number; the checkout-limit tests
      // (routes/orders/checkout-limits.test.ts) set the shop's own numbers.
      checkoutLimits: {
        perPhone: { max: 10_000, windowMs: 60_000 },
        perAccount: { max: 10_000, windowMs: 60_000 },
        perAddress: { max: 10_000, windowMs: 60_000 },
      },
      // The daily low-stock list goes to the first owner from 08:00 in Cairo: a test's messages
      // would depend on the hour it runs at. The tests of the daily jobs run their own runner.
      dailyJobs: false,
      ...overrides,
    },
  );
  const built = await buildApp(config, options);
  return {
    ...built,
    async close() {
      await built.app.close();
      if (kind === 'postgres' && pgUrl) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The admin every API test's app is built with (`buildTestApp(kind, { adminEmail, adminPassword })`). */
export const testAdmin = { email: 'admin@nasma.test', password: 'Cedar-Amber-2026' };

/** A checkout's customer details (no lines): a guest in Alexandria paying cash on delivery. */
export const testCustomer = {
  fullName: 'Mona Adel',
  phone: '+20 100 555 0199',
  governorate: 'ALX',
  city: 'Smouha',
  address: '12 Victor Emmanuel Square, flat 4',
  paymentMethod: 'cod',
};

/** The `sid=...` pair of a response's session cookie, ready for a `cookie` header; '' when none was set. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('sid='));
  return raw ? String(raw).split(';')[0]! : '';
}

/** The Redis of the tests (TEST_REDIS_URL, default the local one; empty: none). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when the test Redis answers a PING within a second; tests of the Redis store run only then. */
export async function redisAnswers(): Promise<boolean> {
  if (!testRedisUrl) return false;
  const client = new Redis(testRedisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own for one test run, so runs sharing a Redis never see each other's counters. */
export const testRedisPrefix = (): string => `nasma-test:${crypto.randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix` (a test's clean-up). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of client.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) if (keys.length) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

/** A real SMTP server in the test's process (smtp-server + mailparser): see test-mail-server.ts. */
export { startMailServer, type ReceivedMail, type TestMailServer } from './test-mail-server.js';

/** The newest outbox message of a kind to an address, as its stored payload (e-mailed links are read from here). */
export async function lastMessageTo<K extends MessageKind>(
  app: FastifyInstance,
  kind: K,
  to: string,
): Promise<(Extract<OutboxMessage, { kind: K }> & { id: number }) | undefined> {
  const row = await app.shop.db
    .selectFrom('outbox')
    .select(['id', 'payload'])
    .where('kind', '=', kind)
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { ...(JSON.parse(row.payload) as Extract<OutboxMessage, { kind: K }>), id: row.id };
}

/** The token of the link in an e-mailed message (`/reset-password?token=…`, `/verify-email?token=…`). */
export const linkToken = (message: { link?: string | null } | undefined): string =>
  new URL(message?.link ?? '', 'http://shop.test').searchParams.get('token') ?? '';

/**
 * Registration as a shopper goes through it (issue 16): the form, then the link the e-mail carries.
 * Answers the verification's response (201 with the session cookie), or the registration's own
 * answer when that was not 202.
 */
export async function registerThroughEmail(app: FastifyInstance, inject: Omit<InjectOptions, 'method' | 'url' | 'payload'>, body: Record<string, unknown>) {
  const asked = await app.inject({ ...inject, method: 'POST', url: '/api/auth/register', payload: body });
  if (asked.statusCode !== 202) return asked;
  const email = String(body.email).trim().toLowerCase();
  const token = linkToken(await lastMessageTo(app, 'sign_up_link', email));
  return app.inject({ ...inject, method: 'POST', url: '/api/auth/register/verify', payload: { token } });
}

/** A file part of a multipart body. */
export interface FilePart {
  /** The form field's name ("file", "photos"). */
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/**
 * A multipart/form-data body as a browser's FormData sends it: the text fields (an object or
 * array as JSON), then the files. One boundary per body, so its payload and its header always agree.
 */
export function multipartBody(fields: Record<string, unknown>, files: FilePart[] = []): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----nasma${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file sent as the field "file" (the admin's picture upload, the catalogue import). */
export const fileUpload = (data: Buffer, filename = 'candle.png', type = 'image/png') => multipartBody({}, [{ field: 'file', filename, type, data }]);

/** Photos sent as the field "photos" beside the fields (a review, a return request). */
export const withPhotos = (fields: Record<string, unknown>, photos: Buffer[] = []) =>
  multipartBody(
    fields,
    photos.map((data, i) => ({ field: 'photos', filename: `p${i}.png`, type: 'image/png', data })),
  );

const noText = { en: '', ar: '', fr: '', de: '' };

/**
 * A product as the admin's form sends it: a simple, visible product in the given categories, with
 * plain defaults for everything a test does not name.
 */
export function adminProductInput(over: Partial<AdminProductInput> & Pick<AdminProductInput, 'categoryIds'>): AdminProductInput {
  return {
    sku: `TST-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
    name: { en: 'Test product', ar: 'منتج تجريبي', fr: '', de: '' },
    shortDescription: noText,
    fullDescription: noText,
    price: 10_000,
    discount: 0,
    offerEnd: null,
    isNew: false,
    visible: true,
    tags: [],
    images: [],
    hasVariants: false,
    stock: 1,
    variants: [],
    ...over,
  };
}
