import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteStoredFile, findStoredFile, insertStoredFile, storedFileSize } from '../repositories/stored-file-repository.js';
import type { PictureStore, StoredPicture } from './picture-store.js';
import { isPictureKey } from './picture-store.js';

/**
 * Pictures in the shop's own PostgreSQL database (table `stored_files`, `bytea`): every process
 * over the database sees every picture with no other service to run, and `pg_dump` backs them up
 * with the orders that name them. Pictures are small (WebP renditions of at most 8 MB uploads,
 * usually tens of KB) and each process keeps the ones it serves in memory (PictureCache), so the
 * database is read about once per picture and process.
 */
export class DatabaseStore implements PictureStore {
  readonly kind = 'database' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!isPictureKey(key)) throw new Error(`Not a picture key: ${key}`);
    await insertStoredFile(this.db, { key, contentType, bytes }, this.now().toISOString());
  }

  async get(key: string): Promise<StoredPicture | null> {
    if (!isPictureKey(key)) return null;
    return (await findStoredFile(this.db, key)) ?? null;
  }

  async has(key: string): Promise<boolean> {
    if (!isPictureKey(key)) return false;
    return (await storedFileSize(this.db, key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await deleteStoredFile(this.db, key);
  }
}
