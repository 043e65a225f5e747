/**
 * A shop process reduced to the catalogue import's job, for the test of an import killed while
 * applying (catalogue-import-crash.test.ts): it claims the import's job with the lease it is
 * given, writes batches of IMPORT_BATCH products, and inside the transaction of batch number
 * IMPORT_STALL_AT (its products written, not committed) says `stalled` and waits, until the test
 * kills it with SIGKILL. Environment: DATABASE_URL, PG_SCHEMA (optional), IMPORT_LEASE_MS,
 * IMPORT_BATCH, IMPORT_STALL_AT.
 */
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { ShopContext } from '../context.js';
import { JobRunner } from '../jobs/runner.js';
import { catalogueImport, catalogueImportKind } from '../jobs/catalogue-import.js';

const config = loadConfig();
const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
// What the import reaches of the shop: its database and configuration. This process keeps no
// catalogue to tell of a change and no runner to wake.
const shop = { config, db: db.db, dialect: db.dialect, catalog: { invalidate() {} }, changes: null, outbox: { wake() {} } } as unknown as ShopContext;
const stallAt = Number(process.env.IMPORT_STALL_AT);
let batches = 0;
const handler = catalogueImport({
  shop: () => shop,
  options: {
    batch: Number(process.env.IMPORT_BATCH),
    inBatch: async () => {
      if (++batches !== stallAt) return;
      process.stdout.write('stalled\n');
      await new Promise((resolve) => setTimeout(resolve, 600_000));
    },
  },
});
const runner = new JobRunner({
  db: db.db,
  dialect: db.dialect,
  registry: { [catalogueImportKind]: handler },
  pollMs: 600_000,
  leaseMs: Number(process.env.IMPORT_LEASE_MS),
  retryDelaysMs: [1_000],
  log: pino({ level: 'silent' }),
});
process.stdout.write('ready\n');
await runner.runDueJob();
process.stdout.write('finished\n');
await db.close();
