import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import Papa from 'papaparse';
import sharp from 'sharp';
import { adminProductInput, buildTestApp, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import type { AdminCategory, AdminProductDetail } from '../../shared/schemas/admin-product.js';
import type { Product, ProductList } from '../../shared/schemas/product.js';
import type { ImportRowList, ImportRun, ImportView } from '../../shared/schemas/product-import.js';
import { productCsvColumns } from '../../shared/domain/product-csv.js';
import { continueImport } from './catalogue-import-apply.js';
import { systemContext } from './use-case.js';
import { csvOf, csvUpload } from './test-import-support.js';
import { defaultPictureLimits } from '../services/picture-fetch.js';

const silent = pino({ level: 'silent' });

/**
 * The catalogue import on each database (issue 32, decision 040): export → import says nothing
 * changed; the preview classes each product (create, update with its changed fields, unchanged,
 * refused by row and column) and changes nothing; applying writes each product once with its
 * activity-log entry, reports what it did, fetches pictures by URL within limits, and a product
 * refused at apply time is reported while the others are written.
 */
describe.each(testDatabases)('catalogue import on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  let ip = 0;
  let categories: AdminCategory[];
  const call = (opts: InjectOptions) =>
    app.inject({ remoteAddress: `10.40.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts, headers: { cookie, ...opts.headers } });

  const upload = async (text: string | Buffer, filename?: string) => call({ method: 'POST', url: '/api/admin/product-imports', ...csvUpload(text, filename) });
  const preview = async (text: string): Promise<ImportRun> => {
    const res = await upload(text);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ImportRun>();
  };
  const rows = async (id: number, view: ImportView) =>
    (await call({ method: 'GET', url: `/api/admin/product-imports/${id}/rows?view=${view}&pageSize=100` })).json<ImportRowList>();
  const runOf = async (id: number) => (await call({ method: 'GET', url: `/api/admin/product-imports/${id}` })).json<ImportRun>();
  /** Applies a run and waits (polling, as the page does) for its report. */
  const applied = async (id: number): Promise<ImportRun> => {
    const res = await call({ method: 'POST', url: `/api/admin/product-imports/${id}/apply` });
    expect(res.statusCode, res.body).toBe(202);
    const end = Date.now() + 30_000;
    for (;;) {
      const run = await runOf(id);
      if (run.status === 'done' || run.status === 'failed') return run;
      if (Date.now() > end) throw new Error(`import ${id} still ${run.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const exportCsv = async () => {
    const res = await call({ method: 'GET', url: '/api/admin/products.csv' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const productBySku = async (sku: string) => {
    const row = await app.shop.db.selectFrom('products').select('id').where('sku', '=', sku).where('deleted_at', 'is', null).executeTakeFirst();
    return row ? (await call({ method: 'GET', url: `/api/admin/products/${row.id}` })).json<AdminProductDetail>() : undefined;
  };
  const auditOf = (kind: string, subject?: string) => {
    let q = app.shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', kind as 'product');
    if (subject !== undefined) q = q.where('subject_id', '=', subject);
    return q.orderBy('id').execute();
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password, outboxPollMs: 100 });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin });
    expect(login.statusCode, login.body).toBe(200);
    cookie = sessionCookie(login);
    categories = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
  });
  afterAll(async () => close?.());

  it('exports every field (variants one row each, formulas neutralised) and the export imports as unchanged', async () => {
    // A description that a spreadsheet would run as a formula, and a name with a comma and quotes.
    const [first] = (await call({ method: 'GET', url: '/api/admin/products?pageSize=1' })).json<{ items: Array<{ id: number }> }>().items;
    const detail = (await call({ method: 'GET', url: `/api/admin/products/${first!.id}` })).json<AdminProductDetail>();
    const edited = {
      ...detail,
      name: { ...detail.name, en: 'Calm, "quiet" oil' },
      shortDescription: { ...detail.shortDescription, en: '=HYPERLINK("http://x")' },
    };
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...body } = edited;
    expect((await call({ method: 'PUT', url: `/api/admin/products/${first!.id}`, payload: body })).statusCode).toBe(200);

    const csv = await exportCsv();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const table = Papa.parse<string[]>(csv.slice(1).trim()).data;
    expect(table[0]).toEqual([...productCsvColumns]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const live = (await call({ method: 'GET', url: '/api/admin/products?pageSize=1' })).json<{ total: number }>().total;
    const skus = new Set(table.slice(1).map((r) => r[0]));
    expect(skus.size).toBe(live);
    // Variants: more rows than products, each variant's row naming its product by SKU only.
    const variantRows = table.slice(1).filter((r) => r[productCsvColumns.indexOf('variant_stock')] !== '');
    expect(variantRows.length).toBeGreaterThan(0);
    expect(table[1]![productCsvColumns.indexOf('images')]).toMatch(/^http:\/\/localhost:\d+\/(images|uploads)\/.+-\d+\.webp/);

    const run = await preview(csv);
    expect(run).toMatchObject({ status: 'previewed', preview: { products: live, create: 0, update: 0, error: 0, unchanged: live } });
    // Saved as Excel's Arabic "CSV UTF-8" does: semicolons between cells, the same BOM and CRLF.
    const semicolons = `\uFEFF${Papa.unparse(table, { delimiter: ';', newline: '\r\n' })}\r\n`;
    expect((await preview(semicolons)).preview).toMatchObject({ unchanged: live, error: 0 });
  });

  it('previews creations, updates with their changed fields, unchanged products and refused rows, changing nothing', async () => {
    const csv = await exportCsv();
    const table = Papa.parse<string[]>(csv.slice(1).trim()).data;
    const col = (c: (typeof productCsvColumns)[number]) => productCsvColumns.indexOf(c);
    const simple = table.slice(1).filter((r, i, all) => r[col('variant_stock')] === '' && all.filter((x) => x[0] === r[0]).length === 1);
    const [a, b] = simple as [string[], string[]];
    const before = await productBySku(a[0]!);
    const changed = [...a];
    changed[col('price_egp')] = '1,234.50';
    changed[col('stock')] = '٤٢';
    changed[col('name_fr')] = 'Nouveau nom';
    const slugs = categories.map((c) => c.slug);
    const columns = ['sku', 'name_en', 'name_ar', 'price_egp', 'stock', 'categories', 'variant_size', 'variant_stock'];
    const pick = (r: string[]) => columns.map((c) => r[col(c as (typeof productCsvColumns)[number])] ?? '');
    const text = csvOf(columns, [
      pick(b),
      ['NEW-IMP-1', 'Imported Oud', 'عود مستورد', '250', '5', `${slugs[0]}; ${slugs[1]}`, '', ''],
      ['NEW-IMP-2', 'Imported Oil', 'زيت مستورد', '120', '', slugs[0]!, '10ml', '3'],
      ['NEW-IMP-2', '', '', '', '', '', '30ml', '7'],
      ['NEW-IMP-3', 'No Arabic', '', '10', '1', 'no-such-category', '', ''],
      ['NEW-IMP-4', 'Negative', 'سالب', '10', '-3', slugs[0]!, '', ''],
      ['NEW-IMP-4', 'Twice', 'مرتين', '10', '3', slugs[0]!, '', ''],
    ]);
    // The changed product is in a second file: a file names each SKU once.
    const run = await preview(text);
    expect(run.preview).toMatchObject({ rows: 7, products: 5, create: 2, update: 0, unchanged: 1, error: 2 });
    const errors = (await rows(run.id, 'error')).items;
    expect(errors.map((r) => [r.sku, r.issues.map((i) => [i.line, i.column, i.code, i.value])])).toEqual([
      [
        'NEW-IMP-3',
        // No Arabic name is no error: Arabic readers see the English one.
        [[6, 'categories', 'category_unknown', 'no-such-category']],
      ],
      [
        'NEW-IMP-4',
        [
          [7, 'stock', 'negative', undefined],
          [8, 'sku', 'duplicate_sku', '7'],
        ],
      ],
    ]);
    const created = (await rows(run.id, 'create')).items;
    expect(created.map((r) => [r.line, r.sku, r.name])).toEqual([
      [3, 'NEW-IMP-1', 'Imported Oud'],
      [4, 'NEW-IMP-2', 'Imported Oil'],
    ]);

    const update = await preview(csvOf(productCsvColumns, [changed]));
    expect(update.preview).toMatchObject({ update: 1, unchanged: 0, error: 0 });
    const [row] = (await rows(update.id, 'update')).items;
    expect(row!.changes).toEqual(
      expect.arrayContaining([
        { field: 'price_egp', before: a[col('price_egp')], after: '1234.50' },
        { field: 'stock', before: a[col('stock')], after: '42' },
        { field: 'name_fr', before: a[col('name_fr')], after: 'Nouveau nom' },
      ]),
    );
    expect(row!.changes).toHaveLength(3);
    // Nothing changed yet.
    expect(await productBySku(a[0]!)).toEqual(before);
    expect(await productBySku('NEW-IMP-1')).toBeUndefined();
  });

  it('refuses a file over 10 MB with 413, wrong columns naming them, 50,000 rows, and a file that is not text', async () => {
    const big = await upload(Buffer.alloc(30 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('import_too_large');

    const columns = await upload('sku,name_en,prix,Stock,stock\nA,B,1,2,3\n');
    expect(columns.statusCode).toBe(400);
    expect(columns.json().error).toMatchObject({ code: 'import_columns', details: { missing: [], unknown: ['prix'], duplicate: ['stock'] } });
    expect((await upload('name_en\nA\n')).json().error.details).toMatchObject({ missing: ['sku'] });

    const many = await upload(`sku,stock\n${Array.from({ length: 50_000 }, (_, i) => `M${i},1`).join('\n')}\n`);
    expect(many.statusCode).toBe(413);
    expect(many.json().error).toMatchObject({ code: 'too_many_rows', details: { rows: 50_000, max: 20_000 } });

    const binary = await upload(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0xfd, 0xc3]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error).toMatchObject({ code: 'import_file_invalid', details: { reason: 'encoding' } });
  }, 60_000);

  it('applies in the job queue: creates and updates each product once, with its activity entry, and reports', async () => {
    const slug = categories[0]!.slug;
    const columns = ['sku', 'name_en', 'name_ar', 'description_en', 'price_egp', 'stock', 'categories', 'tags', 'visible'];
    const first = await preview(
      csvOf(
        columns,
        Array.from({ length: 120 }, (_, i) => [`APL-${i}`, `Applied Candle ${i}`, `شمعة ${i}`, 'Soy wax.', `${100 + i}.50`, i, slug, 'calm; Sleep', 'yes']),
      ),
    );
    expect(first.preview.create).toBe(120);
    const done = await applied(first.id);
    expect(done).toMatchObject({ status: 'done', progress: { done: 120, total: 120 }, report: { created: 120, updated: 0, failed: 0, unchanged: 0 } });
    const p = (await productBySku('APL-7'))!;
    expect(p).toMatchObject({ price: 10750, stock: 7, visible: true, categoryIds: [categories[0]!.id], tags: ['calm', 'sleep'] });
    expect(p.fullDescription.en).toBe('Soy wax.');
    // The storefront shows it at once.
    const shown = (await call({ method: 'GET', url: `/api/products/${p.id}` })).json<Product>();
    expect(shown.name).toBe('Applied Candle 7');
    const listed = (await call({ method: 'GET', url: '/api/products?q=Applied%20Candle&pageSize=100' })).json<ProductList>();
    expect(listed.total).toBeGreaterThanOrEqual(100);

    const entries = await auditOf('product', String(p.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'imported', actor_email: testAdmin.email, label: 'Applied Candle 7', before: null });
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ sku: 'APL-7', price_egp: '107.50', stock: '7', tags: ['calm', 'sleep'] });
    const runs = await auditOf('import', String(first.id));
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!.after!)).toMatchObject({ created: 120, updated: 0, failed: 0 });

    // The same file again, one price changed: one update, the rest unchanged; applied, one more entry.
    const again = await preview(
      csvOf(
        columns,
        Array.from({ length: 120 }, (_, i) => [
          `APL-${i}`,
          `Applied Candle ${i}`,
          `شمعة ${i}`,
          'Soy wax.',
          i === 7 ? '99' : `${100 + i}.50`,
          i,
          slug,
          'calm; sleep',
          'yes',
        ]),
      ),
    );
    expect(again.preview).toMatchObject({ update: 1, unchanged: 119 });
    expect(await applied(again.id)).toMatchObject({ status: 'done', report: { created: 0, updated: 1, unchanged: 119, failed: 0 } });
    const updates = await auditOf('product', String(p.id));
    expect(updates).toHaveLength(2);
    expect([JSON.parse(updates[1]!.before!), JSON.parse(updates[1]!.after!)]).toEqual([{ price_egp: '107.50' }, { price_egp: '99.00' }]);
    // A second Apply is refused.
    const twice = await call({ method: 'POST', url: `/api/admin/product-imports/${again.id}/apply` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('import_state');
  }, 60_000);

  it('reports a product refused when written (its SKU taken or its stock moved meanwhile) and writes the others', async () => {
    const slug = categories[0]!.slug;
    const columns = ['sku', 'name_en', 'name_ar', 'price_egp', 'stock', 'categories'];
    await applied((await preview(csvOf(columns, [['RACE-STOCK', 'Race Stock', 'سباق', '10', '5', slug]]))).id);
    const run = await preview(
      csvOf(columns, [
        ['RACE-1', 'Race One', 'سباق ١', '10', '1', slug],
        ['RACE-2', 'Race Two', 'سباق ٢', '10', '1', slug],
        ['RACE-STOCK', 'Race Stock', 'سباق', '10', '9', slug],
        ['RACE-3', 'Race Three', 'سباق ٣', '10', '1', slug],
      ]),
    );
    expect(run.preview).toMatchObject({ create: 3, update: 1 });
    // Meanwhile: another admin creates RACE-2, and an order (here, a direct write) moves RACE-STOCK's stock.
    const form = adminProductInput({
      sku: 'RACE-2',
      name: { en: 'Race Two by hand', ar: 'سباق', fr: '', de: '' },
      price: 1000,
      categoryIds: [categories[0]!.id],
      stock: 1,
    });
    expect((await call({ method: 'POST', url: '/api/admin/products', payload: form })).statusCode).toBe(201);
    await app.shop.db.updateTable('products').set({ stock: 4 }).where('sku', '=', 'RACE-STOCK').execute();

    expect(await applied(run.id)).toMatchObject({ status: 'done', report: { created: 2, updated: 0, failed: 2 } });
    const failed = (await rows(run.id, 'failed')).items;
    expect(failed.map((r) => [r.sku, r.failure])).toEqual([
      ['RACE-2', 'sku_taken'],
      ['RACE-STOCK', 'stock_moved'],
    ]);
    expect((await productBySku('RACE-2'))!.name.en).toBe('Race Two by hand');
    expect((await productBySku('RACE-STOCK'))!.stock).toBe(4);
    expect(await productBySku('RACE-3')).toBeDefined();
  }, 60_000);

  it('fetches pictures by URL through the picture pipeline; a failing one is reported and its product still imported', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b8742a' } })
      .png()
      .toBuffer();
    const server = http.createServer((req, res) => {
      if (req.url === '/ok.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      else if (req.url === '/fake.png') res.writeHead(200, { 'content-type': 'image/png' }).end('not a picture');
      else if (req.url === '/huge.png') res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(9 * 1024 * 1024) }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await app.shop.outbox.stop();
    try {
      const columns = ['sku', 'name_en', 'name_ar', 'price_egp', 'stock', 'categories', 'images'];
      const slug = categories[0]!.slug;
      const run = await preview(
        csvOf(columns, [
          ['PIC-1', 'Pictured', 'مصور', '10', '1', slug, `${base}/ok.png; ${base}/missing.png`],
          ['PIC-2', 'Not a picture', 'ليست صورة', '10', '1', slug, `${base}/page.html;${base}/fake.png;${base}/huge.png`],
        ]),
      );
      expect(run.preview.create).toBe(2);
      expect((await call({ method: 'POST', url: `/api/admin/product-imports/${run.id}/apply` })).statusCode).toBe(202);
      // Loopback is refused to the shop's own job (a file must not make the server call its own network) ...
      const refusedRun = await preview(csvOf(columns, [['PIC-3', 'Refused', 'مرفوض', '10', '1', slug, `${base}/ok.png`]]));
      expect((await call({ method: 'POST', url: `/api/admin/product-imports/${refusedRun.id}/apply` })).statusCode).toBe(202);
      expect(await continueImport(systemContext(app.shop, silent), refusedRun.id)).toBe('done');
      expect((await rows(refusedRun.id, 'pictures')).items[0]!.pictures).toEqual([{ url: `${base}/ok.png`, code: 'refused' }]);
      // ... so this test's server is allowed explicitly.
      expect(await continueImport(systemContext(app.shop, silent), run.id, { pictures: { ...defaultPictureLimits, allowPrivate: true } })).toBe('done');
      expect(await runOf(run.id)).toMatchObject({ status: 'done', report: { created: 2, failed: 0, picturesFailed: 2 } });
      const reported = (await rows(run.id, 'pictures')).items;
      expect(reported.map((r) => [r.sku, r.pictures])).toEqual([
        ['PIC-1', [{ url: `${base}/missing.png`, code: 'http_error' }]],
        [
          'PIC-2',
          [
            { url: `${base}/page.html`, code: 'not_image' },
            { url: `${base}/fake.png`, code: 'not_image' },
            { url: `${base}/huge.png`, code: 'too_large' },
          ],
        ],
      ]);
      const pictured = (await productBySku('PIC-1'))!;
      expect(pictured.images).toHaveLength(1);
      expect(pictured.images[0]).toMatch(/^\/uploads\/products\//);
      expect((await call({ method: 'GET', url: `${pictured.images[0]}-800.webp` })).headers['content-type']).toBe('image/webp');
      expect((await productBySku('PIC-2'))!.images).toEqual([]);
      // The same URL again is known: the preview says unchanged, nothing is fetched twice.
      const again = await preview(csvOf(columns, [['PIC-1', 'Pictured', 'مصور', '10', '1', slug, `${base}/ok.png`]]));
      expect(again.preview).toMatchObject({ unchanged: 1 });
    } finally {
      app.shop.outbox.start();
      server.close();
    }
  }, 60_000);
});
