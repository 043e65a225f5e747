import type { Kysely } from 'kysely';
import type { KeptEncoding } from '../encoding.js';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import type { Language } from '../../shared/domain/languages.js';
import type { StarCounts } from '../../shared/domain/reviews.js';
import type { Product, ProductList, ProductQuery, ProductSummary } from '../../shared/schemas/product.js';
import { CatalogChanges } from '../catalog/changes.js';
import { ListingCache } from '../catalog/listing-cache.js';
import { CatalogReplica, type CatalogLog, type CatalogueHealth } from '../catalog/replica.js';
import { withOffer, type ListingOffers, type OfferSource } from '../catalog/offers.js';
import { toProduct } from '../catalog/product.js';

// What other code imported from here before the catalogue was split into src/server/catalog/.
export { bumpCatalogVersion, markCatalogueReload, markProductsChanged } from '../catalog/changes.js';
export { toProduct, type FullDescription } from '../catalog/product.js';
export { catalogueUnavailable, type CatalogueHealth } from '../catalog/replica.js';

/**
 * The visible catalogue held in memory (decisions 002, 010, 019, 020), as the storefront asks it.
 * Its rooms are in src/server/catalog/:
 *
 * - `CatalogReplica` (replica.ts): compact records (no long descriptions) in a `CatalogIndex`, a
 *   slot set per facet value and the three sort orders, so an uncached filter, facet or deep page
 *   costs set intersections and one walk, not a pass over every product. It loads them, checks
 *   the versions every CHANGE_CHECK_MS (500 ms) and reads just the products an admin write marked
 *   or an order moved; only a category change (or a write that cannot name its products) reloads
 *   everything, and then in the background while the last catalogue keeps answering. A load that
 *   fails is tried again after a back-off (1 s doubling to 30 s); with no catalogue, listings
 *   answer 503 and /api/health says `catalogue: 'unavailable'`. The search index (search.ts) and
 *   the long descriptions (descriptions.ts, kept compressed) follow its records.
 * - `ListingCache` (listing-cache.ts): listing answers kept with their JSON, brotli and gzip bytes
 *   and the stock generation of each product they show, rebuilt only when one of them moved; the
 *   default order is re-ranked every ten minutes and a product that sells out or comes back moves
 *   at once. Search-as-you-type answers likewise.
 * - `CatalogChanges` (changes.ts): where every write says what it changed, in the database
 *   (`markProductsChanged`, `markCatalogueReload`, `bumpCatalogVersion`, written by the use cases'
 *   effects) and to this process (`invalidate`, `stockChanged`, `changed` below).
 */
export class CatalogService {
  private readonly changes = new CatalogChanges();
  private readonly replica: CatalogReplica;
  private readonly listings: ListingCache;

  constructor(db: Kysely<Database>, dialect: Dialect, checkIntervalMs = 500, log: CatalogLog = console) {
    this.replica = new CatalogReplica(db, dialect, this.changes, checkIntervalMs, log);
    this.listings = new ListingCache(this.replica);
    this.replica.follow(this.listings);
  }

  /**
   * Where listings, product pages and suggestions read the merchant's running automatic offers
   * (the promotions service, wired by app.ts; none until then).
   */
  showOffers(source: OfferSource): void {
    this.listings.offers = source;
  }

  /** What this process read from the database, counted (tests and logs): whole loads, product rows read back after writes and orders. */
  get reads(): CatalogReplica['reads'] {
    return this.replica.reads;
  }

  /** This process changed the content (an admin write): the next read waits until it shows. */
  invalidate(): void {
    this.changes.contentChanged();
  }

  /** Another process changed the content (a notification): check at the next read. */
  changed(): void {
    this.changes.notified();
  }

  /** This process changed the stock of these products (an order, a cancellation): re-read them at once. */
  stockChanged(productIds: Iterable<number>): void {
    this.changes.stockChanged(productIds);
  }

  /** Starts loading now (at start), so the first shopper does not wait for it. */
  warm(): void {
    this.replica.fresh().catch(() => undefined);
  }

  /** 'ok' when the catalogue can be served (loading it first if need be), else 'unavailable'. */
  health(): Promise<CatalogueHealth> {
    return this.replica.health();
  }

  /** How many products' long descriptions are kept in memory, once the store being read is in place (tests, logs). */
  descriptionsKept(): Promise<number> {
    return this.replica.descriptions.kept();
  }

  /** The content's version (checked every `checkIntervalMs`): it changes with every admin catalogue or settings write, never with an order. */
  async currentVersion(): Promise<number> {
    await this.replica.fresh();
    return this.replica.contentVersion;
  }

  /**
   * What a rendered page depends on of the shop's content: the content version and the running
   * offers' stamp (an offer starts or ends on time, with no write), as one key for the page cache.
   */
  async pageVersion(): Promise<string> {
    const version = await this.currentVersion();
    const offers = await this.listings.offers.listingOffers();
    return `${version}.${offers.stamp}`;
  }

  /**
   * What the product feeds depend on (decision 045): the page version and the stock version, which
   * every process reads alike from the database, so each answers a feed with the same ETag.
   */
  async feedVersion(): Promise<string> {
    const page = await this.pageVersion();
    return `${page}.${this.replica.stockVersionRead}`;
  }

  /** The running automatic offers as listings show them (the feeds price variants with them). */
  listingOffers(): Promise<ListingOffers> {
    return this.listings.offers.listingOffers();
  }

  /**
   * Every visible product in `lng` (no long description), `size` at a time in id order, read from
   * the records in memory (decision 045): the ids are taken once, each batch is built when asked
   * for, and a product removed meanwhile is left out.
   */
  async *visibleProducts(lng: Language, size: number): AsyncGenerator<Product[]> {
    const index = await this.replica.fresh();
    const ids = index.ids();
    for (let at = 0; at < ids.length; at += size) {
      const current = await this.replica.fresh();
      yield ids.slice(at, at + size).flatMap((id) => {
        const record = current.get(id);
        return record ? [toProduct(record, lng)] : [];
      });
    }
  }

  /** What a shopper is shown of each product's stock, as one comparable string (pages keep it). */
  shownStockOf(ids: readonly number[]): Promise<string> {
    return this.replica.shownStockOf(ids);
  }

  /** A shown product's published reviews per number of stars (the reviews tab's bars); undefined when it is not shown. */
  reviewStars(id: number): Promise<Readonly<StarCounts> | undefined> {
    return this.replica.reviewStars(id);
  }

  /** How many visible products there are. */
  async size(): Promise<number> {
    return (await this.replica.fresh()).count;
  }

  /** One visible product with its long description, or undefined. */
  async product(id: number, lng: Language): Promise<Product | undefined> {
    const [product, offers] = await Promise.all([this.replica.product(id, lng), this.listings.offers.listingOffers()]);
    return product && withOffer(product, offers, lng);
  }

  /**
   * The listing answer as the browser takes it: brotli or gzip bytes compressed once per kept
   * answer (a popular listing then costs no compression per request), or the JSON text.
   */
  queryEncoded(
    lng: Language,
    q: ProductQuery,
    encoding: KeptEncoding | null,
  ): Promise<{ body: string | Buffer; encoding: KeptEncoding | null; total: number }> {
    return this.listings.queryEncoded(lng, q, encoding);
  }

  /** Filters, facets, sorts and pages the catalogue as the listing asks (the rules of queryCatalog), searching by text when asked. */
  query(lng: Language, q: ProductQuery): Promise<ProductList> {
    return this.listings.query(lng, q);
  }

  /** Up to six products for a search box, best first, in `lng` and in the listing's shape, for queries of two or more letters. */
  suggest(lng: Language, text: string): Promise<ProductSummary[]> {
    return this.listings.suggest(lng, text);
  }
}
