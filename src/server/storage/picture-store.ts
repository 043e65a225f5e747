/**
 * Where the shop's pictures live (decision 015): merchant uploads and the demo catalogue's
 * generated pictures, behind one interface so every shop process reads what any other stored.
 *
 * A key is the picture's URL path without its leading slash, `uploads/products/<name>-400.webp`
 * or `images/products/<slug>-1-800.webp`, so the URLs in the database stay as they were. A key
 * names one content for its whole life: uploads get a new name each time (time + random), and a
 * demo picture is stored once per key and never replaced. That is what lets pictures be served
 * as immutable, and lets a `put` of a key that is already there keep either copy.
 */
export interface PictureStore {
  /** `disk` (the embedded shop), `database` (PostgreSQL) or `s3` (object storage). */
  readonly kind: 'disk' | 'database' | 's3';
  /** Stores `bytes` under `key`; storing a key that exists succeeds (its content is the same by contract). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The content and type under `key`, or null when there is none. */
  get(key: string): Promise<StoredPicture | null>;
  /** Whether `key` is stored, without reading its content. */
  has(key: string): Promise<boolean>;
  /** Removes `key` (a half-finished upload); a missing key is fine. */
  delete(key: string): Promise<void>;
  /** Releases connections the store opened itself (the database's pool belongs to the app). */
  close?(): Promise<void>;
}

export interface StoredPicture {
  bytes: Buffer;
  contentType: string;
}

/** Every picture the shop serves is WebP. */
export const pictureType = 'image/webp';

const keyPattern = /^(images|uploads)(\/[a-z0-9][a-z0-9_-]*)+\.webp$/;

/** True for a key the shop may store or serve: a WebP file under `images/` or `uploads/`, lower-case, no dots in its path. */
export function isPictureKey(key: string): boolean {
  return key.length <= 300 && keyPattern.test(key);
}

/** The key of one width of a picture base (`/uploads/products/x` → `uploads/products/x-400.webp`), or null when the base is not one of ours. */
export function pictureKey(base: string, width: number): string | null {
  if (!base.startsWith('/')) return null;
  const key = `${base.slice(1)}-${width}.webp`;
  return isPictureKey(key) ? key : null;
}
