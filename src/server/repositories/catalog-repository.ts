import { ratingSummary, type StarCounts } from '../../shared/domain/reviews.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ProductRow, CategoryRow } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

export interface ImageRecord {
  base: string;
  widths: number[];
  width: number;
  height: number;
}
export interface VariantRecord {
  id: number;
  color: string | null;
  size: string | null;
  stock: number;
  price: number | null;
}
/**
 * What the storefront keeps of a product row: everything but the long descriptions (read per
 * product page) and the bookkeeping, with the reviews' counters as their average (`rating`, one
 * decimal, 0 with none), count and bars (`review_stars`, null with none: most products have no
 * review, and share no array) (decision 038).
 */
export type ListedRow = Omit<SelectedRow, StarColumn | 'rating'> & { rating: number; review_count: number; review_stars: StarCounts | null };
type StarColumn = 'reviews_1' | 'reviews_2' | 'reviews_3' | 'reviews_4' | 'reviews_5';
type SelectedRow = Pick<ProductRow, (typeof listedColumns)[number]>;

/** A product row with its relations, every language included. */
export interface ProductRecord {
  row: ListedRow;
  categories: string[];
  tags: string[];
  images: ImageRecord[];
  variants: VariantRecord[];
}

const listedColumns = [
  'id',
  'slug',
  'sku',
  'name_en',
  'name_ar',
  'name_fr',
  'name_de',
  'short_description_en',
  'short_description_ar',
  'short_description_fr',
  'short_description_de',
  'price',
  'discount',
  'offer_end',
  'is_new',
  'rating',
  'sale_count',
  'stock',
  'created_at',
  'reviews_1',
  'reviews_2',
  'reviews_3',
  'reviews_4',
  'reviews_5',
] as const satisfies ReadonlyArray<keyof ProductRow>;

/**
 * The kept row, built as one literal: an object rest (`{ visible, deleted_at, ...row }`) copied
 * each of 100,000 rows property by property, a third of a whole load's own work.
 */
function listedRow(r: SelectedRow): ListedRow {
  const summary = ratingSummary([r.reviews_1, r.reviews_2, r.reviews_3, r.reviews_4, r.reviews_5]);
  return {
    id: r.id,
    slug: r.slug,
    sku: r.sku,
    name_en: r.name_en,
    name_ar: r.name_ar,
    name_fr: r.name_fr,
    name_de: r.name_de,
    short_description_en: r.short_description_en,
    short_description_ar: r.short_description_ar,
    short_description_fr: r.short_description_fr,
    short_description_de: r.short_description_de,
    price: r.price,
    discount: r.discount,
    offer_end: r.offer_end,
    is_new: r.is_new,
    rating: summary.average,
    review_count: summary.count,
    review_stars: summary.count ? summary.stars : null,
    sale_count: r.sale_count,
    stock: r.stock,
    created_at: r.created_at,
  };
}

/** Picture widths as stored ('400,800'), parsed once per distinct value and shared (records never change them). */
function widthsParser(): (stored: string) => number[] {
  const parsed = new Map<string, number[]>();
  return (stored) => {
    let widths = parsed.get(stored);
    if (!widths) parsed.set(stored, (widths = stored.split(',').map(Number)));
    return widths;
  };
}

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/** What changed since a content version: the records to show now, and the ids no longer shown. */
export interface ProductChanges {
  records: ProductRecord[];
  removedIds: number[];
}

/**
 * Loads the visible products with their categories, tags, images and variants, every language
 * included: all of them, or (`changedAfter`) only those an admin write marked past that content
 * version, with the ids of the marked ones no longer shown. No product id is bound: the whole
 * catalogue reads each relation table whole (one query each), the changes select the products by
 * their indexed mark inside the same queries.
 */
export async function loadProducts(db: Q): Promise<ProductRecord[]> {
  return (await loadRecords(db)).records;
}

/** The products an admin write changed after content version `version` (see loadProducts). */
export async function loadChangedProducts(db: Q, version: number): Promise<ProductChanges> {
  return loadRecords(db, version);
}

async function loadRecords(db: Q, changedAfter?: number): Promise<ProductChanges> {
  const changed = changedAfter !== undefined;
  const marked = () =>
    db
      .selectFrom('products')
      .select('id')
      .where('changed_version', '>', changedAfter ?? 0);
  const rows = await db
    .selectFrom('products')
    .select([...listedColumns, 'visible', 'deleted_at'])
    .$if(changed, (q) => q.where('changed_version', '>', changedAfter ?? 0))
    .$if(!changed, (q) => q.where('visible', '=', 1).where('deleted_at', 'is', null))
    .orderBy('id')
    .execute();
  // A deleted product is hidden too; both are checked so neither alone can bring it back.
  const shown = rows.filter((r) => r.visible === 1 && r.deleted_at === null);
  const removedIds = rows.filter((r) => !(r.visible === 1 && r.deleted_at === null)).map((r) => r.id);
  if (shown.length === 0) return { records: [], removedIds };
  const [cats, tags, images, variants] = await Promise.all([
    db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.product_id', 'c.slug', 'c.sort_order'])
      .$if(changed, (q) => q.where('pc.product_id', 'in', marked()))
      .orderBy('c.sort_order')
      .execute(),
    db
      .selectFrom('product_tags')
      .selectAll()
      .$if(changed, (q) => q.where('product_id', 'in', marked()))
      .orderBy('tag')
      .execute(),
    db
      .selectFrom('product_images')
      .selectAll()
      .$if(changed, (q) => q.where('product_id', 'in', marked()))
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_variants')
      .selectAll()
      .$if(changed, (q) => q.where('product_id', 'in', marked()))
      .orderBy('id')
      .execute(),
  ]);
  const catsBy = group(cats, (r) => r.product_id);
  const tagsBy = group(tags, (r) => r.product_id);
  const imagesBy = group(images, (r) => r.product_id);
  const variantsBy = group(variants, (r) => r.product_id);
  const widthsOf = widthsParser();
  const records = shown.map((shownRow) => {
    const row = listedRow(shownRow);
    return {
      row,
      categories: (catsBy.get(row.id) ?? []).map((c) => c.slug),
      tags: (tagsBy.get(row.id) ?? []).map((t) => t.tag),
      images: (imagesBy.get(row.id) ?? []).map((i) => ({
        base: i.base,
        widths: widthsOf(i.widths),
        width: i.width,
        height: i.height,
      })),
      variants: (variantsBy.get(row.id) ?? []).map((v) => ({
        id: v.id,
        color: v.color,
        size: v.size,
        stock: v.stock,
        price: v.price,
      })),
    };
  });
  return { records, removedIds };
}

/** A product's long description in every language (the listing never shows it, so it is not kept). */
export async function loadFullDescription(
  db: Q,
  id: number,
): Promise<Pick<ProductRow, 'full_description_en' | 'full_description_ar' | 'full_description_fr' | 'full_description_de'> | undefined> {
  return db
    .selectFrom('products')
    .select(['full_description_en', 'full_description_ar', 'full_description_fr', 'full_description_de'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The long descriptions of visible products with ids above `afterId`, in id order, at most
 * `limit`: a page of a whole read (keyset paging, so no id list is bound however large the
 * catalogue grows).
 */
export async function loadFullDescriptionsAfter(
  db: Q,
  afterId: number,
  limit: number,
): Promise<Array<Pick<ProductRow, 'id' | 'full_description_en' | 'full_description_ar' | 'full_description_fr' | 'full_description_de'>>> {
  return db
    .selectFrom('products')
    .select(['id', 'full_description_en', 'full_description_ar', 'full_description_fr', 'full_description_de'])
    .where('id', '>', afterId)
    .where('visible', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What sales change: a product's stock and sale count, and each variant's stock. */
export interface StockLevels {
  products: Array<{ id: number; stock: number; sale_count: number }>;
  variants: Array<{ id: number; product_id: number; stock: number }>;
}

/**
 * Stock and sale counts of visible products whose stock an order moved since a mark
 * (`{ since }`: `stock_mark >= since`, see Versions.stockHorizon), or of `ids` (the few products
 * one order in this process touched). Two narrow queries; texts and pictures are not read again,
 * and only the products that moved are.
 */
export async function loadStockLevels(db: Q, which: readonly number[] | { since: number }): Promise<StockLevels> {
  const ids = Array.isArray(which) ? (which as readonly number[]) : undefined;
  const since = ids ? 0 : (which as { since: number }).since;
  if (ids && ids.length === 0) return { products: [], variants: [] };
  const moved = () => db.selectFrom('products').select('id').where('stock_mark', '>=', since);
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'stock', 'sale_count'])
      .where('visible', '=', 1)
      .where('deleted_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
      .$if(ids === undefined, (q) => q.where('stock_mark', '>=', since))
      .execute(),
    db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'stock'])
      .$if(ids !== undefined, (q) => q.where('product_id', 'in', ids!))
      .$if(ids === undefined, (q) => q.where('product_id', 'in', moved()))
      .execute(),
  ]);
  return { products, variants };
}

/** Every visible product's id and last change (as the driver returns it), by id: what a sitemap lists. */
export async function listProductUpdates(db: Q): Promise<Array<{ id: number; updated_at: Date | string }>> {
  return db.selectFrom('products').select(['id', 'updated_at']).where('visible', '=', 1).orderBy('id').execute();
}

/** Categories in display order with the number of visible products in each. */
export async function listCategories(db: Q): Promise<Array<CategoryRow & { product_count: number }>> {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('product_categories as pc', 'pc.category_id', 'c.id')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'pc.product_id').on('p.visible', '=', 1))
    .selectAll('c')
    .select((eb) => eb.fn.count<string | number>('p.id').as('product_count'))
    .groupBy('c.id')
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
}

export async function countProducts(db: Q): Promise<number> {
  const { n } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Every category's slug and names (French and German may be null: they fall back to English). */
export async function loadCategoryNames(db: Q): Promise<Array<Pick<CategoryRow, 'slug' | 'name_en' | 'name_ar' | 'name_fr' | 'name_de'>>> {
  return db.selectFrom('categories').select(['slug', 'name_en', 'name_ar', 'name_fr', 'name_de']).orderBy('sort_order').execute();
}

/** Marks products with the content version of the write that changed them (decision 019: other processes read them back by it). */
export async function setChangedVersion(trx: Transaction<Database>, ids: readonly number[], version: number): Promise<void> {
  await trx.updateTable('products').set({ changed_version: version }).where('id', 'in', ids).execute();
}

/** Records the content version from which every process must reload the whole catalogue. */
export async function setReloadVersion(trx: Transaction<Database>, version: number): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: 'catalog_reload_version', value: String(version) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(version) }))
    .execute();
}
