import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import { buildTestApp, testCustomer } from '../test-support.js';
import { openDatabase } from '../db/database.js';
import { BackupError, createBackup, restoreBackup, type BackupManifest } from './backup-service.js';
import type { ProductList } from '../../shared/schemas/product.js';

const run = promisify(execFile);

const customer = testCustomer;

/** Orders (number and access token) whose 201 the shopper received. */
type Acknowledged = { number: string; token: string };

describe('backup and restore of a SQLite shop that keeps selling', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let productId: number;
  const initialStock = 100_000;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-backup-'));
  let seq = 0;

  beforeAll(async () => {
    const built = await buildTestApp('sqlite');
    app = built.app;
    close = built.close;
    const products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    productId = products.find((p) => p.variants.length === 0)!.id;
    await app.shop.db.updateTable('products').set({ stock: initialStock }).where('id', '=', productId).execute();
    const uploads = path.join(app.shop.config.uploadDir, 'products');
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'amber-400.webp'), 'a picture');
    fs.writeFileSync(path.join(uploads, 'amber-800.webp'), 'a larger picture');
    // An upload being written when the backup runs: not a finished file, so not copied.
    fs.writeFileSync(path.join(uploads, 'cedar-400.webp.1a2b3c4d.tmp'), 'half');
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const placeOrder = async (): Promise<Acknowledged> => {
    const n = ++seq;
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: `10.8.${Math.floor(n / 250)}.${n % 250}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': `backup-test-${n}` },
      payload: JSON.stringify({ ...customer, lines: [{ productId, quantity: 1 }] }),
    });
    if (res.statusCode !== 201) throw new Error(`order ${n}: ${res.statusCode} ${res.body}`);
    const body = res.json<{ order: { number: string }; accessToken: string }>();
    return { number: body.order.number, token: body.accessToken };
  };

  /**
   * Shoppers placing orders one after another until stopped; each acknowledged order is filed
   * under the phase current when its 201 arrived. `until` waits for a count (or a shopper's failure).
   */
  const shoppers = (count: number, phase: () => Acknowledged[]) => {
    let stopped = false;
    let failure: unknown;
    const loops = Array.from({ length: count }, async () => {
      try {
        while (!stopped) phase().push(await placeOrder());
      } catch (err) {
        failure ??= err;
      }
    });
    return {
      async until(list: Acknowledged[], n: number) {
        while (list.length < n && !failure) await new Promise((resolve) => setTimeout(resolve, 5));
        if (failure) throw failure;
      },
      async stop() {
        stopped = true;
        await Promise.all(loops);
        if (failure) throw failure;
      },
    };
  };

  const restoredShop = (dir: string) => ({ databaseUrl: `sqlite:${path.join(dir, 'shop.sqlite')}`, uploadDir: path.join(dir, 'uploads') });

  /**
   * What this proves: the backup runs in the same process as the shop but over its own
   * connection, and better-sqlite3 copies in steps between turns of the event loop, so the
   * shoppers' orders are committed between the backup's steps, as a separate shop process would.
   * Those commits make SQLite restart the copy (`restarts`), and the backup still finishes with a
   * copy that passes integrity_check, holds every order acknowledged before it started (with its
   * lines), and no half order: stock taken and orders kept agree, as they are one transaction.
   */
  it('holds every order acknowledged before it started, and restores into a new data folder', async () => {
    const before: Acknowledged[] = [];
    const during: Acknowledged[] = [];
    const after: Acknowledged[] = [];
    let phase = before;
    const shopping = shoppers(3, () => phase);
    await shopping.until(before, 15);

    phase = during;
    const backup = await createBackup(app.shop.config, { backupDir: path.join(work, 'backups'), pagesPerStep: 4 });
    phase = after;
    await shopping.until(after, 3);
    await shopping.stop();

    expect(during.length, 'orders were acknowledged while the backup ran').toBeGreaterThan(0);
    expect(backup.restarts, 'commits of the shop restarted the copy').toBeGreaterThan(0);
    expect(path.basename(backup.folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup.folder, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest).toEqual(backup.manifest);
    expect(manifest.database).toMatchObject({ file: 'shop.sqlite', integrityCheck: 'ok' });
    expect(manifest.database.bytes).toBe(fs.statSync(path.join(backup.folder, 'shop.sqlite')).size);
    expect(manifest.uploads).toEqual({ files: 2, bytes: 'a picture'.length + 'a larger picture'.length });
    expect(fs.readdirSync(path.join(backup.folder, 'uploads', 'products')).sort()).toEqual(['amber-400.webp', 'amber-800.webp']);

    const dir = path.join(work, 'restored');
    const restored = await restoreBackup(backup.folder, restoredShop(dir));
    expect(restored).toEqual({ database: path.join(dir, 'shop.sqlite'), uploads: { folder: path.join(dir, 'uploads'), files: 2 }, keptAside: [] });

    const copy = new SQLite(restored.database, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    const db = await openDatabase(restoredShop(dir).databaseUrl);
    try {
      const kept = await db.db
        .selectFrom('orders')
        .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .select(['orders.number', (eb) => eb.fn.count<number>('order_lines.id').as('lines'), (eb) => eb.fn.sum<number>('order_lines.quantity').as('quantity')])
        .groupBy('orders.number')
        .execute();
      const lines = new Map(kept.map((o) => [o.number, Number(o.lines)]));
      for (const o of before) expect(lines.get(o.number), `order ${o.number}`).toBe(1);
      expect(
        [...lines.values()].every((n) => n === 1),
        'an order without its line',
      ).toBe(true);
      const { stock } = await db.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
      const ordered = kept.reduce((sum, o) => sum + Number(o.quantity), 0);
      expect(stock + ordered).toBe(initialStock);
    } finally {
      await db.close();
    }

    // The restored folder runs as a shop: an order acknowledged before the backup opens there.
    const shop = await buildTestApp('sqlite', restoredShop(dir));
    try {
      const first = before[0]!;
      const page = await shop.app.inject({ method: 'GET', url: `/api/orders/${first.number}?token=${first.token}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().lines).toHaveLength(1);
      const picture = await shop.app.inject({ method: 'GET', url: '/uploads/products/amber-400.webp' });
      expect(picture.statusCode).toBe(200);
      expect(picture.body).toBe('a picture');
    } finally {
      await shop.close();
    }
  });

  it('refuses to replace an existing database without --force, never while the shop has it open, and keeps the old one aside', async () => {
    const backup = await createBackup(app.shop.config, { backupDir: path.join(work, 'backups') });
    const dir = path.join(work, 'second');
    await restoreBackup(backup.folder, restoredShop(dir));
    fs.writeFileSync(path.join(dir, 'uploads', 'products', 'newer-400.webp'), 'newer');

    await expect(restoreBackup(backup.folder, restoredShop(dir))).rejects.toThrow(/already exists.*--force/);

    const running = await openDatabase(restoredShop(dir).databaseUrl);
    try {
      await running.db.selectFrom('settings').select('key').execute();
      await expect(restoreBackup(backup.folder, restoredShop(dir), { force: true })).rejects.toThrow(/open in another process/);
    } finally {
      await running.close();
    }

    const again = await restoreBackup(backup.folder, restoredShop(dir), { force: true, now: new Date('2026-05-04T10:22:31Z') });
    expect(again.keptAside).toEqual([
      path.join(dir, 'shop.sqlite.before-restore-2026-05-04T10-22-31Z'),
      path.join(dir, 'uploads.before-restore-2026-05-04T10-22-31Z'),
    ]);
    expect(fs.readdirSync(path.join(dir, 'uploads', 'products')).sort()).toEqual(['amber-400.webp', 'amber-800.webp']);
    expect(fs.readdirSync(path.join(dir, 'uploads.before-restore-2026-05-04T10-22-31Z', 'products'))).toContain('newer-400.webp');
    expect(fs.readdirSync(dir).filter((f) => f.includes('restoring'))).toEqual([]);
  });

  it('refuses a damaged backup before touching anything', async () => {
    const backup = await createBackup(app.shop.config, { backupDir: path.join(work, 'backups') });
    const file = path.join(backup.folder, 'shop.sqlite');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    const dir = path.join(work, 'damaged');
    await expect(restoreBackup(backup.folder, restoredShop(dir))).rejects.toThrow(BackupError);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('answers a PostgreSQL DATABASE_URL with the pg_dump and pg_restore commands', async () => {
    const pg = { databaseUrl: 'postgres://shop@db.example:5432/shop', uploadDir: path.join(work, 'pg-uploads') };
    await expect(createBackup(pg, { backupDir: path.join(work, 'pg') })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('pg_dump -Fc'),
    });
    // The pictures are rows of the dumped database (decision 015), or objects of a bucket when S3_* is set.
    await expect(createBackup(pg, { backupDir: path.join(work, 'pg') })).rejects.toThrow(/table stored_files/);
    const inBucket = {
      ...pg,
      s3: {
        endpoint: undefined,
        bucket: 'shop-pictures',
        region: 'us-east-1',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        prefix: '',
      },
    };
    await expect(createBackup(inBucket, { backupDir: path.join(work, 'pg') })).rejects.toThrow(/S3 bucket shop-pictures/);
    await expect(restoreBackup(path.join(work, 'pg'), pg)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('pg_restore --clean --if-exists'),
    });
    expect(fs.existsSync(path.join(work, 'pg'))).toBe(false);
  });

  it('npm run backup and npm run restore work from their own processes while the shop sells', async () => {
    const acknowledged: Acknowledged[] = [];
    const shopping = shoppers(2, () => acknowledged);
    await shopping.until(acknowledged, 5);
    const before = [...acknowledged];
    const env = { ...process.env, DATABASE_URL: app.shop.config.databaseUrl, UPLOAD_DIR: app.shop.config.uploadDir, BACKUP_DIR: path.join(work, 'cli') };
    const tsx = path.resolve('node_modules/.bin/tsx');
    let backupOut: string;
    try {
      backupOut = (await run(tsx, ['src/server/cli/backup.ts'], { env })).stdout;
    } finally {
      await shopping.stop();
    }
    expect(backupOut).toMatch(/integrity check: ok/);
    const [folder] = fs.readdirSync(path.join(work, 'cli'));
    const dir = path.join(work, 'cli-restored');
    // The new data folder alone says where the database and uploads go, as for an operator.
    const { DATABASE_URL: _d, UPLOAD_DIR: _u, ...inherited } = process.env;
    const restoreEnv = { ...inherited, DATA_DIR: dir };
    const restoreOut = (await run(tsx, ['src/server/cli/restore.ts', path.join(work, 'cli', folder!)], { env: restoreEnv })).stdout;
    expect(restoreOut).toContain(`database -> ${path.join(dir, 'shop.sqlite')}`);
    const refused = await run(tsx, ['src/server/cli/restore.ts', path.join(work, 'cli', folder!)], { env: restoreEnv }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('--force') });

    const db = new SQLite(path.join(dir, 'shop.sqlite'), { readonly: true });
    const numbers = new Set((db.prepare('select number from orders').all() as Array<{ number: string }>).map((r) => r.number));
    db.close();
    for (const o of before) expect(numbers.has(o.number), `order ${o.number}`).toBe(true);
  }, 90_000);
});
