import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/database.js';
import { loadProducts, type ProductRecord } from '../repositories/catalog-repository.js';
import { getSetting, putSetting } from '../repositories/settings-repository.js';
import type { Language } from '../../shared/domain/languages.js';
import { queryCatalog } from '../../shared/domain/catalog-query.js';
import type { Product, ProductList, ProductQuery } from '../../shared/schemas/product.js';

const VERSION_KEY = 'catalog_version';

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

/** Marks the catalogue as changed so every process reloads it (call after any product write). */
export async function bumpCatalogVersion(db: Kysely<Database>): Promise<void> {
  const current = (await getSetting<number>(db, VERSION_KEY)) ?? 0;
  await putSetting(db, VERSION_KEY, current + 1);
}

/** The compressions a cached listing answer is kept in, besides its JSON text. */
export type ListingEncoding = 'br' | 'gzip';
type CachedAnswer = { json: string } & Partial<Record<ListingEncoding, Buffer>>;

/**
 * The visible catalogue held in memory and queried with the shared rules. A merchant's catalogue
 * is hundreds to a few thousand products, so filtering, facets and sorting in memory beat SQL round
 * trips; a version number in `settings` tells every process when to reload (see
 * docs/decisions/002-catalogue-in-memory.md).
 */
export class CatalogService {
  private records: ProductRecord[] | null = null;
  private version = -1;
  private checkedAt = 0;
  private byLanguage = new Map<Language, Product[]>();
  private refreshing: Promise<void> | null = null;
  /**
   * Serialised listing answers per language and normalised query, with their compressed forms once
   * a browser asked for them; emptied when the catalogue changes.
   */
  private answers = new Map<string, CachedAnswer>();
  private static readonly MAX_ANSWERS = 2000;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkIntervalMs = 1000,
  ) {}

  /** Forgets the cache; the next read reloads from the database. */
  invalidate(): void {
    this.checkedAt = 0;
    this.version = -1;
  }

  private async fresh(): Promise<void> {
    if (this.records && Date.now() - this.checkedAt < this.checkIntervalMs) return;
    this.refreshing ??= (async () => {
      try {
        const version = (await getSetting<number>(this.db, VERSION_KEY)) ?? 0;
        this.checkedAt = Date.now();
        if (this.records && version === this.version) return;
        const records = await loadProducts(this.db);
        this.records = records;
        this.version = version;
        this.byLanguage.clear();
        this.answers.clear();
      } finally {
        this.refreshing = null;
      }
    })();
    await this.refreshing;
  }

  /** The catalogue's version (checked at most once a second): it changes with any product or stock. */
  async currentVersion(): Promise<number> {
    await this.fresh();
    return this.version;
  }

  /** Every visible product in `lng`, in the default order. */
  async products(lng: Language): Promise<Product[]> {
    await this.fresh();
    let list = this.byLanguage.get(lng);
    if (!list) {
      list = (this.records ?? []).map((r) => toProduct(r, lng)).sort(defaultOrder);
      this.byLanguage.set(lng, list);
    }
    return list;
  }

  /** One visible product, or undefined. */
  async product(id: number, lng: Language): Promise<Product | undefined> {
    const list = await this.products(lng);
    return list.find((p) => p.id === id);
  }

  /**
   * The listing answer as JSON text. Shoppers ask the same few questions (a category, page 1, the
   * default sort) thousands of times between catalogue changes, so each answer is computed once
   * per catalogue version and kept, up to MAX_ANSWERS (oldest dropped first).
   */
  /**
   * The listing answer as the browser takes it: brotli or gzip bytes compressed once per cached
   * answer (a popular listing then costs no compression per request), or the JSON text.
   */
  async queryEncoded(lng: Language, q: ProductQuery, encoding: ListingEncoding | null): Promise<{ body: string | Buffer; encoding: ListingEncoding | null }> {
    const answer = await this.cachedAnswer(lng, q);
    if (!encoding) return { body: answer.json, encoding: null };
    let bytes = answer[encoding];
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(answer.json, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
            })
          : zlib.gzipSync(answer.json, { level: 9 });
      answer[encoding] = bytes;
    }
    return { body: bytes, encoding };
  }

  private async cachedAnswer(lng: Language, q: ProductQuery): Promise<CachedAnswer> {
    await this.fresh();
    const key = `${lng}|${q.category ?? ''}|${q.tag ?? ''}|${q.color ?? ''}|${q.size ?? ''}|${q.new ?? ''}|${q.sale ?? ''}|${q.q ?? ''}|${q.sort}|${q.page}|${q.pageSize}`;
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit;
    const answer: CachedAnswer = { json: JSON.stringify(await this.query(lng, q)) };
    if (this.answers.size >= CatalogService.MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }

  /** Filters, facets, sorts and pages the catalogue as the listing asks. */
  async query(lng: Language, q: ProductQuery): Promise<ProductList> {
    const all = await this.products(lng);
    const answer = queryCatalog(all, {
      filter: { category: q.category, tag: q.tag, color: q.color, size: q.size, new: q.new, sale: q.sale, q: q.q },
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    });
    // Listings show one picture and never the long description: leave the rest out of the answer.
    return { ...answer, items: answer.items.map(({ fullDescription: _omit, images, ...summary }) => ({ ...summary, images: images.slice(0, 1) })) };
  }
}
