import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { DatabaseStore } from './database-store.js';
import { DiskStore } from './disk-store.js';
import type { PictureStore } from './picture-store.js';
import { S3Store } from './s3-store.js';

export type { PictureStore, StoredPicture } from './picture-store.js';
export { isPictureKey, pictureKey, pictureType } from './picture-store.js';
export { PictureCache, type ServedPicture } from './picture-cache.js';

/**
 * The one place pictures are stored (decision 015): the S3 bucket when S3_* is set; else the
 * PostgreSQL database, which every process already shares; else (SQLite, one process) this disk.
 */
export function createPictureStore(config: Pick<Config, 's3' | 'imageDir' | 'uploadDir'>, db: Db): PictureStore {
  if (config.s3) return new S3Store(config.s3);
  if (db.dialect === 'postgres') return new DatabaseStore(db.db);
  return new DiskStore({ imageDir: config.imageDir, uploadDir: config.uploadDir });
}
