import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.js';
import { loadFullDescription, loadFullDescriptionsAfter } from '../repositories/catalog-repository.js';
import { buildDescriptionStore, type DescriptionStore } from './description-store.js';
import type { FullDescription } from './product.js';

/**
 * The long descriptions, which only a product page shows (decision 020): every visible product's
 * kept compressed (`DescriptionStore`), read in the background after each whole load, so an
 * uncached product page asks the database nothing; a product changed since is read from the
 * database and kept in a small LRU.
 */
export class LongDescriptions {
  /** Long descriptions of the products last shown on product pages, read one by one (not in the store, or changed since). */
  private recent = new LRUCache<number, FullDescription>({ max: 2000 });
  /**
   * Every visible product's long descriptions, compressed, read in the background after each whole
   * load (decision 020), so an uncached product page asks the database nothing.
   */
  private store: DescriptionStore | null = null;
  /** Products changed since the store's rows were read: their descriptions are asked of the database. */
  private changedSince = new Set<number>();
  /** The store being read, with the products changed meanwhile; a newer whole load replaces it. */
  private building: { changed: Set<number>; done?: Promise<void> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    private readonly reads: { descriptions: number },
  ) {}

  /**
   * A product's long descriptions: kept, or read from the database and kept only if `unchanged`
   * still holds once read (no write changed the product while it was read).
   */
  async get(id: number, unchanged: () => boolean): Promise<FullDescription> {
    let full: FullDescription | undefined = this.recent.get(id);
    if (!full && !this.changedSince.has(id)) full = this.store?.get(id);
    if (!full) {
      this.reads.descriptions++;
      full = (await loadFullDescription(this.db, id)) ?? {};
      if (unchanged()) this.recent.set(id, full);
    }
    return full;
  }

  /** These products changed: their long descriptions may have changed after the store read them (the change's rows do not carry them). */
  changed(ids: Iterable<number>): void {
    for (const id of ids) {
      this.recent.delete(id);
      this.changedSince.add(id);
      this.building?.changed.add(id);
    }
  }

  /** A whole load may follow writes no mark names (decision 019): everything kept goes. */
  forget(): void {
    this.recent.clear();
    this.store = null;
    this.changedSince = new Set();
  }

  /** How many products' long descriptions are kept in memory, once the store being read is in place (tests, logs). */
  async kept(): Promise<number> {
    while (this.building?.done) await this.building.done;
    return this.store?.size ?? 0;
  }

  /**
   * Reads every visible product's long descriptions into a new store, in pages and slices between
   * which other requests are answered, once `after` settles. Products changed while it reads are
   * kept apart (asked of the database) once it is in place; a newer whole load cancels it. A
   * failure is logged and product pages read descriptions one by one until the next whole load.
   */
  readAll(after: Promise<unknown>): void {
    const build: { changed: Set<number>; done?: Promise<void> } = { changed: new Set<number>() };
    this.building = build;
    const cancelled = () => this.building !== build;
    const read = async () => {
      const startedAt = performance.now();
      const store = await buildDescriptionStore((afterId, limit) => loadFullDescriptionsAfter(this.db, afterId, limit), { cancelled });
      if (store) {
        const seconds = Number(((performance.now() - startedAt) / 1000).toFixed(1));
        this.log.debug({ products: store.size, kilobytes: Math.round(store.bytes / 1024), seconds }, 'long descriptions kept in memory');
      }
      return store;
    };
    build.done = after
      .catch(() => undefined)
      .then(() => (cancelled() ? null : read()))
      .then(
        (store) => {
          if (!store || cancelled()) return;
          this.building = null;
          this.store = store;
          this.changedSince = build.changed;
        },
        (err: unknown) => {
          if (cancelled()) return;
          this.building = null;
          this.log.warn({ err }, 'reading the long descriptions failed; product pages read them one by one until the next whole load');
        },
      );
  }
}
