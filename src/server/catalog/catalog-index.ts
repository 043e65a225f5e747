import type { ProductRecord } from '../repositories/catalog-repository.js';
import type { FacetValue, SortValue } from '../../shared/schemas/product.js';
import type { CatalogFilter, Facets } from '../../shared/domain/catalog-query.js';
import { effectivePrice } from '../../shared/domain/pricing.js';

/**
 * A set of slots (one per product held), one bit each: 100,000 products are 12.5 KB, and
 * intersecting two sets is a few thousand word operations.
 */
export class SlotSet {
  words: Uint32Array;
  constructor(capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32) || 1);
  }
  grow(capacity: number): void {
    const need = Math.ceil(capacity / 32);
    if (need <= this.words.length) return;
    const words = new Uint32Array(Math.max(need, this.words.length * 2));
    words.set(this.words);
    this.words = words;
  }
  add(slot: number): void {
    this.grow(slot + 1);
    this.words[slot >>> 5]! |= 1 << (slot & 31);
  }
  delete(slot: number): void {
    if (slot >>> 5 < this.words.length) this.words[slot >>> 5]! &= ~(1 << (slot & 31));
  }
  has(slot: number): boolean {
    return ((this.words[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }
  /** A copy, as long as `capacity` needs. */
  copy(capacity: number): SlotSet {
    const out = new SlotSet(capacity);
    out.words.set(this.words.subarray(0, out.words.length));
    return out;
  }
  /** Keeps only the slots also in `other`. */
  intersect(other: SlotSet): void {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i]! &= o[i] ?? 0;
  }
  /** Adds every slot of `other`. */
  union(other: SlotSet): void {
    this.grow(other.words.length * 32);
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < o.length; i++) w[i]! |= o[i]!;
  }
  size(): number {
    let n = 0;
    for (const word of this.words) n += popcount(word);
    return n;
  }
  /** How many slots are in both this and `other`, without building the intersection. */
  countWith(other: SlotSet): number {
    const w = this.words;
    const o = other.words;
    const len = Math.min(w.length, o.length);
    let n = 0;
    for (let i = 0; i < len; i++) {
      const x = w[i]! & o[i]!;
      if (x) n += popcount(x);
    }
    return n;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

type FacetKey = 'category' | 'tag' | 'color' | 'size';
const facetKeys: readonly FacetKey[] = ['category', 'tag', 'color', 'size'];

/** Facet values of a record, each once: what it is found by and counted under. */
function valuesOf(record: ProductRecord, key: FacetKey): Iterable<string> {
  switch (key) {
    case 'category':
      return new Set(record.categories);
    case 'tag':
      return new Set(record.tags);
    case 'color':
      return new Set(record.variants.map((v) => v.color).filter((v): v is string => !!v));
    case 'size':
      return new Set(record.variants.map((v) => v.size).filter((v): v is string => !!v));
  }
}

/** Units of a record: its variants' stock, or its own when it has none. */
export function totalStock(record: ProductRecord): number {
  return record.variants.length ? record.variants.reduce((s, v) => s + v.stock, 0) : record.row.stock;
}

/** One page of slots in the asked order, with how many match. */
export interface SlotPage {
  slots: number[];
  total: number;
}

/**
 * The catalogue's products as compact records with what the listing asks of them precomputed
 * (decision 019): a slot per product, a slot set per facet value and for new and discounted
 * products, and the three sort orders as arrays of slots. A filter is an intersection of sets,
 * a facet's counts are intersections counted, a page is a walk along the order until it is full.
 * One product changes in place: its slot leaves its sets and orders and joins the new ones.
 *
 * The same rules as `queryCatalog` (src/shared/domain/catalog-query.ts), which its tests compare.
 */
export class CatalogIndex {
  private readonly records: Array<ProductRecord | undefined> = [];
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  readonly live = new SlotSet(0);
  private readonly postings: Record<FacetKey, Map<string, SlotSet>> = { category: new Map(), tag: new Map(), color: new Map(), size: new Map() };
  private readonly isNew = new SlotSet(0);
  private readonly onSale = new SlotSet(0);
  /** The default order's keys as they were when last ranked (decision 010: a sale does not reshuffle). */
  private rankInStock = new Uint8Array(0);
  private rankSales = new Float64Array(0);
  private byDefault: number[] = [];
  private byPriceAsc: number[] = [];
  private byPriceDesc: number[] = [];
  private byRating: number[] = [];

  constructor(records: readonly ProductRecord[]) {
    for (const record of records) this.place(record, this.slotFor(record.row.id));
    this.rerank();
    this.byPriceAsc = this.liveSlots().sort((a, b) => this.priceAsc(a, b));
    this.byPriceDesc = this.liveSlots().sort((a, b) => this.priceDesc(a, b));
    this.byRating = this.liveSlots().sort(this.ratingOrder);
  }

  /** Slots in use; a slot freed by a removed product is used again. */
  get capacity(): number {
    return this.records.length;
  }

  get count(): number {
    return this.slotOf.size;
  }

  get(id: number): ProductRecord | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.records[slot];
  }

  record(slot: number): ProductRecord | undefined {
    return this.records[slot];
  }

  /** Every held product's id, ascending (the feeds walk them a batch at a time). */
  ids(): number[] {
    return [...this.slotOf.keys()].sort((a, b) => a - b);
  }

  *all(): Iterable<ProductRecord> {
    for (const slot of this.byDefault) yield this.records[slot]!;
  }

  private liveSlots(): number[] {
    const out: number[] = [];
    for (let slot = 0; slot < this.records.length; slot++) if (this.records[slot]) out.push(slot);
    return out;
  }

  private slotFor(id: number): number {
    const known = this.slotOf.get(id);
    if (known !== undefined) return known;
    const slot = this.free.pop() ?? this.records.length;
    if (slot === this.records.length) this.records.push(undefined);
    this.slotOf.set(id, slot);
    if (this.rankInStock.length <= slot) {
      const size = Math.max(slot + 1, this.rankInStock.length * 2, 1024);
      const stock = new Uint8Array(size);
      stock.set(this.rankInStock);
      const sales = new Float64Array(size);
      sales.set(this.rankSales);
      this.rankInStock = stock;
      this.rankSales = sales;
    }
    return slot;
  }

  /** Puts a record in its slot and in the sets it belongs to (not in the orders). */
  private place(record: ProductRecord, slot: number): void {
    this.records[slot] = record;
    this.live.add(slot);
    for (const key of facetKeys) {
      for (const value of valuesOf(record, key)) {
        let set = this.postings[key].get(value);
        if (!set) this.postings[key].set(value, (set = new SlotSet(this.records.length)));
        set.add(slot);
      }
    }
    if (record.row.is_new === 1) this.isNew.add(slot);
    if (record.row.discount > 0) this.onSale.add(slot);
    this.rankInStock[slot] = totalStock(record) > 0 ? 1 : 0;
    this.rankSales[slot] = record.row.sale_count;
  }

  /** Takes a slot out of every set and order; its record is left for `place` or dropped. */
  private lift(slot: number): void {
    const record = this.records[slot];
    if (!record) return;
    this.live.delete(slot);
    for (const key of facetKeys) {
      for (const value of valuesOf(record, key)) {
        const set = this.postings[key].get(value);
        set?.delete(slot);
        if (set && set.size() === 0) this.postings[key].delete(value);
      }
    }
    this.isNew.delete(slot);
    this.onSale.delete(slot);
    for (const order of [this.byDefault, this.byPriceAsc, this.byPriceDesc, this.byRating]) {
      const at = order.indexOf(slot);
      if (at >= 0) order.splice(at, 1);
    }
  }

  private insertSorted(order: number[], slot: number, cmp: (a: number, b: number) => number): void {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(order[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    order.splice(lo, 0, slot);
  }

  /** Adds or replaces the records of `changed` and drops the products of `removedIds`. */
  apply(changed: readonly ProductRecord[], removedIds: readonly number[]): void {
    for (const id of removedIds) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.lift(slot);
      this.records[slot] = undefined;
      this.slotOf.delete(id);
      this.free.push(slot);
    }
    for (const record of changed) {
      const slot = this.slotFor(record.row.id);
      this.lift(slot);
      this.place(record, slot);
      this.insertSorted(this.byDefault, slot, this.defaultOrder);
      this.insertSorted(this.byPriceAsc, slot, this.priceAsc);
      this.insertSorted(this.byPriceDesc, slot, this.priceDesc);
      this.insertSorted(this.byRating, slot, this.ratingOrder);
    }
  }

  /** A product's stock moved in or out of "in stock": it moves in the default order now. */
  restock(id: number): void {
    const slot = this.slotOf.get(id);
    const record = slot === undefined ? undefined : this.records[slot];
    if (slot === undefined || !record) return;
    const at = this.byDefault.indexOf(slot);
    if (at >= 0) this.byDefault.splice(at, 1);
    this.rankInStock[slot] = totalStock(record) > 0 ? 1 : 0;
    this.rankSales[slot] = record.row.sale_count;
    this.insertSorted(this.byDefault, slot, this.defaultOrder);
  }

  /** Ranks the default order again with every product's current stock and sales. */
  rerank(): void {
    for (let slot = 0; slot < this.records.length; slot++) {
      const record = this.records[slot];
      if (!record) continue;
      this.rankInStock[slot] = totalStock(record) > 0 ? 1 : 0;
      this.rankSales[slot] = record.row.sale_count;
    }
    this.byDefault = this.liveSlots().sort(this.defaultOrder);
  }

  /** The shop's default order: what can be bought first, then best sellers, then catalogue order. */
  private readonly defaultOrder = (a: number, b: number): number =>
    this.rankInStock[b]! - this.rankInStock[a]! || this.rankSales[b]! - this.rankSales[a]! || this.records[a]!.row.id - this.records[b]!.row.id;

  private price(slot: number): number {
    const row = this.records[slot]!.row;
    return effectivePrice(row.price, row.discount);
  }

  private readonly priceAsc = (a: number, b: number): number => this.price(a) - this.price(b) || this.records[a]!.row.id - this.records[b]!.row.id;
  private readonly priceDesc = (a: number, b: number): number => this.price(b) - this.price(a) || this.records[a]!.row.id - this.records[b]!.row.id;

  /** The rule of `byRating` (catalog-query.ts) on the kept rows, without building objects per comparison: best average, more reviews, id. */
  private readonly ratingOrder = (a: number, b: number): number => {
    const x = this.records[a]!.row;
    const y = this.records[b]!.row;
    return y.rating - x.rating || y.review_count - x.review_count || x.id - y.id;
  };

  /** The slots of every product held, in `sort` order. */
  private order(sort: SortValue): readonly number[] {
    switch (sort) {
      case 'default':
        return this.byDefault;
      case 'priceLowToHigh':
        return this.byPriceAsc;
      case 'priceHighToLow':
        return this.byPriceDesc;
      case 'rating':
        return this.byRating;
    }
  }

  /** The slot that holds the product with this id, if it is held. */
  slot(id: number): number | undefined {
    return this.slotOf.get(id);
  }

  /**
   * The products on sale: those with their own discount, and those the running automatic offers
   * name by id or category (`onSale` in catalog-query.ts). Built per question: offers change
   * without the catalogue changing, and a few dozen word-wide unions cost nothing beside a listing.
   */
  onSaleWith(offers: { productIds: readonly number[]; categories: readonly string[] }): SlotSet {
    if (!offers.productIds.length && !offers.categories.length) return this.onSale;
    const out = this.onSale.copy(this.records.length);
    for (const slug of offers.categories) {
      const set = this.postings.category.get(slug);
      if (set) out.union(set);
    }
    for (const id of offers.productIds) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) out.add(slot);
    }
    out.intersect(this.live);
    return out;
  }

  /**
   * The products matching every active filter except the facet `except` (disjunctive faceting);
   * `search` is the set the text query matched, when there is one; `sale` what "Sale" lists
   * (`onSaleWith`), the products' own discounts alone when not given.
   */
  matching(filter: CatalogFilter, search: SlotSet | null, except: FacetKey | null = null, sale: SlotSet = this.onSale): SlotSet {
    const out = this.live.copy(this.records.length);
    const none = new SlotSet(0);
    for (const key of facetKeys) {
      const value = filter[key];
      if (key !== except && value) out.intersect(this.postings[key].get(value) ?? none);
    }
    if (filter.new) out.intersect(this.isNew);
    if (filter.sale) out.intersect(sale);
    if (search) out.intersect(search);
    return out;
  }

  /** Facet values with counts over the products matching every other active filter. */
  facets(filter: CatalogFilter, search: SlotSet | null, sale: SlotSet = this.onSale): Facets {
    const tally = (key: FacetKey): FacetValue[] => {
      const base = this.matching(filter, search, key, sale);
      const out: FacetValue[] = [];
      for (const [value, set] of this.postings[key]) {
        const count = base.countWith(set);
        if (count > 0) out.push({ value, count });
      }
      return out.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    };
    return { categories: tally('category'), tags: tally('tag'), colors: tally('color'), sizes: tally('size') };
  }

  /**
   * One page (from 1) of the slots in `matches`, in `sort` order, and how many there are. `order`
   * replaces the sort's order when given (a search's relevance order, holding every match).
   */
  page(matches: SlotSet, sort: SortValue, page: number, pageSize: number, order: Iterable<number> = this.order(sort)): SlotPage {
    const total = matches.size();
    const skip = (page - 1) * pageSize;
    const slots: number[] = [];
    if (skip >= total) return { slots, total };
    let seen = 0;
    for (const slot of order) {
      if (!matches.has(slot)) continue;
      if (seen++ < skip) continue;
      slots.push(slot);
      if (slots.length === pageSize) break;
    }
    return { slots, total };
  }
}
