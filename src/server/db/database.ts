import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** The driver under Kysely, for rate-limiter-flexible's database stores (decision 031). */
  pool?: pg.Pool;
  sqlite?: SQLite.Database;
}

/** True for `postgres://` and `postgresql://` URLs; anything else is a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The file of a SQLite `DATABASE_URL` (`sqlite:<file>`, `sqlite://<file>` or a bare path). */
export function sqliteFile(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/**
 * SQLite rolls a transaction back by itself after some failures, a full disk at commit among them.
 * Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active", and that error
 * would replace the one saying what happened (SQLITE_FULL, SQLITE_IOERR...). Roll back only a
 * transaction that is still open.
 */
class SqliteDriverKeepingErrors extends SqliteDriver {
  readonly #database: SQLite.Database;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}

class ShopSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.#database);
  }
}

/**
 * Opens the database named by `url`. SQLite runs in WAL mode with a busy timeout, foreign keys and
 * full fsync, so a crash never loses an acknowledged order. `pgSchema` isolates a test run in its
 * own PostgreSQL schema (created when missing).
 */
export async function openDatabase(url: string, options: { pgSchema?: string } = {}): Promise<Db> {
  if (isPostgresUrl(url)) {
    const schema = options.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
    if (schema) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // Two processes starting together would both try to create it, and "if not exists" is no
      // guard against that race in PostgreSQL (the second fails on pg_namespace's unique index):
      // they take turns behind a transaction's advisory lock.
      try {
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('nasma-schema:' || $1))`, [schema]);
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), pool };
  }
  const file = sqliteFile(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('busy_timeout = 5000');
  await switchToWal(database);
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = FULL');
  const db = new Kysely<Database>({ dialect: new ShopSqliteDialect(database) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), sqlite: database };
}

/**
 * Switches a SQLite file to WAL. Two processes opening one new file at once may both ask; SQLite
 * then answers one of them "busy" at once, without waiting out the busy timeout (both hold a shared
 * lock and want an exclusive one), so the loser tries again shortly (seen on CI: a first start of
 * two processes where one exited).
 */
async function switchToWal(database: SQLite.Database): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      database.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 200) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Normalises a timestamp read from either dialect to an ISO string. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
