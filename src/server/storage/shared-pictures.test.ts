import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import S3rver from 's3rver';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config, type S3Settings } from '../config.js';
import { adminProductInput, buildTestApp, fileUpload, sessionCookie, testAdmin } from '../test-support.js';
import { pictureCacheControl } from '../plugins/pictures.js';
import { pictureType } from './index.js';

const files = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) : []);

/**
 * Two shop processes over one database, each with its own upload folder (as two machines behind a
 * load balancer): what one stores, the other finds and serves.
 */
function twoProcesses(setup: () => Promise<{ a: BuiltApp & { close(): Promise<void> }; b: BuiltApp; kind: string }>) {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let closeAll: () => Promise<void>;
  let cookie = '';
  let ip = 0;
  const on = (app: FastifyInstance, opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.8.0.${++ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });

  beforeAll(async () => {
    const built = await setup();
    a = built.a.app;
    b = built.b.app;
    expect(a.shop.pictures.kind).toBe(built.kind);
    expect(b.shop.config.uploadDir).not.toBe(a.shop.config.uploadDir);
    closeAll = async () => {
      await built.b.app.close();
      await built.a.close();
    };
    // Sessions are in the database too: signed in through A is signed in on B.
    cookie = sessionCookie(await on(a, { method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    expect(cookie).not.toBe('');
  }, 120_000);
  afterAll(async () => closeAll?.());

  it('a picture uploaded through one process is saved with a product through the other, and both serve it immutable', async () => {
    const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#b5835a' } })
      .png()
      .toBuffer();
    const up = await on(a, { method: 'POST', url: '/api/admin/uploads?kind=product', ...fileUpload(png) });
    expect(up.statusCode, up.body).toBe(201);
    const image = up.json<{ image: { base: string; url: string } }>().image;
    // Nothing was written to either process's own disk.
    expect(files(a.shop.config.uploadDir)).toEqual([]);

    const categories = (await on(b, { method: 'GET', url: '/api/admin/categories' })).json<{ items: Array<{ id: number }> }>().items;
    const made = await on(b, {
      method: 'POST',
      url: '/api/admin/products',
      payload: adminProductInput({
        sku: `SHR-${Date.now().toString(36).toUpperCase()}`,
        name: { en: 'Shared Picture Candle', ar: 'شمعة الصورة المشتركة', fr: '', de: '' },
        shortDescription: { en: 'Seen by every process.', ar: 'تراها كل العمليات.', fr: '', de: '' },
        fullDescription: { en: 'Stored once.', ar: 'محفوظة مرة واحدة.', fr: '', de: '' },
        price: 30000,
        categoryIds: [categories[0]!.id],
        images: [image.base],
        stock: 3,
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    // The other process hears of the new product within a second (decision 017; its catalogue
    // loaded at start, so it is not read afresh at this request).
    const productUrl = `/api/products/${made.json<{ id: number }>().id}`;
    for (const started = Date.now(); Date.now() - started < 1_000; await new Promise((r) => setTimeout(r, 20))) {
      if ((await on(a, { method: 'GET', url: productUrl })).statusCode === 200) break;
    }
    const shown = (await on(a, { method: 'GET', url: productUrl })).json<{
      images: Array<{ src: string; width: number; height: number }>;
    }>();
    expect(shown.images[0]).toMatchObject({ src: `${image.base}-800.webp`, width: 800, height: 640 });

    const etags = new Set<string>();
    for (const app of [a, b]) {
      for (const url of [image.url, `${image.base}-800.webp`]) {
        const res = await on(app, { method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.headers['cache-control']).toBe(pictureCacheControl);
        expect(res.headers['content-type']).toBe(pictureType);
        expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
        const etag = String(res.headers.etag);
        if (url === image.url) etags.add(etag);
        const again = await on(app, { method: 'GET', url, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        const head = await on(app, { method: 'HEAD', url });
        expect(head.statusCode).toBe(200);
        expect(Number(head.headers['content-length'])).toBe(res.rawPayload.length);
      }
    }
    // The ETag comes from the content, so every process (and a CDN asking either) agrees.
    expect(etags.size).toBe(1);
  });

  it('serves the demo pictures from either process, and answers 404 for what is not stored', async () => {
    const products = (await on(b, { method: 'GET', url: '/api/products?pageSize=1' })).json<{ items: Array<{ images: Array<{ src: string }> }> }>();
    const src = products.items[0]!.images[0]!.src;
    expect(src).toMatch(/^\/images\/products\/.+\.webp$/);
    for (const app of [a, b]) {
      const res = await on(app, { method: 'GET', url: src });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(pictureCacheControl);
    }
    for (const url of ['/uploads/products/nothing-here-400.webp', '/images/../package.json', '/uploads/products/x.png']) {
      const missing = await on(b, { method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('stores one key from two processes at once without failing', async () => {
    const key = `uploads/products/same-${Date.now().toString(36)}-400.webp`;
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await Promise.all([a.shop.pictures.put(key, bytes, pictureType), b.shop.pictures.put(key, bytes, pictureType)]);
    expect((await b.shop.pictures.get(key))?.bytes.equals(bytes)).toBe(true);
    await a.shop.pictures.delete(key);
    expect(await b.shop.pictures.has(key)).toBe(false);
  });
}

/** A second process over the first one's database (the same DATABASE_URL and schema), with its own upload folder. */
async function secondProcess(first: BuiltApp, tmp: string, over: Partial<Config> = {}): Promise<BuiltApp> {
  return buildApp(loadConfig({}, { ...first.app.shop.config, uploadDir: path.join(tmp, 'uploads-b'), ...over }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('pictures in PostgreSQL, shared by two processes', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-pictures-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  twoProcesses(async () => {
    const a = await buildTestApp('postgres', { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    return { a, b: await secondProcess(a, tmp), kind: 'database' };
  });
});

describe('pictures in an S3 bucket (s3rver), shared by two processes', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-s3-'));
  let server: S3rver | undefined;
  let s3: S3Settings;

  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3') });
    const { port } = await server.run();
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'nasma-pictures',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'shop-a/',
    };
    // The shop never creates buckets (decision 015): the operator does, as here.
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    client.destroy();
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  twoProcesses(async () => {
    const a = await buildTestApp('sqlite', { adminEmail: testAdmin.email, adminPassword: testAdmin.password, s3 });
    return { a, b: await secondProcess(a, tmp), kind: 's3' };
  });

  it('keeps objects under S3_PREFIX, with the immutable Cache-Control for a CDN reading the bucket', async () => {
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'shop-a/images/hero/hero-1-800.webp' }));
      expect(res.ContentType).toBe(pictureType);
      expect(res.CacheControl).toBe(pictureCacheControl);
    } finally {
      client.destroy();
    }
  });
});

describe('a picture bucket that cannot be reached', () => {
  it('answers 503 storage_unavailable with Retry-After, not a server error, and health says so', async () => {
    // Port 9 (discard) has no S3 behind it: every request to the bucket is refused.
    const s3: S3Settings = {
      endpoint: 'http://127.0.0.1:9',
      bucket: 'nasma-pictures',
      region: 'us-east-1',
      accessKeyId: 'x',
      secretAccessKey: 'x',
      forcePathStyle: true,
      prefix: '',
    };
    const built = await buildTestApp('sqlite', { adminEmail: testAdmin.email, adminPassword: testAdmin.password, s3, seedDemo: false });
    try {
      const shown = await built.app.inject({ method: 'GET', url: '/uploads/products/candle-400.webp' });
      expect(shown.statusCode).toBe(503);
      expect(shown.headers['retry-after']).toBeDefined();
      expect(shown.json().error.code).toBe('storage_unavailable');
      const cookie = sessionCookie(await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
      const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#b5835a' } })
        .png()
        .toBuffer();
      const upload = fileUpload(png);
      const up = await built.app.inject({
        method: 'POST',
        url: '/api/admin/uploads?kind=product',
        payload: upload.payload,
        headers: { ...upload.headers, cookie },
      });
      expect(up.statusCode).toBe(503);
      expect(up.json().error.code).toBe('storage_unavailable');
      const health = await built.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', storage: 'unavailable' });
    } finally {
      await built.close();
    }
  }, 60_000);
});
