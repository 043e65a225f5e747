import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Reads a JSON setting, or undefined when it was never written. */
export async function getSetting<T>(db: Q, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** Writes a JSON setting (insert or replace). */
export async function putSetting(db: Q, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: text })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
    .execute();
}

/** Reads many settings at once. */
export async function getSettings(db: Q, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
}
