import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { sqliteFile, type Db } from './database.js';

/** How long a process waits for another one's first start (migrations, demo pictures) to finish. */
const WAIT_MS = 5 * 60 * 1000;

/**
 * Runs the shop's start-up writes (migrations, default settings, demo seeding, the admin) while
 * holding a lock no other shop process on the same database can hold at once, so processes started
 * together on an empty database do not race: the second waits, then finds everything done.
 *
 * - PostgreSQL: a session advisory lock, keyed by the schema, on one connection of the pool; the
 *   work itself runs on the pool. The lock goes with the connection if the process dies.
 * - SQLite: an exclusive transaction on a small lock file beside the database (SQLite's own file
 *   locking, across processes on one machine); the database itself stays free for the work.
 */
export async function withSetupLock<T>(database: Db, url: string, work: () => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db.connection().execute(async (connection) => {
      await sql`set lock_timeout = ${sql.lit(`${WAIT_MS}ms`)}`.execute(connection);
      await sql`select pg_advisory_lock(hashtext('nasma-setup:' || current_schema()))`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(hashtext('nasma-setup:' || current_schema()))`.execute(connection);
        await sql`reset lock_timeout`.execute(connection);
      }
    });
  }
  const file = sqliteFile(url);
  if (file === ':memory:') return work();
  const lock = new SQLite(`${file}.setup-lock`);
  try {
    lock.pragma(`busy_timeout = ${WAIT_MS}`);
    lock.exec('BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      lock.exec('COMMIT');
    }
  } finally {
    lock.close();
  }
}
