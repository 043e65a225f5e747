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
/** A product row with its relations, every language included. */
export interface ProductRecord {
  row: ProductRow;
  categories: string[];
  tags: string[];
  images: ImageRecord[];
  variants: VariantRecord[];
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

/**
 * Loads the visible products with their categories, tags, images and variants, every language
 * included. Each relation table is read whole (one query each) instead of binding every product
 * id in an IN list; rows of hidden products are dropped when grouping.
 */
export async function loadProducts(db: Q): Promise<ProductRecord[]> {
  // A deleted product is hidden too; both are checked so neither alone can bring it back.
  const rows = await db.selectFrom('products').selectAll().where('visible', '=', 1).where('deleted_at', 'is', null).orderBy('id').execute();
  if (rows.length === 0) return [];
  const [cats, tags, images, variants] = await Promise.all([
    db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.product_id', 'c.slug', 'c.sort_order'])
      .orderBy('c.sort_order')
      .execute(),
    db.selectFrom('product_tags').selectAll().orderBy('tag').execute(),
    db.selectFrom('product_images').selectAll().orderBy('position').execute(),
    db.selectFrom('product_variants').selectAll().orderBy('id').execute(),
  ]);
  const catsBy = group(cats, (r) => r.product_id);
  const tagsBy = group(tags, (r) => r.product_id);
  const imagesBy = group(images, (r) => r.product_id);
  const variantsBy = group(variants, (r) => r.product_id);
  return rows.map((row) => ({
    row,
    categories: (catsBy.get(row.id) ?? []).map((c) => c.slug),
    tags: (tagsBy.get(row.id) ?? []).map((t) => t.tag),
    images: (imagesBy.get(row.id) ?? []).map((i) => ({
      base: i.base,
      widths: i.widths.split(',').map(Number),
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
  }));
}

/** What sales change: a product's stock and sale count, and each variant's stock. */
export interface StockLevels {
  products: Array<{ id: number; stock: number; sale_count: number }>;
  variants: Array<{ id: number; product_id: number; stock: number }>;
}

/**
 * Stock and sale counts of visible products: all of them, or those of `ids` (the few products one
 * order touched). Two narrow queries; the catalogue's texts and pictures are not read again.
 */
export async function loadStockLevels(db: Q, ids?: readonly number[]): Promise<StockLevels> {
  if (ids && ids.length === 0) return { products: [], variants: [] };
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'stock', 'sale_count'])
      .where('visible', '=', 1)
      .where('deleted_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
      .execute(),
    db
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'stock'])
      .$if(ids !== undefined, (q) => q.where('product_id', 'in', ids!))
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
