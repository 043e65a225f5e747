import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compressOnce, type KeptEncoding } from '../encoding.js';
import type { Database } from '../db/schema.js';
import { toIso, type Dialect } from '../db/database.js';
import { loadCategoryNames, loadProducts, loadStockLevels, type ProductRecord, type StockLevels } from '../repositories/catalog-repository.js';
import { advanceStockVersion, incrementSetting, readVersions } from '../repositories/settings-repository.js';
import { fallbackLanguage, languages, type Language } from '../../shared/domain/languages.js';
import { shownStock } from '../../shared/domain/cart.js';
import { queryCatalog } from '../../shared/domain/catalog-query.js';
import { MIN_SUGGEST_LENGTH, searchKey } from '../../shared/domain/search-text.js';
import type { Product, ProductList, ProductQuery, ProductSummary } from '../../shared/schemas/product.js';
import { ProductSearch, searchableProduct, type LocalNames } from '../search/product-search.js';

/** Bumped by every admin write that changes what the storefront shows: products, categories, settings. */
const CONTENT_VERSION = 'catalog_version';

type Localizable = 'name' | 'short_description' | 'full_description';

/** The row's text in `lng`, falling back to English when that language was not entered. */
function text(row: ProductRecord['row'], field: Localizable, lng: Language): string {
  const value = row[`${field}_${lng}`];
  return value && value.trim() ? value : row[`${field}_en`];
}

/** Turns a stored record into the API's product, in one language. */
export function toProduct(rec: ProductRecord, lng: Language): Product {
  const { row } = rec;
  const name = text(row, 'name', lng);
  const stock = rec.variants.length ? rec.variants.reduce((s, v) => s + v.stock, 0) : row.stock;
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name,
    shortDescription: text(row, 'short_description', lng),
    fullDescription: text(row, 'full_description', lng),
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
    stock,
    variants: rec.variants,
    createdAt: toIso(row.created_at),
  };
}

/** The shop's default order: what can be bought first, then best sellers, then catalogue order. */
function defaultOrder(a: Product, b: Product): number {
  const stockA = a.stock > 0 ? 0 : 1;
  const stockB = b.stock > 0 ? 0 : 1;
  return stockA - stockB || b.saleCount - a.saleCount || a.id - b.id;
}

/** Marks the storefront's content as changed so every process reloads it (after an admin write). */
export const bumpCatalogVersion = (db: Kysely<Database> | Transaction<Database>) => incrementSetting(db, CONTENT_VERSION);

/**
 * Runs a transaction that may change stock (an order, a cancellation) and, when `changed` says it
 * did, marks stock as changed so every process re-reads stock levels within a second: inside the
 * transaction on SQLite, after its commit on PostgreSQL, where the mark is a lock-free sequence
 * (advanceStockVersion). A status move that gives nothing back marks nothing, so no process
 * re-reads stock for it.
 */
export async function stockTransaction<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Transaction<Database>) => Promise<T>,
  changed: (result: T) => boolean = () => true,
): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    const done = await work(trx);
    if (dialect === 'sqlite' && changed(done)) await advanceStockVersion(trx, dialect);
    return done;
  });
  if (dialect === 'postgres' && changed(result)) await advanceStockVersion(db, dialect);
  return result;
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

/** One language's products in the default order, and by id. */
interface LanguageView {
  list: Product[];
  byId: Map<number, Product>;
}

/** Search-as-you-type answers kept per language and normalised query, with the stock generations they show. */
interface CachedSuggestions {
  items: ProductSummary[];
  generations: number[];
}

/** Suggestions a search box shows under the query. */
const SUGGESTIONS = 6;

/** The search index over the loaded records, and the suggestions it gave (both replaced on a full reload). */
interface SearchState {
  index: ProductSearch;
  suggestions: LRUCache<string, CachedSuggestions>;
}

/** An index over these records (decision 018), with an empty suggestion cache. */
function searchState(records: readonly ProductRecord[], categories: Awaited<ReturnType<typeof loadCategoryNames>>): SearchState {
  const names = new Map(
    categories.map((c) => [c.slug, Object.fromEntries(languages.map((lng) => [lng, c[`name_${lng}`]?.trim() || c.name_en])) as LocalNames]),
  );
  return { index: ProductSearch.build(records.map(searchableProduct), names), suggestions: new LRUCache({ max: 5000 }) };
}

/** Best sellers are re-ranked this often (and whenever a product sells out or comes back). */
const RANK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The visible catalogue held in memory and queried with the shared rules (decision 002), with
 * stock kept apart from the rest (decision 008):
 *
 * - Texts, prices, pictures and categories change only through the admin. Each such write bumps
 *   `catalog_version` and, over PostgreSQL, notifies every process (db/change-feed.ts), which
 *   reloads at once; each process also checks the version every CHANGE_CHECK_MS (500 ms), so one
 *   that missed a notification, or runs on SQLite, catches up within a second.
 * - Stock and sale counts change with every order. An order bumps `stock_version` only; a process
 *   that sees it change re-reads the narrow stock columns and patches its products in place. The
 *   process that placed the order re-reads the products it touched at once.
 * - Each product has a stock generation, raised whenever its stock changes. A kept listing answer
 *   remembers the generations of the products in it and is rebuilt only when one of them moved;
 *   pages remember what they show of stock (`shownStock`) and are re-rendered only when that moves.
 * - The default order (in stock first, then best sellers) is re-ranked when a product sells out or
 *   comes back, and otherwise every ten minutes, so a sale does not reshuffle every listing.
 */
export class CatalogService {
  private records: ProductRecord[] | null = null;
  private recordsById = new Map<number, ProductRecord>();
  private version = -1;
  private stockVersion = -1;
  private checkedAt = 0;
  private rankedAt = 0;
  private views = new Map<Language, LanguageView>();
  private generations = new Map<number, number>();
  private touched = new Set<number>();
  private refreshing: Promise<void> | null = null;
  private search: SearchState | null = null;
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
  ) {}

  /** Forgets the content; the next read reloads everything (after an admin write in this process). */
  invalidate(): void {
    this.checkedAt = 0;
    this.version = -1;
  }

  /** This process changed the stock of these products (an order, a cancellation): re-read them at once. */
  stockChanged(productIds: Iterable<number>): void {
    for (const id of productIds) this.touched.add(id);
  }

  private stale(now: number): boolean {
    return !this.records || this.touched.size > 0 || now - this.checkedAt >= this.checkIntervalMs;
  }

  private async fresh(): Promise<void> {
    while (this.stale(Date.now())) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
  }

  private async refresh(): Promise<void> {
    const now = Date.now();
    if (!this.records || now - this.checkedAt >= this.checkIntervalMs) {
      const { content, stock } = await readVersions(this.db, this.dialect);
      this.checkedAt = now;
      if (!this.records || content !== this.version) {
        this.touched.clear();
        const [records, categories] = await Promise.all([loadProducts(this.db), loadCategoryNames(this.db)]);
        this.search = searchState(records, categories);
        this.records = records;
        this.recordsById = new Map(records.map((r) => [r.row.id, r]));
        this.version = content;
        this.stockVersion = stock;
        this.views.clear();
        this.answers.clear();
        this.rankedAt = now;
        return;
      }
      if (stock !== this.stockVersion) {
        this.touched.clear();
        this.applyStock(await loadStockLevels(this.db), now);
        this.stockVersion = stock;
      }
    }
    if (this.touched.size) {
      const ids = [...this.touched];
      this.touched.clear();
      this.applyStock(await loadStockLevels(this.db, ids), now);
    }
    if (now - this.rankedAt >= RANK_INTERVAL_MS) this.rerank(now);
  }

  /** Patches stock and sale counts into the records and every language's products. */
  private applyStock(levels: StockLevels, now: number): void {
    const variantStock = new Map(levels.variants.map((v) => [v.id, v.stock]));
    let flipped = false;
    for (const level of levels.products) {
      const record = this.recordsById.get(level.id);
      if (!record) continue;
      let changed = record.row.stock !== level.stock;
      for (const variant of record.variants) {
        const stock = variantStock.get(variant.id);
        if (stock !== undefined && stock !== variant.stock) {
          variant.stock = stock;
          changed = true;
        }
      }
      const before = totalStock(record);
      record.row.stock = level.stock;
      record.row.sale_count = level.sale_count;
      const after = totalStock(record);
      if (changed) this.generations.set(level.id, this.generation(level.id) + 1);
      if (before > 0 !== after > 0) flipped = true;
      for (const view of this.views.values()) {
        const product = view.byId.get(level.id);
        if (!product) continue;
        product.stock = after;
        product.saleCount = level.sale_count;
      }
    }
    if (flipped) this.rerank(now);
  }

  /** Re-sorts every language's list in the default order; kept answers go with the old order. */
  private rerank(now: number): void {
    for (const view of this.views.values()) view.list.sort(defaultOrder);
    this.answers.clear();
    this.rankedAt = now;
  }

  /**
   * Brings the search index up to date with products reloaded one at a time (texts, categories or
   * tags changed, or the product was hidden or deleted), without rebuilding it. Whoever replaces a
   * record in `records` calls this with the new records and the ids that are no longer visible.
   */
  reindexProducts(changed: Iterable<ProductRecord>, removedIds: Iterable<number> = []): void {
    if (!this.search) return;
    for (const record of changed) this.search.index.upsert(searchableProduct(record));
    for (const id of removedIds) this.search.index.remove(id);
    this.search.suggestions.clear();
  }

  /** True when the product can be bought now (search ranks these first at equal relevance). */
  private readonly inStock = (id: number): boolean => {
    const record = this.recordsById.get(id);
    return record !== undefined && totalStock(record) > 0;
  };

  /** The visible products matching a text query, as ranks (0 is best) for `queryCatalog`; undefined when the query has nothing to search by. */
  private searchRanks(text: string | undefined): Map<number, number> | undefined {
    if (!text || !searchKey(text) || !this.search) return undefined;
    return new Map(this.search.index.search(text, this.inStock).map((hit, i) => [hit.id, i]));
  }

  /**
   * Up to six products for a search box, best first, in `lng` and in the listing's shape, for
   * queries of two or more letters. Kept per language and normalised query until the catalogue
   * changes or the stock of a product shown moves.
   */
  async suggest(lng: Language, text: string): Promise<ProductSummary[]> {
    const key = searchKey(text);
    if (key.replace(/ /g, '').length < MIN_SUGGEST_LENGTH) return [];
    await this.fresh();
    const state = this.search;
    if (!state) return [];
    const cacheKey = `${lng}|${key}`;
    const hit = state.suggestions.get(cacheKey);
    if (hit && hit.items.every((p, i) => this.generation(p.id) === hit.generations[i])) return hit.items;
    const view = this.view(lng);
    const items: ProductSummary[] = [];
    for (const { id } of state.index.search(text, this.inStock)) {
      const product = view.byId.get(id);
      if (product) items.push(summary(product));
      if (items.length === SUGGESTIONS) break;
    }
    state.suggestions.set(cacheKey, { items, generations: items.map((p) => this.generation(p.id)) });
    return items;
  }

  private generation(id: number): number {
    return this.generations.get(id) ?? 0;
  }

  private view(lng: Language): LanguageView {
    let view = this.views.get(lng);
    if (!view) {
      const list = (this.records ?? []).map((r) => toProduct(r, lng)).sort(defaultOrder);
      view = { list, byId: new Map(list.map((p) => [p.id, p])) };
      this.views.set(lng, view);
    }
    return view;
  }

  /** The content's version (checked every `checkIntervalMs`): it changes with every admin catalogue or settings write, never with an order. */
  async currentVersion(): Promise<number> {
    await this.fresh();
    return this.version;
  }

  /** What a shopper is shown of each product's stock, as one comparable string (pages keep it). */
  async shownStockOf(ids: readonly number[]): Promise<string> {
    await this.fresh();
    const view = this.view(fallbackLanguage);
    return ids.map((id) => String(shownStock(view.byId.get(id)?.stock ?? 0))).join(',');
  }

  /** Every visible product in `lng`, in the default order. */
  async products(lng: Language): Promise<Product[]> {
    await this.fresh();
    return this.view(lng).list;
  }

  /** One visible product, or undefined. */
  async product(id: number, lng: Language): Promise<Product | undefined> {
    await this.fresh();
    return this.view(lng).byId.get(id);
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
    const key = `${lng}|${q.category ?? ''}|${q.tag ?? ''}|${q.color ?? ''}|${q.size ?? ''}|${q.new ?? ''}|${q.sale ?? ''}|${searchKey(q.q ?? '')}|${q.sort}|${q.page}|${q.pageSize}`;
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

  /**
   * Filters, facets, sorts and pages the catalogue as the listing asks. A text query is answered
   * by the search index; a search that finds nothing offers the closest names (`didYouMean`).
   */
  async query(lng: Language, q: ProductQuery): Promise<ProductList> {
    const all = await this.products(lng);
    const ranks = this.searchRanks(q.q);
    const answer = queryCatalog(all, {
      filter: { category: q.category, tag: q.tag, color: q.color, size: q.size, new: q.new, sale: q.sale, ranks },
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    });
    const list: ProductList = { ...answer, items: answer.items.map(summary) };
    if (ranks && answer.total === 0 && q.q && this.search) list.didYouMean = this.search.index.closestNames(q.q, lng);
    return list;
  }
}

/** A product as listings show it: one picture and no long description (its page has both). */
function summary({ fullDescription: _omit, images, ...rest }: Product): ProductSummary {
  return { ...rest, images: images.slice(0, 1) };
}

/** Units of a record: its variants' stock, or its own when it has none. */
function totalStock(record: ProductRecord): number {
  return record.variants.length ? record.variants.reduce((s, v) => s + v.stock, 0) : record.row.stock;
}
