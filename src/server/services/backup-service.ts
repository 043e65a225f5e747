import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { isPostgresUrl, sqliteFile } from '../db/database.js';
import { sha256OfFile } from '../hashing.js';

/**
 * Where the shop's data lives: the same settings the server reads (DATABASE_URL, DATA_DIR,
 * UPLOAD_DIR, and S3_* when pictures are in a bucket; decision 015).
 */
export type ShopData = Pick<Config, 'databaseUrl' | 'uploadDir'> & Partial<Pick<Config, 's3'>>;

/** manifest.json of a backup folder. Sizes in bytes. */
export interface BackupManifest {
  format: 1;
  startedAt: string;
  finishedAt: string;
  source: { database: string; uploads: string };
  database: { file: 'shop.sqlite'; bytes: number; pages: number; sha256: string; integrityCheck: string };
  uploads: { files: number; bytes: number };
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  /** How often commits of the running shop made SQLite restart the copy (it then finishes in one step). */
  restarts: number;
}

export interface RestoreResult {
  database: string;
  uploads: { folder: string; files: number } | null;
  /** What was there before, renamed rather than deleted. */
  keptAside: string[];
}

/** A refusal or a problem the command line reports as a plain message (no stack). */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const manifestName = 'manifest.json';
const databaseName = 'shop.sqlite';

/** `2026-05-04T10-22-31Z`: sortable, and valid as a folder name everywhere (no colons). */
function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** Flushes a file or folder to disk, so a backup or a restore survives a power cut once reported. */
async function fsync(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `PRAGMA integrity_check` of a database file: 'ok', or SQLite's first complaints. */
function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check(20)') as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * Copies the files under `from` to `to` (folders made as needed), leaving out the `*.tmp` files an
 * upload in progress writes before renaming them. Answers the number of files and bytes.
 */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const sub = await copyTree(source, target);
      files += sub.files;
      bytes += sub.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      try {
        await fsp.copyFile(source, target);
      } catch (err) {
        // Removed meanwhile (a replaced picture): it was not part of the shop any more.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      await fsync(target);
      files++;
      bytes += (await fsp.stat(target)).size;
    }
  }
  await fsync(to);
  return { files, bytes };
}

/** Where the pictures are when they are not on this disk, for the backup's messages; null on the disk store. */
export function picturesElsewhere(config: ShopData): string | null {
  if (config.s3)
    return `Pictures are in the S3 bucket ${config.s3.bucket}${config.s3.prefix ? ` under ${config.s3.prefix}` : ''}: back it up with your provider's tools (versioning, replication, rclone sync).`;
  return isPostgresUrl(config.databaseUrl) ? 'Pictures are in the database (table stored_files): the dump holds them.' : null;
}

function postgresBackupHelp(config: ShopData): string {
  return [
    'DATABASE_URL is a PostgreSQL database: npm run backup copies SQLite only. Back it up with pg_dump',
    "(the server's major version or newer):",
    '  mkdir -p backups && T=$(date -u +%Y-%m-%dT%H-%M-%SZ)',
    '  pg_dump -Fc --no-owner -d "$DATABASE_URL" -f backups/shop-$T.dump',
    picturesElsewhere(config),
    'Restore with:',
    '  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" backups/shop-<time>.dump',
  ].join('\n');
}

/**
 * Writes a consistent copy of the SQLite database and the uploads to `<backupDir>/<UTC time>/`
 * while the shop keeps running (and writing) in another process.
 *
 * The database is copied with SQLite's online backup API over its own read-only connection:
 * each step reads a consistent snapshot, and in WAL mode it never blocks the shop's writers. A
 * commit by the shop between two steps makes SQLite restart the copy; after a restart the rest is
 * copied in one step, so a busy shop cannot keep the backup from finishing. The copy is switched
 * to a single self-contained file (rollback journal; the shop turns WAL back on when it opens it),
 * checked with `PRAGMA integrity_check`, hashed, and only then are the uploads copied: an upload
 * is on disk before any product row names it, so every picture the copied database names is
 * copied too. The folder is written as `<name>.partial` and renamed when complete.
 */
export async function createBackup(config: ShopData, options: { backupDir: string; now?: Date; pagesPerStep?: number }): Promise<BackupResult> {
  if (isPostgresUrl(config.databaseUrl)) throw new BackupError(postgresBackupHelp(config), 2);
  const source = path.resolve(sqliteFile(config.databaseUrl));
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source} (DATABASE_URL / DATA_DIR).`);
  const started = options.now ?? new Date();

  await fsp.mkdir(options.backupDir, { recursive: true });
  let name = stamp(started);
  for (let n = 2; fs.existsSync(path.join(options.backupDir, name)) || fs.existsSync(path.join(options.backupDir, `${name}.partial`)); n++) {
    name = `${stamp(started)}-${n}`;
  }
  const folder = path.join(options.backupDir, name);
  const partial = `${folder}.partial`;
  await fsp.mkdir(partial);

  try {
    const copy = path.join(partial, databaseName);
    const pagesPerStep = options.pagesPerStep ?? 1000;
    let restarts = 0;
    // Read-only: the backup can never change the shop's database. (When the shop is stopped, this
    // leaves an empty -wal and -shm beside it, which the shop simply reuses.)
    const db = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      let previous = Infinity;
      await db.backup(copy, {
        progress: ({ remainingPages }) => {
          // A step that did not shorten the rest means the copy started over: from then on, all
          // that remains is copied in one step (the most better-sqlite3 takes), under one snapshot.
          if (remainingPages >= previous) restarts++;
          previous = remainingPages;
          return restarts ? 0x7fffffff : pagesPerStep;
        },
      });
    } finally {
      db.close();
    }

    const check = new SQLite(copy, { fileMustExist: true });
    let pages: number;
    try {
      check.pragma('journal_mode = DELETE');
      pages = check.pragma('page_count', { simple: true }) as number;
    } finally {
      check.close();
    }
    const integrity = integrityCheck(copy);
    if (integrity !== 'ok') throw new BackupError(`The copy of ${source} fails its integrity check: ${integrity}`);
    await fsync(copy);

    const uploads = fs.existsSync(config.uploadDir) ? await copyTree(config.uploadDir, path.join(partial, 'uploads')) : { files: 0, bytes: 0 };
    const manifest: BackupManifest = {
      format: 1,
      startedAt: started.toISOString(),
      finishedAt: new Date().toISOString(),
      source: { database: source, uploads: path.resolve(config.uploadDir) },
      database: { file: databaseName, bytes: (await fsp.stat(copy)).size, pages, sha256: await sha256OfFile(copy), integrityCheck: integrity },
      uploads,
    };
    await fsp.writeFile(path.join(partial, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsync(path.join(partial, manifestName));
    await fsync(partial);
    await fsp.rename(partial, folder);
    await fsync(options.backupDir);
    return { folder, manifest, restarts };
  } catch (err) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Reads and checks a backup folder: manifest present, database file intact (hash and integrity). */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const manifestFile = path.join(folder, manifestName);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${folder} is not a backup: it has no ${manifestName}.`);
  const manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`${manifestFile} has an unknown format (${String(manifest.format)}).`);
  const file = path.join(folder, manifest.database.file);
  if (!fs.existsSync(file)) throw new BackupError(`The backup's database ${file} is missing.`);
  if ((await sha256OfFile(file)) !== manifest.database.sha256) throw new BackupError(`${file} changed since the backup was written (its SHA-256 differs).`);
  const integrity = integrityCheck(file);
  if (integrity !== 'ok') throw new BackupError(`${file} fails its integrity check: ${integrity}`);
  return manifest;
}

/**
 * Whether a process has the SQLite database open. A connection asking for an exclusive lock is
 * refused (SQLITE_BUSY) while any other connection has the file open, even an idle one, because in
 * WAL mode each one holds a shared lock on the WAL index for as long as it is open. When nobody
 * has it open, a WAL left by a crash is folded into the file on the way.
 */
function inUse(file: string): boolean {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    // A damaged file cannot answer; it is kept aside unchanged all the same.
    return false;
  } finally {
    db?.close();
  }
}

/** A SQLite database and the files that belong to it. */
const databaseFiles = ['', '-wal', '-shm', '-journal'];

const isEmptyFolder = (dir: string) => fs.readdirSync(dir).length === 0;

/**
 * Puts a backup back: the database file (and its uploads) of `config`. An existing database or
 * non-empty upload folder is only replaced with `force`, and never while a process has the
 * database open; what was there is renamed `<name>.before-restore-<time>`, not deleted. Each part
 * is copied next to its target under a temporary name, flushed, then renamed into place, so a
 * crash leaves either the old or the new file, never half of one.
 */
export async function restoreBackup(folder: string, config: ShopData, options: { force?: boolean; now?: Date } = {}): Promise<RestoreResult> {
  if (isPostgresUrl(config.databaseUrl)) {
    throw new BackupError(
      'DATABASE_URL is a PostgreSQL database: this command restores SQLite backups. Restore a pg_dump backup with:\n' +
        '  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" shop.dump',
      2,
    );
  }
  const manifest = await readBackup(folder);
  const target = path.resolve(sqliteFile(config.databaseUrl));
  const uploadDir = path.resolve(config.uploadDir);
  const backupUploads = path.join(folder, 'uploads');
  const when = stamp(options.now ?? new Date());
  let suffix = `before-restore-${when}`;
  // Never rename onto an earlier restore's leftovers (a rename would silently replace them).
  const asideNames = (s: string) => [...databaseFiles.map((extra) => `${target}.${s}${extra}`), `${uploadDir}.${s}`];
  for (let n = 2; asideNames(suffix).some((p) => fs.existsSync(p)); n++) suffix = `before-restore-${when}-${n}`;

  const hasDatabase = fs.existsSync(target);
  const hasUploads = fs.existsSync(uploadDir) && !isEmptyFolder(uploadDir);
  if ((hasDatabase || hasUploads) && !options.force) {
    throw new BackupError(
      `${hasDatabase ? target : uploadDir} already exists. Stop the shop and run again with --force to replace it ` +
        `(what is there now is kept as <name>.${suffix}).`,
    );
  }
  if (hasDatabase && inUse(target)) {
    throw new BackupError(`${target} is open in another process: the shop is running. Stop it first, then restore.`);
  }

  const keptAside: string[] = [];
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  await fsp.copyFile(path.join(folder, manifest.database.file), incoming);
  await fsync(incoming);
  // A WAL or journal goes with its database: left beside the restored file, SQLite would replay
  // it into that file. (Kept even without a database beside it: it is not ours to delete.)
  for (const extra of databaseFiles) {
    if (!fs.existsSync(target + extra)) continue;
    await fsp.rename(target + extra, `${target}.${suffix}${extra}`);
    keptAside.push(`${target}.${suffix}${extra}`);
  }
  await fsp.rename(incoming, target);
  await fsync(path.dirname(target));

  let uploads: RestoreResult['uploads'] = null;
  if (fs.existsSync(backupUploads)) {
    await fsp.mkdir(path.dirname(uploadDir), { recursive: true });
    const staging = `${uploadDir}.restoring`;
    await fsp.rm(staging, { recursive: true, force: true });
    const copied = await copyTree(backupUploads, staging);
    if (hasUploads) {
      await fsp.rename(uploadDir, `${uploadDir}.${suffix}`);
      keptAside.push(`${uploadDir}.${suffix}`);
    } else if (fs.existsSync(uploadDir)) {
      await fsp.rmdir(uploadDir);
    }
    await fsp.rename(staging, uploadDir);
    await fsync(path.dirname(uploadDir));
    uploads = { folder: uploadDir, files: copied.files };
  }
  return { database: target, uploads, keptAside };
}
