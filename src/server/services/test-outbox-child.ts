/**
 * A shop process reduced to its outbox sender, for the test of a sender killed while sending
 * (outbox.test.ts): it claims the due messages with the lease it is given and starts sending them
 * to the test's SMTP server, which stalls, until the test kills it with SIGKILL.
 * Environment: DATABASE_URL, PG_SCHEMA (optional), SMTP_URL, OUTBOX_LEASE_MS.
 */
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { OutboxSender } from './outbox-sender.js';
import { localeFolders, OptionLabels } from '../messages/option-labels.js';
import { getSetting, loadShopSettings } from '../repositories/settings-repository.js';

const config = loadConfig();
const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
const sender = new OutboxSender({
  db: db.db,
  dialect: db.dialect,
  config,
  settings: () => loadShopSettings(db.db, config),
  labels: new OptionLabels(localeFolders(config.clientDir)),
  secret: (await getSetting<string>(db.db, 'secret')) ?? '',
  log: pino({ level: 'silent' }),
});
process.stdout.write('ready\n');
await sender.sendDue();
process.stdout.write('sent\n');
await db.close();
