import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Stores a file unless its key is already taken: a key names one content for its whole life
 * (picture URLs are immutable), so two processes storing the same key at once both succeed.
 */
export async function insertStoredFile(db: Kysely<Database>, file: { key: string; contentType: string; bytes: Buffer }, now: string): Promise<void> {
  await db
    .insertInto('stored_files')
    .values({ key: file.key, content_type: file.contentType, bytes: file.bytes, size: file.bytes.length, created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** A stored file's content and type, or undefined. */
export async function findStoredFile(db: Kysely<Database>, key: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await db.selectFrom('stored_files').select(['bytes', 'content_type']).where('key', '=', key).executeTakeFirst();
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : undefined;
}

/** A stored file's size in bytes, without reading its content; undefined when there is none. */
export async function storedFileSize(db: Kysely<Database>, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('stored_files').select('size').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.size) : undefined;
}

export async function deleteStoredFile(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('stored_files').where('key', '=', key).execute();
}
