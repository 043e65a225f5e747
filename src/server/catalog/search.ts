import { LRUCache } from 'lru-cache';
import type { loadCategoryNames, ProductRecord } from '../repositories/catalog-repository.js';
import { languages } from '../../shared/domain/languages.js';
import { searchKey } from '../../shared/domain/search-text.js';
import { ProductSearch } from '../search/product-search.js';
import { searchableProduct, type LocalNames } from '../search/searchable-product.js';
import { SlotSet, type CatalogIndex } from './catalog-index.js';

/** A text search's answer: the products it matched (as slots) and their relevance order. */
export interface SearchMatch {
  set: SlotSet;
  /** Slots, most relevant first: 4 bytes a match, as a common word can match most of the catalogue. */
  order: Int32Array;
}

type CategoryNames = Awaited<ReturnType<typeof loadCategoryNames>>;

/**
 * An index over these records (decision 018), with the categories' names in every language, built
 * in slices between which the process answers other requests.
 */
export function buildSearch(records: readonly ProductRecord[], categories: CategoryNames): Promise<ProductSearch> {
  const names = new Map(
    categories.map((c) => [c.slug, Object.fromEntries(languages.map((lng) => [lng, c[`name_${lng}`]?.trim() || c.name_en])) as LocalNames]),
  );
  function* searchable() {
    for (const record of records) yield searchableProduct(record);
  }
  return ProductSearch.buildInSlices(searchable(), names);
}

/**
 * The text search over the catalogue's records (decision 018) through its life: rebuilt on a whole
 * load, updated per product, and the first load's index built after the catalogue already answers
 * (decision 019), with the changes applied meanwhile kept for it. Keeps each query's matches until
 * a product changes.
 */
export class CatalogSearch {
  /** The text search over the loaded records: rebuilt on a whole load, updated per product. */
  private search: ProductSearch | null = null;
  /**
   * The first load's search index while it is built, after the catalogue already answers: text
   * searches wait for it, and product changes applied meanwhile are kept for it in `backlog`.
   */
  private building: Promise<unknown> | null = null;
  private backlog: Array<{ changed: readonly ProductRecord[]; removedIds: readonly number[] }> = [];
  /** Text searches' matches by normalised query, until a product changes. */
  private matches = new LRUCache<string, SearchMatch>({
    max: 256,
    // Bounded in bytes too: at 100,000 products one common word's match is about 400 KB.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (m) => m.order.byteLength + m.set.words.byteLength + 64,
  });

  /** `replaced` is told when a new index is put in place (what was kept from the old one goes). */
  constructor(
    private readonly log: { error(obj: object, msg: string): void },
    private readonly replaced: () => void,
  ) {}

  /** The first load's index while it is built (the long descriptions are read after it), else undefined. */
  get underway(): Promise<unknown> | undefined {
    return this.building ?? undefined;
  }

  /** A reload behind a catalogue that answers: the old index answers until the new one is built. */
  async replaceWith(search: Promise<ProductSearch>): Promise<void> {
    // Changes kept for a first index still being built are in this load already.
    const built = await search;
    this.backlog = [];
    this.use(built);
  }

  /** The first load: its catalogue answers at once; text searches wait for this index (`ready`). */
  buildBehind(search: Promise<ProductSearch>): void {
    this.search = null;
    const build = (this.building = search.then(
      (built) => {
        if (this.building === build) this.use(built);
      },
      (err: unknown) => {
        if (this.building !== build) return;
        this.building = null;
        this.log.error({ err }, 'building the search index failed; text searches answer 503 until the next whole load');
      },
    ));
  }

  /** Puts a search index built from a whole load in place, with the product changes applied since that load. */
  private use(search: ProductSearch): void {
    for (const { changed, removedIds } of this.backlog) {
      for (const record of changed) search.upsert(searchableProduct(record));
      for (const id of removedIds) search.remove(id);
    }
    this.backlog = [];
    this.building = null;
    this.search = search;
    this.matches.clear();
    this.replaced();
  }

  /** The search index, once the first load's is built (a text search waits for it); null when there is none. */
  async ready(): Promise<ProductSearch | null> {
    while (!this.search && this.building) await this.building;
    return this.search;
  }

  /** The index as it is now, or null while the first one is built. */
  get current(): ProductSearch | null {
    return this.search;
  }

  /** Products added, changed or removed after a load, one at a time; kept matches go. */
  apply(changed: readonly ProductRecord[], removedIds: readonly number[]): void {
    if (this.building) this.backlog.push({ changed, removedIds });
    for (const record of changed) this.search?.upsert(searchableProduct(record));
    for (const id of removedIds) this.search?.remove(id);
    this.matches.clear();
  }

  /** Kept matches go (their order of relevance put products in stock first, or the records were replaced). */
  forgetMatches(): void {
    this.matches.clear();
  }

  /** What a text query matches, in relevance order (decision 018); null when it has nothing to search by. */
  match(index: CatalogIndex, q: string | undefined, inStock: (id: number) => boolean): SearchMatch | null {
    const key = searchKey(q ?? '');
    if (!key || !this.search) return null;
    let match = this.matches.get(key);
    if (match) return match;
    const set = new SlotSet(index.capacity);
    const hits = this.search.search(key, inStock);
    const order = new Int32Array(hits.length);
    let n = 0;
    for (const hit of hits) {
      const slot = index.slot(hit.id);
      if (slot === undefined) continue;
      set.add(slot);
      order[n++] = slot;
    }
    match = { set, order: order.subarray(0, n) };
    this.matches.set(key, match);
    return match;
  }
}
