/**
 * `npm run restore -- <backup folder> [--force]` — puts a backup made by `npm run backup` back into
 * the database and upload folder the server would use (DATABASE_URL, DATA_DIR, UPLOAD_DIR). The
 * backup is checked first (hash and integrity). An existing database or upload folder is replaced
 * only with --force, never while the shop has the database open, and is kept beside it as
 * `<name>.before-restore-<time>`. Exits with 1 when it refuses, 2 for a PostgreSQL DATABASE_URL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.js';
import { BackupError, restoreBackup } from '../services/backup-service.js';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder> [--force]   (e.g. npm run restore -- backups/2026-05-04T10-22-31Z)');
  process.exit(2);
}
const folder = path.resolve(positionals[0]!);
const config = loadConfigOrExit();
try {
  const result = await restoreBackup(folder, config, { force: values.force });
  console.log(`Restored ${folder}`);
  console.log(`  database -> ${result.database}`);
  if (result.uploads) console.log(`  ${result.uploads.files} uploaded files -> ${result.uploads.folder}`);
  for (const kept of result.keptAside) console.log(`  kept what was there as ${kept}`);
  console.log('Start the shop to use it (migrations run at start).');
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = err.exitCode;
}
