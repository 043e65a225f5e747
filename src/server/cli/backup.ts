/**
 * `npm run backup` — a consistent copy of the SQLite database and the uploads, taken while the shop
 * keeps selling, in `<BACKUP_DIR or ./backups>/<UTC time>/` (shop.sqlite, uploads/, manifest.json).
 * Reads DATABASE_URL, DATA_DIR and UPLOAD_DIR like the server. For PostgreSQL it prints the
 * pg_dump commands to use and exits with 2. Exits with 1 when the copy cannot be made or checked.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { BackupError, createBackup, picturesElsewhere } from '../services/backup-service.js';

const config = loadConfigOrExit();
const started = Date.now();
try {
  const { folder, manifest } = await createBackup(config, { backupDir: config.backupDir });
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Backed up ${manifest.source.database} (${mb(manifest.database.bytes)}, integrity check: ${manifest.database.integrityCheck})`);
  console.log(`and ${manifest.uploads.files} uploaded files (${mb(manifest.uploads.bytes)}) from ${manifest.source.uploads}`);
  console.log(`to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const elsewhere = picturesElsewhere(config);
  if (elsewhere) console.log(elsewhere);
  const shown = path.relative(process.cwd(), folder);
  console.log(`Restore with: npm run restore -- ${shown.startsWith('..') ? folder : shown}`);
  console.log('Keep a copy off this machine too: a backup on the same disk goes when the disk goes.');
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = err.exitCode;
}
