import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { sqliteFile, type Db } from '../db/database.js';
import { postgresReadOnly, sqlitePagesLeft } from '../repositories/storage-repository.js';
import { pictureStoreUnavailable } from '../storage/s3-store.js';

/** Seconds a client is told to wait (`Retry-After`), and how long a failure keeps health degraded. */
export const storageRetryAfterSeconds = 30;
const burstWindowMs = storageRetryAfterSeconds * 1000;

/** Below this much free space (bytes) the disk is full for practical purposes. */
const minFreeBytes = 1024 * 1024;
/** Below this many pages (4 KB each) left under SQLite's page limit, an order may no longer fit. */
const minPagesLeft = 16;

const sqliteStorageCodes = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)(_|$)/;
/** PostgreSQL: read_only_sql_transaction, and class 53 "insufficient resources" (53100 is disk_full). */
const postgresStorageCodes = /^(25006|53[0-9A-Z]{3})$/;
/** The file system full, read-only or over quota; or the S3 bucket unreachable (s3-store.ts). */
const fsStorageCodes = new Set(['ENOSPC', 'EROFS', 'EDQUOT', pictureStoreUnavailable]);

/**
 * The driver's code when `err` (or an error in its `cause` chain) means the storage refuses writes:
 * SQLite full, read-only, I/O error or cannot open; PostgreSQL disk full, read-only transaction or
 * out of resources; the file system full, read-only or over quota; the picture bucket unreachable.
 * Null for any other error.
 */
export function storageFailure(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (sqliteStorageCodes.test(code) || postgresStorageCodes.test(code) || fsStorageCodes.has(code))) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The nearest existing folder at or above `dir` (the upload folder is made on the first upload). */
async function existingFolder(dir: string): Promise<string> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      await fs.access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/** 'full' or 'read_only' when this folder's file system cannot take a new file now, else null. */
async function folderProblem(dir: string): Promise<string | null> {
  const folder = await existingFolder(dir);
  try {
    await fs.access(folder, fs.constants.W_OK);
  } catch {
    return 'read_only';
  }
  const s = await fs.statfs(folder);
  // root may also use the blocks the file system reserves for it.
  const freeBlocks = process.getuid?.() === 0 ? s.bfree : s.bavail;
  if (freeBlocks * s.bsize < minFreeBytes) return 'full';
  // Some file systems report no inode counts at all (files = 0): nothing to judge then.
  if (s.files > 0 && s.ffree === 0) return 'full';
  return null;
}

/**
 * What this process knows about whether the shop can write: failures the error handler saw, and a
 * cheap probe that writes nothing.
 *
 * Why the probe writes nothing: a write that is rolled back proves nothing on SQLite (in WAL mode
 * the changed pages stay in memory and never reach the disk before commit), and a committed
 * update of an existing row fits in pages and WAL space already on disk, so it passes while an
 * order, which needs new space, fails. What makes an order fail can be read instead: free space
 * and free inodes of the file systems holding the database and the uploads (`statfs`), whether
 * they are writable (`access`, which answers EROFS on a read-only mount), SQLite's own page limit,
 * and PostgreSQL's read-only state. A full disk on the PostgreSQL server cannot be seen from here:
 * the failures themselves report it.
 *
 * Nothing stays broken: a failure counts for 30 s, and ends at once when a write succeeds.
 */
export class StorageHealth {
  #burst: { since: number; last: number; failures: number } | null = null;
  #probeProblem: string | null = null;
  readonly #sqliteFile: string | null;

  constructor(
    private readonly db: Db,
    /** `uploadDir`: the folder pictures are written to on this machine, null when they are stored elsewhere (decision 015). */
    private readonly config: Pick<Config, 'databaseUrl'> & { uploadDir: string | null },
    private readonly now: () => number = Date.now,
  ) {
    const file = db.dialect === 'sqlite' ? sqliteFile(config.databaseUrl) : null;
    this.#sqliteFile = file === ':memory:' ? null : file;
  }

  /** Records a write the storage refused. Only the first failure of a burst is logged, with its error. */
  failed(err: unknown, code: string, log: FastifyBaseLogger): void {
    const now = this.now();
    if (this.#burst && now - this.#burst.last < burstWindowMs) {
      this.#burst.failures++;
      this.#burst.last = now;
      return;
    }
    this.#burst = { since: now, last: now, failures: 1 };
    log.error({ err, code }, `storage refuses writes (${code}): answering 503 until a write succeeds; further failures are counted, not logged`);
  }

  /** Records a write that went through, which ends a burst of failures. */
  succeeded(log: FastifyBaseLogger): void {
    if (!this.#burst) return;
    const { since, failures } = this.#burst;
    this.#burst = null;
    log.warn({ failures, seconds: Math.round((this.now() - since) / 1000) }, 'storage takes writes again');
  }

  /** 'unavailable' when a write failed in the last 30 s or the probe finds the storage unwritable, else 'ok'. */
  async check(log: FastifyBaseLogger): Promise<'ok' | 'unavailable'> {
    if (this.#burst && this.now() - this.#burst.last >= burstWindowMs) {
      log.info({ failures: this.#burst.failures }, `no storage failure for ${storageRetryAfterSeconds} s`);
      this.#burst = null;
    }
    const problem = await this.#probe();
    if (problem !== this.#probeProblem) {
      if (problem) log.error({ problem }, `storage probe: ${problem}`);
      else log.warn({ was: this.#probeProblem }, 'storage probe: writable again');
      this.#probeProblem = problem;
    }
    return this.#burst || problem ? 'unavailable' : 'ok';
  }

  /** Why the shop could not write now ('full: <where>', 'read_only: <where>'), or null. */
  async #probe(): Promise<string | null> {
    const places: Array<[string, string]> = this.config.uploadDir ? [['uploads', this.config.uploadDir]] : [];
    if (this.#sqliteFile) {
      places.unshift(['database', path.dirname(path.resolve(this.#sqliteFile))]);
      try {
        await fs.access(this.#sqliteFile, fs.constants.W_OK);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOENT') return 'read_only: database';
      }
    }
    for (const [name, dir] of places) {
      const problem = await folderProblem(dir);
      if (problem) return `${problem}: ${name}`;
    }
    if (this.db.dialect === 'sqlite') {
      if ((await sqlitePagesLeft(this.db.db)) < minPagesLeft) return 'full: database page limit';
    } else if (await postgresReadOnly(this.db.db)) {
      return 'read_only: database';
    }
    return null;
  }
}
