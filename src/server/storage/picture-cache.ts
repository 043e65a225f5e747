import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PictureStore } from './picture-store.js';
import { isPictureKey } from './picture-store.js';

export interface ServedPicture {
  bytes: Buffer;
  contentType: string;
  /** A strong validator made from the content, the same in every process. */
  etag: string;
}

/** Bytes an entry counts for beyond its content (key, headers, object). */
const entryOverhead = 256;

/**
 * The pictures this process served lately, in memory up to a number of bytes (least recently
 * used leave first), so the store (database, bucket, disk) is read about once per picture and
 * process. Safe to keep without invalidation because a key's content never changes (decision 015).
 * Misses are not remembered: a picture another process just stored must be found at once.
 * Concurrent requests for one picture share one read of the store.
 */
export class PictureCache {
  readonly #lru: LRUCache<string, ServedPicture> | null;

  constructor(
    private readonly store: PictureStore,
    maxBytes: number,
  ) {
    this.#lru =
      maxBytes > 0
        ? new LRUCache<string, ServedPicture>({
            maxSize: maxBytes,
            // One picture may take at most an eighth of the cache, so a few large ones cannot empty it.
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
            sizeCalculation: (p) => p.bytes.length + entryOverhead,
            fetchMethod: async (key) => (await this.#read(key)) ?? undefined,
          })
        : null;
  }

  async #read(key: string): Promise<ServedPicture | null> {
    const stored = await this.store.get(key);
    if (!stored) return null;
    const etag = `"${crypto.createHash('sha256').update(stored.bytes).digest('base64url').slice(0, 27)}"`;
    return { ...stored, etag };
  }

  /** The picture under `key`, or null when the store has none. */
  async get(key: string): Promise<ServedPicture | null> {
    if (!isPictureKey(key)) return null;
    if (!this.#lru) return this.#read(key);
    return (await this.#lru.fetch(key)) ?? null;
  }

  /** Bytes held now (for tests and diagnostics). */
  get size(): number {
    return this.#lru?.calculatedSize ?? 0;
  }
}
