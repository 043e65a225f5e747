import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compressOnce, type KeptEncoding } from '../encoding.js';
import type { Database } from '../db/schema.js';
import { toIso, type Dialect } from '../db/database.js';
import {
  loadCategoryNames,
  loadChangedProducts,
  loadFullDescription,
  loadFullDescriptionsAfter,
  loadProducts,
  loadStockLevels,
  type ListedRow,
  type ProductRecord,
  type StockLevels,
} from '../repositories/catalog-repository.js';
import { incrementSetting, readVersions, type Versions } from '../repositories/settings-repository.js';
import { AppError } from '../errors.js';
import { languages, type Language } from '../../shared/domain/languages.js';
import { shownStock } from '../../shared/domain/cart.js';
import type { CatalogFilter } from '../../shared/domain/catalog-query.js';
import { searchKey, suggestible } from '../../shared/domain/search-text.js';
import type { Product, ProductList, ProductQuery, ProductSummary } from '../../shared/schemas/product.js';
import { ProductSearch, searchableProduct, type LocalNames } from '../search/product-search.js';
import { CatalogIndex, SlotSet, totalStock } from './catalog-index.js';
import { buildDescriptionStore, type DescriptionStore } from './description-store.js';

/** Bumped by every admin write that changes what the storefront shows: products, categories, settings. */
const CONTENT_VERSION = 'catalog_version';
/** The content version of the last write that every process follows by reloading the whole catalogue. */
const RELOAD_VERSION = 'catalog_reload_version';

type Localizable = 'name' | 'short_description' | 'full_description';
type Texts = Partial<Record<`${Localizable}_${Language}`, string | null>>;

/** The row's text in `lng`, falling back to English when that language was not entered. */
function text(row: Texts, field: Localizable, lng: Language): string {
  const value = row[`${field}_${lng}`];
  return value && value.trim() ? value : (row[`${field}_en`] ?? '');
}

/** The long descriptions, which only a product page shows (the catalogue does not keep them). */
export type FullDescription = Pick<Texts, 'full_description_en' | 'full_description_ar' | 'full_description_fr' | 'full_description_de'>;

/** Turns a stored record into the API's product, in one language; without `full`, its long description is empty. */
export function toProduct(rec: ProductRecord, lng: Language, full?: FullDescription): Product {
  const row: ListedRow = rec.row;
  const name = text(row, 'name', lng);
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name,
    shortDescription: text(row, 'short_description', lng),
    fullDescription: full ? text(full, 'full_description', lng) : '',
    price: row.price,
    discount: row.discount,
    offerEnd: toIso(row.offer_end),
    isNew: row.is_new === 1,
    rating: Number(row.rating),
    saleCount: row.sale_count,
    categories: rec.categories,
    tags: rec.tags,
    images: rec.images.map((img) => {
      const largest = Math.max(...img.widths);
      return {
        src: `${img.base}-${largest}.webp`,
        srcSet: img.widths.map((w) => `${img.base}-${w}.webp ${w}w`).join(', '),
        width: img.width,
        height: img.height,
        alt: name,
      };
    }),
    stock: totalStock(rec),
    variants: rec.variants,
    createdAt: toIso(row.created_at),
  };
}

type Q = Kysely<Database> | Transaction<Database>;

/** Marks the storefront's content as changed (settings): pages are rendered anew, the catalogue stays. */
export const bumpCatalogVersion = (db: Q) => incrementSetting(db, CONTENT_VERSION);

/**
 * Marks these products as changed by an admin write, inside the write's transaction: every process
 * reads just them again (decision 019). The version is bumped first, so its row lock orders
 * concurrent writes: a process that sees version v has every mark up to v committed.
 */
export async function markProductsChanged(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  const version = await incrementSetting(trx, CONTENT_VERSION);
  if (ids.length) await trx.updateTable('products').set({ changed_version: version }).where('id', 'in', ids).execute();
}

/**
 * Marks a change every process follows by reloading the whole catalogue (categories, or a write it
 * cannot name), inside the write's transaction: a process must never see the new version without
 * the reload it asks for.
 */
export async function markCatalogueReload(trx: Transaction<Database>): Promise<void> {
  const version = await incrementSetting(trx, CONTENT_VERSION);
  await trx
    .insertInto('settings')
    .values({ key: RELOAD_VERSION, value: String(version) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(version) }))
    .execute();
}

/** A listing answer kept between requests, with the stock generation of each product it shows. */
interface CachedAnswer {
  json: string;
  /** Products the answer found in all (what search statistics count). */
  total: number;
  br?: Buffer;
  gzip?: Buffer;
  ids: number[];
  generations: number[];
}

/** Search-as-you-type answers kept per language and normalised query, with the stock generations they show. */
interface CachedSuggestions {
  items: ProductSummary[];
  generations: number[];
}

/** Suggestions a search box shows under the query. */
const SUGGESTIONS = 6;

/** A text search's answer: the products it matched (as slots) and their relevance order. */
interface SearchMatch {
  set: SlotSet;
  /** Slots, most relevant first: 4 bytes a match, as a common word can match most of the catalogue. */
  order: Int32Array;
}

/**
 * An index over these records (decision 018), with the categories' names in every language, built
 * in slices between which the process answers other requests.
 */
function buildSearch(records: readonly ProductRecord[], categories: Awaited<ReturnType<typeof loadCategoryNames>>): Promise<ProductSearch> {
  const names = new Map(
    categories.map((c) => [c.slug, Object.fromEntries(languages.map((lng) => [lng, c[`name_${lng}`]?.trim() || c.name_en])) as LocalNames]),
  );
  function* searchable() {
    for (const record of records) yield searchableProduct(record);
  }
  return ProductSearch.buildInSlices(searchable(), names);
}

/** Best sellers are re-ranked this often (and a product moves at once when it sells out or comes back). */
const RANK_INTERVAL_MS = 10 * 60 * 1000;
/** A failed load is tried again after this long, doubling up to the maximum, never on every request. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Answered while the catalogue has never loaded and its last attempt failed (the storefront cannot serve). */
export const catalogueUnavailable = () =>
  new AppError(503, 'catalogue_unavailable', 'The shop cannot show its products right now. Please try again in a minute.');

/** What health reports of the catalogue. */
export type CatalogueHealth = 'ok' | 'unavailable';

/**
 * The visible catalogue held in memory (decisions 002, 010, 019):
 *
 * - Compact records (no long descriptions) in a `CatalogIndex`: a slot set per facet value and the
 *   three sort orders, so an uncached filter, facet or deep page costs set intersections and one
 *   walk, not a pass over every product. Products in a language are built only for what a page shows.
 * - The long descriptions, which only a product page shows, are kept apart, compressed in blocks
 *   (`DescriptionStore`), read in the background after each whole load; a product changed since is
 *   read from the database (and kept in a small LRU).
 * - An admin write marks the products it changed with the content version (`markProductsChanged`)
 *   and, over PostgreSQL, notifies every process (db/change-feed.ts). Each process also checks the
 *   versions every CHANGE_CHECK_MS (500 ms) and reads just the marked products again; only a
 *   category change (or a write that cannot name its products) reloads everything, and then in the
 *   background while the last catalogue keeps answering.
 * - An order marks the products whose stock it moved (`stock_mark`) and bumps `stock_version`; a
 *   process that sees it move reads the narrow stock columns of just those products. The process
 *   that placed the order re-reads the products it touched at once.
 * - Each product has a stock generation, raised whenever its stock changes. A kept listing answer
 *   remembers the generations of the products in it and is rebuilt only when one of them moved.
 * - The default order is re-ranked every ten minutes; a product that sells out or comes back moves
 *   at once (its listings are answered anew).
 * - A load that fails is tried again after a back-off (1 s doubling to 30 s), never on every
 *   request; the last good catalogue keeps answering meanwhile, and with none, listings answer 503
 *   and /api/health says `catalogue: 'unavailable'`.
 *
 * Every added, changed or removed record passes through `applyRecords`.
 */
export class CatalogService {
  /** What this process read from the database, counted (tests and logs): whole loads, product rows read back after writes and orders. */
  readonly reads = { wholeLoads: 0, failedLoads: 0, changedProducts: 0, stockProducts: 0, descriptions: 0 };
  private index: CatalogIndex | null = null;
  private version = -1;
  private stockVersion = -1;
  private stockHorizon = 0;
  private checkedAt = 0;
  private rankedAt = 0;
  private generations = new Map<number, number>();
  private touched = new Set<number>();
  /** Products touched while a whole load reads: re-read once it is in place, whatever refresh ran meanwhile. */
  private touchedDuringLoad: Set<number> | undefined;
  private refreshing: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;
  /** This process wrote: the next read waits for everything, a whole reload included. */
  private waitForChanges = false;
  private failures = 0;
  private retryAt = 0;
  /** The text search over the loaded records (decision 018): rebuilt on a whole load, updated per product. */
  private search: ProductSearch | null = null;
  /**
   * The first load's search index while it is built, after the catalogue already answers: text
   * searches wait for it, and product changes applied meanwhile are kept for it in `searchBacklog`.
   */
  private searchBuild: Promise<unknown> | null = null;
  private searchBacklog: Array<{ changed: readonly ProductRecord[]; removedIds: readonly number[] }> = [];
  /** Text searches' matches by normalised query, until a product changes. */
  private searches = new LRUCache<string, SearchMatch>({
    max: 256,
    // Bounded in bytes too: at 100,000 products one common word's match is about 400 KB.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (m) => m.order.byteLength + m.set.words.byteLength + 64,
  });
  /** Search-as-you-type answers, until a product changes or the stock of one shown moves. */
  private suggestions = new LRUCache<string, CachedSuggestions>({ max: 5000 });
  /** Long descriptions of the products last shown on product pages, read one by one (not in the store, or changed since). */
  private descriptions = new LRUCache<number, FullDescription>({ max: 2000 });
  /**
   * Every visible product's long descriptions, compressed, read in the background after each whole
   * load (decision 020), so an uncached product page asks the database nothing.
   */
  private descriptionStore: DescriptionStore | null = null;
  /** Products changed since the store's rows were read: their descriptions are asked of the database. */
  private descriptionsChanged = new Set<number>();
  /** The store being read, with the products changed meanwhile; a newer whole load replaces it. */
  private descriptionBuild: { changed: Set<number>; done?: Promise<void> } | null = null;
  /** Serialised listing answers per language and normalised query, with their compressed forms. */
  private answers = new LRUCache<string, CachedAnswer>({
    max: 2000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (a) => a.json.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) + 64,
  });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly checkIntervalMs = 500,
    private readonly log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void } = console,
  ) {}

  /** This process changed the content (an admin write): the next read waits until it shows. */
  invalidate(): void {
    this.checkedAt = 0;
    this.waitForChanges = true;
  }

  /** Another process changed the content (a notification): check at the next read. */
  changed(): void {
    this.checkedAt = 0;
  }

  /** This process changed the stock of these products (an order, a cancellation): re-read them at once. */
  stockChanged(productIds: Iterable<number>): void {
    for (const id of productIds) {
      this.touched.add(id);
      this.touchedDuringLoad?.add(id);
    }
  }

  /** Starts loading now (at start), so the first shopper does not wait for it. */
  warm(): void {
    this.fresh().catch(() => undefined);
  }

  /** 'ok' when the catalogue can be served (loading it first if need be), else 'unavailable'. */
  async health(): Promise<CatalogueHealth> {
    try {
      await this.fresh();
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }

  /**
   * True when a read must wait for a check: no catalogue yet, this process's own write or order
   * to read back, a notification, or no check for two intervals (a quiet process).
   */
  private stale(now: number): boolean {
    if (now < this.retryAt) return false;
    return !this.index || this.touched.size > 0 || now - this.checkedAt >= 2 * this.checkIntervalMs;
  }

  private startRefresh(): Promise<void> {
    return (this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    }));
  }

  private async fresh(): Promise<CatalogIndex> {
    const now = Date.now();
    // The periodic check of a process that answers is not waited for: it runs beside the request
    // that finds it due, which answers from what the last check saw (at most two intervals old,
    // within the second of decision 017; a change this process made, or was told of, is still
    // waited for). Over PostgreSQL the check is a round trip that each request finding it due
    // (one in 50 product pages at 100 a second) used to wait for.
    if (this.index && !this.stale(now) && now >= this.retryAt && now - this.checkedAt >= this.checkIntervalMs) void this.startRefresh();
    while (this.stale(Date.now())) await this.startRefresh();
    if (this.reloading && (!this.index || this.waitForChanges)) await this.reloading;
    this.waitForChanges = false;
    if (!this.index) throw catalogueUnavailable();
    return this.index;
  }

  private failed(err: unknown, what: string): void {
    this.failures++;
    const wait = Math.min(RETRY_MIN_MS * 2 ** (this.failures - 1), RETRY_MAX_MS);
    this.retryAt = Date.now() + wait;
    this.log.error(
      { err },
      `catalogue ${what} failed; ${this.index ? 'the last catalogue keeps answering' : 'listings answer 503'}; trying again in ${wait} ms`,
    );
  }

  private succeeded(): void {
    this.failures = 0;
    this.retryAt = 0;
  }

  /** Never throws: a failure is logged and tried again after the back-off. */
  private async refresh(): Promise<void> {
    const now = Date.now();
    try {
      if (!this.index || now - this.checkedAt >= this.checkIntervalMs) {
        const versions = await readVersions(this.db, this.dialect);
        this.checkedAt = now;
        if (!this.index || versions.reload > this.version) {
          this.reloading ??= this.reload(versions).finally(() => {
            this.reloading = null;
          });
          // With a catalogue to answer from, shoppers are not kept waiting for a whole reload.
          if (!this.index) await this.reloading;
          return;
        }
        if (versions.content !== this.version && !this.reloading) {
          const changes = await loadChangedProducts(this.db, this.version);
          this.reads.changedProducts += changes.records.length + changes.removedIds.length;
          this.applyRecords(changes.records, changes.removedIds);
          this.version = versions.content;
        }
        if (versions.stock !== this.stockVersion && !this.reloading) {
          // Only the products an order moved since the last read: never every product's stock.
          const levels = await loadStockLevels(this.db, { since: this.stockHorizon });
          this.reads.stockProducts += levels.products.length;
          this.applyStock(levels);
          this.stockVersion = versions.stock;
          this.stockHorizon = versions.stockHorizon;
        }
      }
      if (this.touched.size) {
        const ids = [...this.touched];
        this.touched.clear();
        this.applyStock(await loadStockLevels(this.db, ids));
      }
      if (this.index && now - this.rankedAt >= RANK_INTERVAL_MS) this.rerank(now);
      this.succeeded();
    } catch (err) {
      this.failed(err, 'check');
    }
  }

  /** Reads the whole catalogue; the versions were read first, so nothing written after them is missed. */
  private async reload(versions: Versions): Promise<void> {
    // The load shows the stock of products touched before it began; one touched while it reads
    // (an order committed meanwhile) is re-read after it, even if a refresh took it meanwhile.
    const covered = [...this.touched];
    const during = (this.touchedDuringLoad = new Set());
    try {
      const [records, categories] = await Promise.all([loadProducts(this.db), loadCategoryNames(this.db)]);
      this.reads.wholeLoads++;
      const index = new CatalogIndex(records);
      const search = buildSearch(records, categories);
      if (this.index) {
        // A reload behind a catalogue that answers: the old index and search answer until both are
        // new. Changes kept for a first index still being built are in this load already.
        const built = await search;
        this.searchBacklog = [];
        this.useSearch(built);
      } else {
        // The first load answers as soon as its catalogue is in place (the search index is about a
        // third of a start at 100,000 products); text searches wait for the index (searchReady).
        this.search = null;
        const build = (this.searchBuild = search.then(
          (built) => {
            if (this.searchBuild === build) this.useSearch(built);
          },
          (err: unknown) => {
            if (this.searchBuild !== build) return;
            this.searchBuild = null;
            this.log.error({ err }, 'building the search index failed; text searches answer 503 until the next whole load');
          },
        ));
      }
      for (const id of covered) this.touched.delete(id);
      for (const id of during) this.touched.add(id);
      this.index = index;
      this.version = versions.content;
      this.stockVersion = versions.stock;
      this.stockHorizon = versions.stockHorizon;
      this.rankedAt = Date.now();
      this.forgetDerived();
      // After the first load's search index (which the first searches wait for), not beside it.
      this.readDescriptions(this.searchBuild ?? Promise.resolve());
      this.succeeded();
    } catch (err) {
      this.reads.failedLoads++;
      this.failed(err, 'load');
    } finally {
      this.touchedDuringLoad = undefined;
    }
  }

  /** Puts a search index built from a whole load in place, with the product changes applied since that load. */
  private useSearch(search: ProductSearch): void {
    for (const { changed, removedIds } of this.searchBacklog) {
      for (const record of changed) search.upsert(searchableProduct(record));
      for (const id of removedIds) search.remove(id);
    }
    this.searchBacklog = [];
    this.searchBuild = null;
    this.search = search;
    this.searches.clear();
    this.suggestions.clear();
  }

  /** The search index, once the first load's is built (a text search waits for it). */
  private async searchReady(): Promise<ProductSearch> {
    while (!this.search && this.searchBuild) await this.searchBuild;
    if (!this.search) throw catalogueUnavailable();
    return this.search;
  }

  /** Drops what was computed from the records: kept answers, searches, suggestions, descriptions. */
  private forgetDerived(): void {
    this.answers.clear();
    this.searches.clear();
    this.suggestions.clear();
    this.descriptions.clear();
    // A whole load may follow writes no mark names (decision 019): the stored descriptions go too.
    this.descriptionStore = null;
    this.descriptionsChanged = new Set();
  }

  /**
   * Reads every visible product's long descriptions into a new store, in pages and slices between
   * which other requests are answered, once `after` settles. Products changed while it reads are
   * kept apart (asked of the database) once it is in place; a newer whole load cancels it. A
   * failure is logged and product pages read descriptions one by one until the next whole load.
   */
  private readDescriptions(after: Promise<unknown>): void {
    const build: { changed: Set<number>; done?: Promise<void> } = { changed: new Set<number>() };
    this.descriptionBuild = build;
    const cancelled = () => this.descriptionBuild !== build;
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
          this.descriptionBuild = null;
          this.descriptionStore = store;
          this.descriptionsChanged = build.changed;
        },
        (err: unknown) => {
          if (cancelled()) return;
          this.descriptionBuild = null;
          this.log.warn({ err }, 'reading the long descriptions failed; product pages read them one by one until the next whole load');
        },
      );
  }

  /**
   * The one way a product record enters, changes in or leaves the catalogue after a load: an
   * admin write read back by its mark. The search index is updated here too, one product at a time.
   */
  private applyRecords(changed: readonly ProductRecord[], removedIds: readonly number[]): void {
    if (!this.index || (changed.length === 0 && removedIds.length === 0)) return;
    this.index.apply(changed, removedIds);
    if (this.searchBuild) this.searchBacklog.push({ changed, removedIds });
    for (const record of changed) this.search?.upsert(searchableProduct(record));
    for (const id of removedIds) this.search?.remove(id);
    for (const id of [...removedIds, ...changed.map((r) => r.row.id)]) {
      this.generations.set(id, this.generation(id) + 1);
      this.descriptions.delete(id);
      // Its long description may have changed after the store read it (the change's rows do not carry it).
      this.descriptionsChanged.add(id);
      this.descriptionBuild?.changed.add(id);
    }
    // Membership and order of listings may have moved anywhere: kept answers and searches go.
    this.answers.clear();
    this.searches.clear();
    this.suggestions.clear();
  }

  /** Patches stock and sale counts into the records. */
  private applyStock(levels: StockLevels): void {
    const index = this.index;
    if (!index) return;
    const variantStock = new Map(levels.variants.map((v) => [v.id, v.stock]));
    let flipped = false;
    for (const level of levels.products) {
      const record = index.get(level.id);
      if (!record) continue;
      const before = totalStock(record);
      let changed = record.row.stock !== level.stock;
      for (const variant of record.variants) {
        const stock = variantStock.get(variant.id);
        if (stock !== undefined && stock !== variant.stock) {
          variant.stock = stock;
          changed = true;
        }
      }
      record.row.stock = level.stock;
      record.row.sale_count = level.sale_count;
      const after = totalStock(record);
      if (changed) this.generations.set(level.id, this.generation(level.id) + 1);
      if (before > 0 !== after > 0) {
        index.restock(level.id);
        flipped = true;
      }
    }
    // A product that sold out or came back moved in the default order and in search order (in
    // stock first at equal relevance): kept answers and searches go with the old ones.
    if (flipped) {
      this.answers.clear();
      this.searches.clear();
    }
  }

  /** Ranks best sellers again; kept answers go with the old order. */
  private rerank(now: number): void {
    this.index?.rerank();
    this.answers.clear();
    this.rankedAt = now;
  }

  private generation(id: number): number {
    return this.generations.get(id) ?? 0;
  }

  /** How many products' long descriptions are kept in memory, once the store being read is in place (tests, logs). */
  async descriptionsKept(): Promise<number> {
    while (this.descriptionBuild?.done) await this.descriptionBuild.done;
    return this.descriptionStore?.size ?? 0;
  }

  /** The content's version (checked every `checkIntervalMs`): it changes with every admin catalogue or settings write, never with an order. */
  async currentVersion(): Promise<number> {
    await this.fresh();
    return this.version;
  }

  /** What a shopper is shown of each product's stock, as one comparable string (pages keep it). */
  async shownStockOf(ids: readonly number[]): Promise<string> {
    const index = await this.fresh();
    return ids.map((id) => String(shownStock(totalStockOf(index, id)))).join(',');
  }

  /** How many visible products there are. */
  async size(): Promise<number> {
    return (await this.fresh()).count;
  }

  /** One visible product with its long description, or undefined. */
  async product(id: number, lng: Language): Promise<Product | undefined> {
    const index = await this.fresh();
    const record = index.get(id);
    if (!record) return undefined;
    let full: FullDescription | undefined = this.descriptions.get(id);
    if (!full && !this.descriptionsChanged.has(id)) full = this.descriptionStore?.get(id);
    if (!full) {
      const generation = this.generation(id);
      this.reads.descriptions++;
      full = (await loadFullDescription(this.db, id)) ?? {};
      // Kept only if no write changed the product while it was read.
      if (this.generation(id) === generation && index.get(id) === record) this.descriptions.set(id, full);
    }
    return toProduct(record, lng, full);
  }

  /**
   * The listing answer as the browser takes it: brotli or gzip bytes compressed once per kept
   * answer (a popular listing then costs no compression per request), or the JSON text.
   */
  async queryEncoded(
    lng: Language,
    q: ProductQuery,
    encoding: KeptEncoding | null,
  ): Promise<{ body: string | Buffer; encoding: KeptEncoding | null; total: number }> {
    const key = `${lng}|${q.category ?? ''}|${q.tag ?? ''}|${q.color ?? ''}|${q.size ?? ''}|${q.new ?? ''}|${q.sale ?? ''}|${q.q ? searchKey(q.q) : ''}|${q.sort}|${q.page}|${q.pageSize}`;
    const answer = await this.cachedAnswer(key, lng, q);
    if (!encoding) return { body: answer.json, encoding: null, total: answer.total };
    let bytes = answer[encoding];
    if (!bytes) {
      bytes = compressOnce(answer.json, encoding);
      answer[encoding] = bytes;
      // Counted again with its new bytes, so the cache's byte bound holds.
      if (this.answers.get(key) === answer) this.answers.set(key, answer);
    }
    return { body: bytes, encoding, total: answer.total };
  }

  /**
   * Shoppers ask the same few questions (a category, page 1, the default sort) thousands of times
   * between catalogue changes, so each answer is computed once and kept until the content changes,
   * the list is re-ranked, or the stock of a product in it moves.
   */
  private async cachedAnswer(key: string, lng: Language, q: ProductQuery): Promise<CachedAnswer> {
    await this.fresh();
    const hit = this.answers.get(key);
    if (hit && hit.ids.every((id, i) => this.generation(id) === hit.generations[i])) return hit;
    const list = await this.query(lng, q);
    const ids = list.items.map((p) => p.id);
    const answer: CachedAnswer = { json: JSON.stringify(list), total: list.total, ids, generations: ids.map((id) => this.generation(id)) };
    this.answers.set(key, answer);
    return answer;
  }

  /** True when the product can be bought now (search ranks these first at equal relevance). */
  private readonly inStock = (id: number): boolean => {
    const record = this.index?.get(id);
    return record !== undefined && totalStock(record) > 0;
  };

  /** What a text query matches, in relevance order (decision 018); null when it has nothing to search by. */
  private searchMatch(index: CatalogIndex, q: string | undefined): SearchMatch | null {
    const key = searchKey(q ?? '');
    if (!key || !this.search) return null;
    let match = this.searches.get(key);
    if (match) return match;
    const set = new SlotSet(index.capacity);
    const hits = this.search.search(key, this.inStock);
    const order = new Int32Array(hits.length);
    let n = 0;
    for (const hit of hits) {
      const slot = index.slot(hit.id);
      if (slot === undefined) continue;
      set.add(slot);
      order[n++] = slot;
    }
    match = { set, order: order.subarray(0, n) };
    this.searches.set(key, match);
    return match;
  }

  /**
   * Filters, facets, sorts and pages the catalogue as the listing asks (the rules of queryCatalog).
   * A text query is answered by the search index, most relevant first unless another sort is
   * chosen; a search that finds nothing offers the closest names (`didYouMean`).
   */
  async query(lng: Language, q: ProductQuery): Promise<ProductList> {
    if (searchKey(q.q ?? '')) await this.fresh().then(() => this.searchReady());
    const index = await this.fresh();
    const filter: CatalogFilter = { category: q.category, tag: q.tag, color: q.color, size: q.size, new: q.new, sale: q.sale };
    const search = this.searchMatch(index, q.q);
    const matches = index.matching(filter, search?.set ?? null);
    const { slots, total } = index.page(matches, q.sort, q.page, q.pageSize, search && q.sort === 'default' ? search.order : undefined);
    const items = slots.map((slot) => summary(toProduct(index.record(slot)!, lng)));
    const list: ProductList = { items, total, page: q.page, pageSize: q.pageSize, facets: index.facets(filter, search?.set ?? null) };
    if (search && total === 0 && this.search) list.didYouMean = this.search.closestNames(q.q ?? '', lng);
    return list;
  }

  /**
   * Up to six products for a search box, best first, in `lng` and in the listing's shape, for
   * queries of two or more letters. Kept per language and normalised query until a product
   * changes or the stock of one shown moves.
   */
  async suggest(lng: Language, text: string): Promise<ProductSummary[]> {
    if (!suggestible(text)) return [];
    const key = searchKey(text);
    if (key) await this.fresh().then(() => this.searchReady());
    const index = await this.fresh();
    const cacheKey = `${lng}|${key}`;
    const hit = this.suggestions.get(cacheKey);
    if (hit && hit.items.every((p, i) => this.generation(p.id) === hit.generations[i])) return hit.items;
    const match = this.searchMatch(index, key);
    const items = Array.from(match?.order.subarray(0, SUGGESTIONS) ?? [], (slot) => summary(toProduct(index.record(slot)!, lng)));
    this.suggestions.set(cacheKey, { items, generations: items.map((p) => this.generation(p.id)) });
    return items;
  }
}

function totalStockOf(index: CatalogIndex, id: number): number {
  const record = index.get(id);
  return record ? totalStock(record) : 0;
}

/** A product as listings show it: one picture and no long description (its page has both). */
function summary({ fullDescription: _omit, images, ...rest }: Product): ProductSummary {
  return { ...rest, images: images.slice(0, 1) };
}
