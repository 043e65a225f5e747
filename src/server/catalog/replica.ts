import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import {
  loadCategoryNames,
  loadChangedProducts,
  loadProducts,
  loadStockLevels,
  type ProductRecord,
  type StockLevels,
} from '../repositories/catalog-repository.js';
import { readVersions, type Versions } from '../repositories/settings-repository.js';
import { AppError } from '../errors.js';
import type { Language } from '../../shared/domain/languages.js';
import { shownStock } from '../../shared/domain/cart.js';
import { NO_STARS, type StarCounts } from '../../shared/domain/reviews.js';
import type { Product } from '../../shared/schemas/product.js';
import type { ProductSearch } from '../search/product-search.js';
import { CatalogIndex, totalStock } from './catalog-index.js';
import type { CatalogChanges } from './changes.js';
import { LongDescriptions } from './descriptions.js';
import { toProduct } from './product.js';
import { buildSearch, CatalogSearch, type SearchMatch } from './search.js';

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

/** Answers computed from the records and kept (the listing cache): told when they no longer hold. */
export interface KeptAnswers {
  /** Listings' membership or order may have moved anywhere (a product changed, a whole load). */
  forgetAll(): void;
  /** The default order moved (a product sold out or came back, a re-rank). */
  forgetListings(): void;
  /** A new search index is in place. */
  forgetSuggestions(): void;
}

export type CatalogLog = { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * This process's copy of the visible catalogue (decisions 002, 010, 019): the compact records in a
 * `CatalogIndex`, the versions it was read at, and how it follows the database: a whole load at
 * start (and for categories), the products an admin write marked, the stock an order moved, each
 * found by the versions' check every `checkIntervalMs` or told by `CatalogChanges`. The search
 * index and the long descriptions follow the records; kept answers are told when they no longer hold.
 *
 * Every added, changed or removed record passes through `applyRecords`.
 */
export class CatalogReplica {
  /** What this process read from the database, counted (tests and logs): whole loads, product rows read back after writes and orders. */
  readonly reads = { wholeLoads: 0, failedLoads: 0, changedProducts: 0, stockProducts: 0, descriptions: 0 };
  readonly search: CatalogSearch;
  readonly descriptions: LongDescriptions;
  private index: CatalogIndex | null = null;
  private version = -1;
  private stockVersion = -1;
  private stockHorizon = 0;
  private checkedAt = 0;
  private rankedAt = 0;
  private generations = new Map<number, number>();
  private refreshing: Promise<void> | null = null;
  private reloading: Promise<void> | null = null;
  private failures = 0;
  private retryAt = 0;
  private kept: KeptAnswers = { forgetAll() {}, forgetListings() {}, forgetSuggestions() {} };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly changes: CatalogChanges,
    private readonly checkIntervalMs: number,
    private readonly log: CatalogLog,
  ) {
    this.search = new CatalogSearch(log, () => this.kept.forgetSuggestions());
    this.descriptions = new LongDescriptions(db, log, this.reads);
  }

  /** Tells `kept` whenever what it keeps no longer holds. */
  follow(kept: KeptAnswers): void {
    this.kept = kept;
  }

  /** The content version the records were read at (current once `fresh` has answered). */
  get contentVersion(): number {
    return this.version;
  }

  /** The stock version the records' stock was read at (current once `fresh` has answered); the same in every process. */
  get stockVersionRead(): number {
    return this.stockVersion;
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
    return !this.index || this.changes.pending || now - this.checkedAt >= 2 * this.checkIntervalMs;
  }

  private startRefresh(): Promise<void> {
    return (this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    }));
  }

  /** The index, checked against the database as decision 020 says; throws `catalogue_unavailable` when none could be loaded. */
  async fresh(): Promise<CatalogIndex> {
    const now = Date.now();
    // The periodic check of a process that answers is not waited for: it runs beside the request
    // that finds it due, which answers from what the last check saw (at most two intervals old,
    // within the second of decision 017; a change this process made, or was told of, is still
    // waited for). Over PostgreSQL the check is a round trip that each request finding it due
    // (one in 50 product pages at 100 a second) used to wait for.
    if (this.index && !this.stale(now) && now >= this.retryAt && now - this.checkedAt >= this.checkIntervalMs) void this.startRefresh();
    while (this.stale(Date.now())) await this.startRefresh();
    if (this.reloading && (!this.index || this.changes.wrote)) await this.reloading;
    this.changes.waited();
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
      if (!this.index || this.changes.versionsDue || now - this.checkedAt >= this.checkIntervalMs) {
        const versions = await readVersions(this.db, this.dialect);
        this.checkedAt = now;
        this.changes.versionsRead();
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
      const touched = this.changes.takeStock();
      if (touched.length) this.applyStock(await loadStockLevels(this.db, touched));
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
    const stock = this.changes.loadStarted();
    try {
      const [records, categories] = await Promise.all([loadProducts(this.db), loadCategoryNames(this.db)]);
      this.reads.wholeLoads++;
      const index = new CatalogIndex(records);
      const search = buildSearch(records, categories);
      // Behind a catalogue that answers, the old index and search answer until both are new. The
      // first load answers as soon as its catalogue is in place (the search index is about a third
      // of a start at 100,000 products); text searches wait for the index (searchReady).
      if (this.index) await this.search.replaceWith(search);
      else this.search.buildBehind(search);
      this.changes.loadInPlace(stock);
      this.index = index;
      this.version = versions.content;
      this.stockVersion = versions.stock;
      this.stockHorizon = versions.stockHorizon;
      this.rankedAt = Date.now();
      this.forgetDerived();
      // After the first load's search index (which the first searches wait for), not beside it.
      this.descriptions.readAll(this.search.underway ?? Promise.resolve());
      this.succeeded();
    } catch (err) {
      this.reads.failedLoads++;
      this.failed(err, 'load');
    } finally {
      this.changes.loadEnded();
    }
  }

  /** The search index, once the first load's is built (a text search waits for it). */
  async searchReady(): Promise<ProductSearch> {
    const search = await this.search.ready();
    if (!search) throw catalogueUnavailable();
    return search;
  }

  /** What a text query matches in `index`, in relevance order (decision 018); null when it has nothing to search by. */
  searchMatch(index: CatalogIndex, q: string | undefined): SearchMatch | null {
    return this.search.match(index, q, this.inStock);
  }

  /** Drops what was computed from the records: kept answers, searches, suggestions, descriptions. */
  private forgetDerived(): void {
    this.kept.forgetAll();
    this.search.forgetMatches();
    this.descriptions.forget();
  }

  /**
   * The one way a product record enters, changes in or leaves the catalogue after a load: an
   * admin write read back by its mark. The search index is updated here too, one product at a time.
   */
  private applyRecords(changed: readonly ProductRecord[], removedIds: readonly number[]): void {
    if (!this.index || (changed.length === 0 && removedIds.length === 0)) return;
    this.index.apply(changed, removedIds);
    this.search.apply(changed, removedIds);
    const ids = [...removedIds, ...changed.map((r) => r.row.id)];
    for (const id of ids) this.generations.set(id, this.generation(id) + 1);
    this.descriptions.changed(ids);
    // Membership and order of listings may have moved anywhere: kept answers and searches go.
    this.kept.forgetAll();
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
      this.kept.forgetListings();
      this.search.forgetMatches();
    }
  }

  /** Ranks best sellers again; kept answers go with the old order. */
  private rerank(now: number): void {
    this.index?.rerank();
    this.kept.forgetListings();
    this.rankedAt = now;
  }

  /** The product's stock generation: raised whenever its stock or record changes (kept answers compare it). */
  generation(id: number): number {
    return this.generations.get(id) ?? 0;
  }

  /** True when the product can be bought now (search ranks these first at equal relevance). */
  private readonly inStock = (id: number): boolean => {
    const record = this.index?.get(id);
    return record !== undefined && totalStock(record) > 0;
  };

  /** What a shopper is shown of each product's stock, as one comparable string (pages keep it). */
  async shownStockOf(ids: readonly number[]): Promise<string> {
    const index = await this.fresh();
    return ids.map((id) => String(shownStock(totalStockOf(index, id)))).join(',');
  }

  /**
   * A visible product's published reviews per number of stars, as the catalogue holds them (a
   * publication moves them through the one change entry point); undefined when it is not shown.
   */
  async reviewStars(id: number): Promise<Readonly<StarCounts> | undefined> {
    const record = (await this.fresh()).get(id);
    return record && (record.row.review_stars ?? NO_STARS);
  }

  /** One visible product with its long description, or undefined. */
  async product(id: number, lng: Language): Promise<Product | undefined> {
    const index = await this.fresh();
    const record = index.get(id);
    if (!record) return undefined;
    const generation = this.generation(id);
    // Kept only if no write changed the product while it was read.
    const full = await this.descriptions.get(id, () => this.generation(id) === generation && index.get(id) === record);
    return toProduct(record, lng, full);
  }
}

function totalStockOf(index: CatalogIndex, id: number): number {
  const record = index.get(id);
  return record ? totalStock(record) : 0;
}
