import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from './database.js';

describe('SQLite transactions', () => {
  let db: Db;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-db-'));
  beforeAll(async () => {
    db = await openDatabase(`sqlite:${path.join(dir, 'shop.sqlite')}`);
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * SQLite ends a transaction by itself after a full disk at commit; RAISE(ROLLBACK) in a trigger
   * does the same on demand. The caller must get the error that ended it, not kysely's failed
   * ROLLBACK ("cannot rollback - no transaction is active"), or a full disk reads as a bug.
   */
  it('reports the error that made SQLite roll back by itself, and the connection goes on', async () => {
    const k = db.db as unknown as Kysely<{ t: { x: number } }>;
    await sql`create table t (x integer)`.execute(k);
    await sql`create trigger t_refuse before insert on t when new.x = 13 begin select raise(rollback, 'refused by the trigger'); end`.execute(k);
    const err = await k
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ x: 1 }).execute();
        await trx.insertInto('t').values({ x: 13 }).execute();
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'refused by the trigger' });
    await k.transaction().execute(async (trx) => trx.insertInto('t').values({ x: 2 }).execute());
    expect(await k.selectFrom('t').select('x').execute()).toEqual([{ x: 2 }]);
  });
});
