/**
 * A second shop process reduced to the back-in-stock job, for the test of two processes sending
 * one product's alerts at once (stock-alerts.test.ts): it says `ready`, waits for `go` on its
 * standard input, runs every due `stock_returned` job, and says `finished`. Environment:
 * DATABASE_URL, PG_SCHEMA (optional), SHOP_SECRET (the shop's, for the unsubscribe links).
 */
import readline from 'node:readline';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { ShopContext } from '../context.js';
import { JobRunner } from '../jobs/runner.js';
import { stockReturned } from '../jobs/stock-returned.js';
import { stockReturnedKind } from './stock-alert-restocks.js';
import { localeFolders, OptionLabels } from '../messages/option-labels.js';

const config = loadConfig();
const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
// What the job reaches of the shop: its database, configuration, secret and the options' words.
const shop = {
  config,
  db: db.db,
  dialect: db.dialect,
  secret: process.env.SHOP_SECRET,
  labels: new OptionLabels(localeFolders(config.clientDir)),
  catalog: { invalidate() {}, stockChanged() {} },
  changes: null,
  outbox: { wake() {} },
} as unknown as ShopContext;
const runner = new JobRunner({
  db: db.db,
  dialect: db.dialect,
  registry: { [stockReturnedKind]: stockReturned({ shop: () => shop }) },
  pollMs: 600_000,
  leaseMs: 60_000,
  retryDelaysMs: [1_000],
  log: pino({ level: 'silent' }),
});
process.stdout.write('ready\n');
const input = readline.createInterface({ input: process.stdin });
for await (const line of input) if (line.trim() === 'go') break;
let ran = 0;
while (await runner.runDueJob()) ran++;
process.stdout.write(`finished ${ran}\n`);
input.close();
await db.close();
