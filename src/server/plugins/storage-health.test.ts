import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { buildTestApp, fileUpload, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { openDatabase, type Db } from '../db/database.js';
import { StorageHealth, storageFailure } from './storage-health.js';
import type { ProductList, ProductSummary } from '../../shared/schemas/product.js';

/** A real ENOSPC from the kernel: /dev/full refuses every write with it. */
function realEnospc(): NodeJS.ErrnoException {
  try {
    fs.writeFileSync('/dev/full', 'x');
  } catch (err) {
    return err as NodeJS.ErrnoException;
  }
  throw new Error('/dev/full accepted a write');
}

const fakeLog = () =>
  ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger &
    Record<'error' | 'warn' | 'info', ReturnType<typeof vi.fn>>;

describe('storageFailure', () => {
  it('recognises the storage codes of SQLite, PostgreSQL and the file system, also as a cause', () => {
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_CANTOPEN',
      '53100',
      '25006',
      '53000',
      '53200',
      'ENOSPC',
      'EROFS',
      'EDQUOT',
    ]) {
      expect(storageFailure(Object.assign(new Error('x'), { code }))).toBe(code);
    }
    expect(storageFailure(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'SQLITE_FULL' }) }))).toBe('SQLITE_FULL');
    expect(storageFailure(realEnospc())).toBe('ENOSPC');
  });

  it('leaves every other error alone', () => {
    for (const code of [
      'SQLITE_CONSTRAINT_UNIQUE',
      'SQLITE_BUSY',
      'SQLITE_ERROR',
      '23505',
      '25P02',
      '40001',
      'ENOENT',
      'EACCES',
      'FST_ERR_CTP_BODY_TOO_LARGE',
      undefined,
    ]) {
      expect(storageFailure(Object.assign(new Error('x'), { code }))).toBeNull();
    }
    expect(storageFailure(null)).toBeNull();
    expect(storageFailure('SQLITE_FULL')).toBeNull();
  });
});

describe('StorageHealth', () => {
  let db: Db;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-storage-'));
  beforeAll(async () => {
    db = await openDatabase('sqlite::memory:');
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('logs a burst of failures once, ends it at the first success, and forgets it after 30 s', async () => {
    let now = 1_000_000;
    const health = new StorageHealth(db, { databaseUrl: 'sqlite::memory:', uploadDir: dir }, () => now);
    const log = fakeLog();
    expect(await health.check(log)).toBe('ok');

    const err = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    for (let i = 0; i < 5; i++, now += 1000) health.failed(err, 'SQLITE_FULL', log);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ err, code: 'SQLITE_FULL' });
    expect(await health.check(log)).toBe('unavailable');

    health.succeeded(log);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ failures: 5 }), expect.any(String));
    expect(await health.check(log)).toBe('ok');
    health.succeeded(log);
    expect(log.warn).toHaveBeenCalledTimes(1);

    // A new burst is logged again; without a new failure for 30 s it is over by itself.
    health.failed(err, 'SQLITE_FULL', log);
    expect(log.error).toHaveBeenCalledTimes(2);
    now += 29_000;
    expect(await health.check(log)).toBe('unavailable');
    now += 1_000;
    expect(await health.check(log)).toBe('ok');
    health.failed(err, 'SQLITE_FULL', log);
    expect(log.error).toHaveBeenCalledTimes(3);
  });
});

const customer = {
  fullName: 'Mona Adel',
  phone: '+20 100 555 0199',
  governorate: 'ALX',
  city: 'Smouha',
  // Long rows fill the database's last free space within a few orders.
  address: `12 Victor Emmanuel Square, flat 4 ${'x'.repeat(400)}`,
  notes: 'Ring twice. '.repeat(80),
  paymentMethod: 'cod',
};

describe.each(testDatabases)('a database that refuses writes, on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let product: ProductSummary;
  let ip = 0;

  beforeAll(async () => {
    const built = await buildTestApp(name);
    app = built.app;
    close = built.close;
    const products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    product = products.filter((p) => p.variants.length === 0).sort((a, b) => b.stock - a.stock)[0]!;
  });
  afterAll(async () => close?.());

  const order = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: `10.7.0.${++ip}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({ ...customer, lines: [{ productId: product.id, quantity: 1 }] }),
    });
  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const stock = async () => (await app.shop.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow()).stock;

  /**
   * Makes the database really refuse writes. SQLite: the page limit of the shop's (only)
   * connection is lowered to the pages the file has, so the next page an order needs fails with
   * SQLITE_FULL. PostgreSQL: a trigger in this test's own schema raises disk_full (53100) when an
   * order's lines are written, after its order row, so the rollback of a started order is tested
   * too; nothing outside the schema changes, and other tests on the server are not affected.
   */
  const fillUp = async () => {
    if (name === 'sqlite') {
      await sql.raw('PRAGMA max_page_count = 1').execute(app.shop.db);
    } else {
      await sql`create function refuse_writes() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(app.shop.db);
      await sql`create trigger refuse_writes before insert on order_lines for each statement execute function refuse_writes()`.execute(app.shop.db);
    }
  };
  const makeRoom = async () => {
    if (name === 'sqlite') await sql.raw('PRAGMA max_page_count = 1000000').execute(app.shop.db);
    else await sql`drop trigger refuse_writes on order_lines`.execute(app.shop.db);
  };

  it('answers 503 storage_unavailable, reports it in health, keeps nothing half-written and recovers once there is room', async () => {
    const first = await health();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok', database: name, storage: 'ok', catalogue: 'ok', eventLoop: 'ok', serving: 'ok' });

    await fillUp();
    const stockBefore = await stock();
    const ordersBefore = (
      await app.shop.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    // The last free space of the SQLite file may still take an order or two.
    let refused: Awaited<ReturnType<typeof order>> | undefined;
    let key = '';
    let placed = 0;
    for (let i = 0; i < 30 && !refused; i++) {
      key = `storage-full-${name}-${i}`;
      const res = await order(key);
      if (res.statusCode === 201) placed++;
      else refused = res;
    }
    expect(refused, 'no order was refused').toBeDefined();
    expect(refused!.statusCode, refused!.body).toBe(503);
    expect(refused!.headers['retry-after']).toBe('30');
    expect(refused!.json()).toEqual({ error: { code: 'storage_unavailable', message: expect.stringContaining('cannot save') } });

    // Nothing of the refused order was kept: no order row, no order without lines, no stock taken.
    expect(await app.shop.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
    const orphans = await app.shop.db
      .selectFrom('orders')
      .select('id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('order_lines').select('id').whereRef('order_lines.order_id', '=', 'orders.id'))))
      .execute();
    expect(orphans).toEqual([]);
    const ordersAfter = (
      await app.shop.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(ordersAfter)).toBe(Number(ordersBefore) + placed);
    expect(await stock()).toBe(stockBefore - placed);

    const degraded = await health();
    expect(degraded.statusCode).toBe(503);
    expect(degraded.headers['retry-after']).toBe('30');
    expect(degraded.json()).toEqual({ status: 'degraded', database: name, storage: 'unavailable', catalogue: 'ok', eventLoop: 'ok', serving: 'ok' });
    // Health keeps saying so while the writes fail (on SQLite the probe also sees the page limit).
    expect((await order(key)).statusCode).toBe(503);
    expect((await health()).statusCode).toBe(503);

    await makeRoom();
    const retried = await order(key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().order.lines).toHaveLength(1);
    const healthy = await health();
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok', database: name, storage: 'ok', catalogue: 'ok', eventLoop: 'ok', serving: 'ok' });
  });

  it.runIf(name === 'postgres')('recognises a read-only transaction (25006) as PostgreSQL reports it', async () => {
    const err = await app.shop.db
      .transaction()
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await trx.insertInto('settings').values({ key: 'read-only-probe', value: '1' }).execute();
      })
      .catch((e: unknown) => e);
    expect(storageFailure(err)).toBe('25006');
  });
});

describe('an upload to a full disk', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  beforeAll(async () => {
    const built = await buildTestApp('sqlite', { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    cookie = sessionCookie(login);
  });
  afterAll(async () => close?.());
  afterEach(() => vi.restoreAllMocks());

  it('answers 503 storage_unavailable, leaves no file behind, and works again once there is room', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c9a24a' } })
      .png()
      .toBuffer();
    const body = fileUpload(png);
    const upload = () => app.inject({ method: 'POST', url: '/api/admin/uploads?kind=product', payload: body.payload, headers: { ...body.headers, cookie } });
    const files = () =>
      fs.existsSync(path.join(app.shop.config.uploadDir, 'products')) ? fs.readdirSync(path.join(app.shop.config.uploadDir, 'products')) : [];

    // The first rendition is written, the second meets a full disk (the kernel's own ENOSPC).
    const writeFile = fsp.writeFile;
    let writes = 0;
    vi.spyOn(fsp, 'writeFile').mockImplementation(async (...args: Parameters<typeof fsp.writeFile>) => {
      if (++writes === 2) throw realEnospc();
      return writeFile(...args);
    });
    const full = await upload();
    expect(full.statusCode, full.body).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.json().error.code).toBe('storage_unavailable');
    expect(files()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().storage).toBe('unavailable');

    vi.restoreAllMocks();
    const ok = await upload();
    expect(ok.statusCode, ok.body).toBe(201);
    expect(files()).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', storage: 'ok' });
  });
});
