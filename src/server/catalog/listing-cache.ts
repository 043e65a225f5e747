import { LRUCache } from 'lru-cache';
import { compressOnce, type KeptEncoding } from '../encoding.js';
import type { Language } from '../../shared/domain/languages.js';
import type { CatalogFilter } from '../../shared/domain/catalog-query.js';
import { searchKey, suggestible } from '../../shared/domain/search-text.js';
import type { ProductList, ProductQuery, ProductSummary } from '../../shared/schemas/product.js';
import { summary, toProduct } from './product.js';
import type { CatalogReplica } from './replica.js';
import { noOffers, withOffer, type ListingOffers, type OfferSource } from './offers.js';

/** A listing answer kept between requests, with the stock generation of each product it shows. */
interface CachedAnswer {
  json: string;
  /** Products the answer found in all (what search statistics count). */
  total: number;
  br?: Buffer;
  gzip?: Buffer;
  ids: number[];
  generations: number[];
  /** The offers' stamp it was built under (offers.ts). */
  offers: string;
}

/** Search-as-you-type answers kept per language and normalised query, with the stock generations they show. */
interface CachedSuggestions {
  items: ProductSummary[];
  generations: number[];
  offers: string;
}

/** Suggestions a search box shows under the query. */
const SUGGESTIONS = 6;

/**
 * Listings and suggestions answered from the replica, and kept (decision 010): each answer with its
 * JSON text, its brotli and gzip bytes once asked, and the stock generation of each product it
 * shows, so a sale elsewhere in the shop does not rebuild it. The replica says when kept answers
 * no longer hold (`forgetAll`, `forgetListings`, `forgetSuggestions`).
 */
export class ListingCache {
  /** Search-as-you-type answers, until a product changes or the stock of one shown moves. */
  private suggestions = new LRUCache<string, CachedSuggestions>({ max: 5000 });
  /** Serialised listing answers per language and normalised query, with their compressed forms. */
  private answers = new LRUCache<string, CachedAnswer>({
    max: 2000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (a) => a.json.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) + 64,
  });

  /** The merchant's running automatic offers, which listings show on the products they name (app.ts wires the promotions service). */
  offers: OfferSource = { listingOffers: async () => noOffers };

  constructor(private readonly replica: CatalogReplica) {}

  /** Listings' membership or order may have moved anywhere (a product changed, a whole load): every kept answer goes. */
  forgetAll(): void {
    this.answers.clear();
    this.suggestions.clear();
  }

  /** The default order moved (a product sold out or came back, a re-rank): kept listing answers go. */
  forgetListings(): void {
    this.answers.clear();
  }

  /** A new search index is in place: kept suggestions go. */
  forgetSuggestions(): void {
    this.suggestions.clear();
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
   * the list is re-ranked, the stock of a product in it moves, or the running offers change.
   */
  private async cachedAnswer(key: string, lng: Language, q: ProductQuery): Promise<CachedAnswer> {
    const replica = this.replica;
    await replica.fresh();
    const offers = await this.offers.listingOffers();
    const hit = this.answers.get(key);
    if (hit && hit.offers === offers.stamp && hit.ids.every((id, i) => replica.generation(id) === hit.generations[i])) return hit;
    const list = await this.query(lng, q, offers);
    const ids = list.items.map((p) => p.id);
    const answer: CachedAnswer = {
      json: JSON.stringify(list),
      total: list.total,
      ids,
      generations: ids.map((id) => replica.generation(id)),
      offers: offers.stamp,
    };
    this.answers.set(key, answer);
    return answer;
  }

  /**
   * Filters, facets, sorts and pages the catalogue as the listing asks (the rules of queryCatalog).
   * A text query is answered by the search index, most relevant first unless another sort is
   * chosen; a search that finds nothing offers the closest names (`didYouMean`). Products an
   * automatic offer names carry it, and "Sale" lists them too.
   */
  async query(lng: Language, q: ProductQuery, given?: ListingOffers): Promise<ProductList> {
    const replica = this.replica;
    if (searchKey(q.q ?? '')) await replica.fresh().then(() => replica.searchReady());
    const index = await replica.fresh();
    const offers = given ?? (await this.offers.listingOffers());
    const filter: CatalogFilter = { category: q.category, tag: q.tag, color: q.color, size: q.size, new: q.new, sale: q.sale };
    const search = replica.searchMatch(index, q.q);
    const sale = q.sale ? index.onSaleWith(offers) : undefined;
    const matches = index.matching(filter, search?.set ?? null, null, sale);
    const { slots, total } = index.page(matches, q.sort, q.page, q.pageSize, search && q.sort === 'default' ? search.order : undefined);
    const items = slots.map((slot) => withOffer(summary(toProduct(index.record(slot)!, lng)), offers, lng));
    const list: ProductList = { items, total, page: q.page, pageSize: q.pageSize, facets: index.facets(filter, search?.set ?? null, sale) };
    const searchIndex = replica.search.current;
    if (search && total === 0 && searchIndex) list.didYouMean = searchIndex.closestNames(q.q ?? '', lng);
    return list;
  }

  /**
   * Up to six products for a search box, best first, in `lng` and in the listing's shape, for
   * queries of two or more letters. Kept per language and normalised query until a product
   * changes or the stock of one shown moves.
   */
  async suggest(lng: Language, text: string): Promise<ProductSummary[]> {
    const replica = this.replica;
    if (!suggestible(text)) return [];
    const key = searchKey(text);
    if (key) await replica.fresh().then(() => replica.searchReady());
    const index = await replica.fresh();
    const offers = await this.offers.listingOffers();
    const cacheKey = `${lng}|${key}`;
    const hit = this.suggestions.get(cacheKey);
    if (hit && hit.offers === offers.stamp && hit.items.every((p, i) => replica.generation(p.id) === hit.generations[i])) return hit.items;
    const match = replica.searchMatch(index, key);
    const items = Array.from(match?.order.subarray(0, SUGGESTIONS) ?? [], (slot) => withOffer(summary(toProduct(index.record(slot)!, lng)), offers, lng));
    this.suggestions.set(cacheKey, { items, generations: items.map((p) => replica.generation(p.id)), offers: offers.stamp });
    return items;
  }
}
