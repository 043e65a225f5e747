import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import type { AdminCategory } from '../../shared/schemas/admin-product.js';
import type { ImportRun } from '../../shared/schemas/product-import.js';
import { JobRunner } from '../jobs/runner.js';
import { catalogueImport, catalogueImportKind } from '../jobs/catalogue-import.js';
import { csvOf, csvUpload } from './test-import-support.js';

/**
 * "Safe to retry" (issue 32, decision 040): a real shop process applying an import is killed with
 * SIGKILL in the middle of a batch (two batches committed, the third written and not committed);
 * once its lease has run out, another runner takes the job, and every product of the file is
 * written exactly once.
 */
describe.each(testDatabases)('a catalogue import killed while applying, on $name', ({ name }) => {
  it('is resumed by another runner once the lease runs out: every product written once, with one activity entry each', async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    const { app } = built;
    let ip = 0;
    let cookie = '';
    const call = (opts: InjectOptions) => app.inject({ remoteAddress: `10.41.0.${++ip}`, ...opts, headers: { cookie, ...opts.headers } });
    try {
      cookie = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
      const [category] = (await call({ method: 'GET', url: '/api/admin/categories' })).json<{ items: AdminCategory[] }>().items;
      // This process's runner leaves the job alone: the child takes it.
      await app.shop.outbox.stop();
      const existing = await app.shop.db
        .selectFrom('products as p')
        .select(['p.id', 'p.sku', 'p.stock'])
        .where('p.deleted_at', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('product_variants as v').select('v.id').whereRef('v.product_id', '=', 'p.id'))))
        .orderBy('p.id')
        .limit(5)
        .execute();
      const columns = ['sku', 'name_en', 'name_ar', 'price_egp', 'stock', 'categories'];
      const created = Array.from({ length: 40 }, (_, i) => [`CRASH-${i}`, `Crash Candle ${i}`, `شمعة ${i}`, '50', '3', category!.slug]);
      // Five stock figures changed too: written twice, the second would find the stock moved.
      const updated = existing.map((p) => [p.sku, p.stock + 10]);
      const preview = (await call({ method: 'POST', url: '/api/admin/product-imports', ...csvUpload(csvOf(columns, created)) })).json<ImportRun>();
      const stock = (await call({ method: 'POST', url: '/api/admin/product-imports', ...csvUpload(csvOf(['sku', 'stock'], updated)) })).json<ImportRun>();
      expect(preview.preview.create).toBe(40);
      expect(stock.preview.update).toBe(5);
      const leaseMs = 5_000;

      for (const run of [preview, stock]) {
        expect((await call({ method: 'POST', url: `/api/admin/product-imports/${run.id}/apply` })).statusCode).toBe(202);
        const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./test-import-child.ts', import.meta.url))], {
          env: {
            ...process.env,
            DATABASE_URL: app.shop.config.databaseUrl,
            PG_SCHEMA: app.shop.config.pgSchema ?? '',
            IMPORT_LEASE_MS: String(leaseMs),
            IMPORT_BATCH: run === preview ? '5' : '2',
            IMPORT_STALL_AT: '3',
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let said = '';
        child.stdout.on('data', (d: Buffer) => (said += d.toString()));
        child.stderr.on('data', (d: Buffer) => (said += d.toString()));
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
        const end = Date.now() + 30_000;
        while (!said.includes('stalled')) {
          if (Date.now() > end || child.exitCode !== null) {
            child.kill('SIGKILL');
            throw new Error(`the child did not stall; it said: ${said}`);
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        // Two batches are committed; the third is written and not committed when the process dies.
        const before = await app.shop.db.selectFrom('catalogue_imports').select(['processed', 'status']).where('id', '=', run.id).executeTakeFirstOrThrow();
        expect(before).toEqual({ processed: run === preview ? 10 : 4, status: 'applying' });
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      }
      expect(await app.shop.db.selectFrom('products').select('id').where('sku', 'like', 'CRASH-%').execute()).toHaveLength(10);

      // Another runner: nothing while the dead one's lease holds, then the rest of each run.
      const runner = new JobRunner({
        db: app.shop.db,
        dialect: app.shop.dialect,
        registry: { [catalogueImportKind]: catalogueImport({ shop: () => app.shop }) },
        pollMs: 60_000,
        leaseMs: 60_000,
        retryDelaysMs: [1_000],
        log: pino({ level: 'silent' }),
      });
      expect(await runner.runDueJob()).toBe(false);
      const end = Date.now() + leaseMs + 20_000;
      for (;;) {
        await runner.runDueJob();
        const runs = await Promise.all(
          [preview, stock].map(async (r) => (await call({ method: 'GET', url: `/api/admin/product-imports/${r.id}` })).json<ImportRun>()),
        );
        if (runs.every((r) => r.status === 'done')) {
          expect(runs[0]).toMatchObject({ progress: { done: 40, total: 40 }, report: { created: 40, updated: 0, failed: 0 } });
          expect(runs[1]).toMatchObject({ progress: { done: 5, total: 5 }, report: { created: 0, updated: 5, failed: 0 } });
          break;
        }
        if (Date.now() > end) throw new Error(`still applying: ${JSON.stringify(runs)}`);
        await new Promise((r) => setTimeout(r, 200));
      }

      const products = await app.shop.db.selectFrom('products').select(['id', 'sku']).where('sku', 'like', 'CRASH-%').execute();
      expect(products.map((p) => p.sku).sort()).toEqual(created.map((r) => r[0]).sort());
      const entries = await app.shop.db.selectFrom('audit_log').select(['subject_id', 'action']).where('kind', '=', 'product').execute();
      const perProduct = new Map<string, number>();
      for (const e of entries) perProduct.set(e.subject_id!, (perProduct.get(e.subject_id!) ?? 0) + 1);
      for (const p of [...products.map((x) => x.id), ...existing.map((x) => x.id)]) expect(perProduct.get(String(p)), `entries of product ${p}`).toBe(1);
      for (const p of existing)
        expect((await app.shop.db.selectFrom('products').select('stock').where('id', '=', p.id).executeTakeFirstOrThrow()).stock).toBe(p.stock + 10);
      expect(await app.shop.db.selectFrom('audit_log').select('id').where('kind', '=', 'import').execute()).toHaveLength(2);
    } finally {
      await built.close();
    }
  }, 90_000);
});
