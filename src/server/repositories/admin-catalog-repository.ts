import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AdminCategory, AdminCategoryInput, AdminProductInput, CurrentStock } from '../../shared/schemas/admin-product.js';

type Q = Kysely<Database> | Transaction<Database>;

/** The product holding a SKU (deleted ones included, the column is unique), if any. */
export async function findBySku(db: Q, sku: string): Promise<{ id: number; deleted: boolean } | undefined> {
  const row = await db
    .selectFrom('products')
    .select(['id', 'deleted_at'])
    .where(sql`lower(sku)`, '=', sku.toLowerCase())
    .executeTakeFirst();
  return row && { id: row.id, deleted: row.deleted_at !== null };
}

/**
 * Frees the SKU of a deleted product so a new product may take it (past orders keep their own
 * copy of the SKU on each line).
 */
export async function retireSku(db: Q, id: number, sku: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ sku: `~${id}~${sku}`.slice(0, 40) })
    .where('id', '=', id)
    .execute();
}

export async function slugTaken(db: Q, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('products').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function productSlugAndName(db: Q, id: number): Promise<{ slug: string; name_en: string } | undefined> {
  return db.selectFrom('products').select(['slug', 'name_en']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function existingCategoryIds(db: Q, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Stored picture sizes, keyed by base, for bases some product already uses. */
export async function knownImages(db: Q, bases: string[]): Promise<Map<string, { widths: string; width: number; height: number }>> {
  const map = new Map<string, { widths: string; width: number; height: number }>();
  if (bases.length === 0) return map;
  const rows = await db.selectFrom('product_images').select(['base', 'widths', 'width', 'height']).where('base', 'in', bases).execute();
  for (const r of rows) map.set(r.base, r);
  return map;
}

export interface ImageToStore {
  base: string;
  widths: string;
  width: number;
  height: number;
}

const nullIfBlank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

function productColumns(p: AdminProductInput) {
  return {
    sku: p.sku,
    name_en: p.name.en,
    name_ar: p.name.ar,
    name_fr: nullIfBlank(p.name.fr),
    name_de: nullIfBlank(p.name.de),
    short_description_en: p.shortDescription.en,
    short_description_ar: p.shortDescription.ar,
    short_description_fr: nullIfBlank(p.shortDescription.fr),
    short_description_de: nullIfBlank(p.shortDescription.de),
    full_description_en: p.fullDescription.en,
    full_description_ar: p.fullDescription.ar,
    full_description_fr: nullIfBlank(p.fullDescription.fr),
    full_description_de: nullIfBlank(p.fullDescription.de),
    price: p.price,
    discount: p.discount,
    offer_end: p.offerEnd ? new Date(p.offerEnd).toISOString() : null,
    is_new: p.isNew ? 1 : 0,
    visible: p.visible ? 1 : 0,
  };
}

/** Thrown inside a save when a stock figure is no longer what the merchant saw; the save rolls back. */
export class StockMoved extends Error {
  constructor() {
    super('stock moved');
  }
}

/**
 * Writes a stock figure only if the merchant changed it, and only if the row still holds what they
 * saw (compare and set). Unchanged figures are not written at all, so a save of other fields never
 * undoes sales. Throws StockMoved when the figure moved meanwhile.
 */
async function setStockIfUnmoved(
  trx: Transaction<Database>,
  table: 'products' | 'product_variants',
  id: number,
  stock: number,
  seen: number | undefined,
): Promise<void> {
  if (seen === undefined) throw new StockMoved();
  if (stock === seen) return;
  const res = await trx.updateTable(table).set({ stock }).where('id', '=', id).where('stock', '=', seen).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new StockMoved();
}

/** A product's stock as it is now: what a 409 `product_changed` shows the merchant. */
export async function currentStock(db: Q, id: number): Promise<CurrentStock> {
  const [row, variants] = await Promise.all([
    db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('product_variants').select(['color', 'size', 'stock']).where('product_id', '=', id).orderBy('id').execute(),
  ]);
  return { stock: row?.stock ?? 0, variants };
}

/** Replaces categories, tags, pictures and variants of a product with the given ones. */
async function writeRelations(trx: Transaction<Database>, id: number, p: AdminProductInput, images: ImageToStore[], isNew: boolean): Promise<void> {
  await trx.deleteFrom('product_categories').where('product_id', '=', id).execute();
  await trx.deleteFrom('product_tags').where('product_id', '=', id).execute();
  await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
  const categoryIds = [...new Set(p.categoryIds)];
  if (categoryIds.length)
    await trx
      .insertInto('product_categories')
      .values(categoryIds.map((category_id) => ({ product_id: id, category_id })))
      .execute();
  const tags = [...new Set(p.tags.map((t) => t.trim().toLowerCase()))];
  if (tags.length)
    await trx
      .insertInto('product_tags')
      .values(tags.map((tag) => ({ product_id: id, tag })))
      .execute();
  if (images.length)
    await trx
      .insertInto('product_images')
      .values(images.map((img, position) => ({ product_id: id, position, ...img })))
      .execute();
  await writeVariants(trx, id, p.hasVariants ? p.variants : [], isNew);
}

/**
 * Updates variants in place where colour and size match (their ids stay, so carts and order lines
 * that name them keep working), adds new ones and removes the rest.
 */
async function writeVariants(trx: Transaction<Database>, id: number, wanted: AdminProductInput['variants'], isNew: boolean): Promise<void> {
  const existing = await trx.selectFrom('product_variants').select(['id', 'color', 'size']).where('product_id', '=', id).execute();
  const key = (v: { color: string | null; size: string | null }) => `${v.color ?? ''}|${v.size ?? ''}`;
  const byKey = new Map(existing.map((v) => [key(v), v.id]));
  const kept = new Set<number>();
  for (const v of wanted) {
    const variantId = byKey.get(key(v));
    if (variantId !== undefined) {
      kept.add(variantId);
      await trx.updateTable('product_variants').set({ price: v.price }).where('id', '=', variantId).execute();
      if (!isNew) await setStockIfUnmoved(trx, 'product_variants', variantId, v.stock, v.stockSeen);
    } else {
      await trx.insertInto('product_variants').values({ product_id: id, color: v.color, size: v.size, stock: v.stock, price: v.price }).execute();
    }
  }
  const gone = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length) await trx.deleteFrom('product_variants').where('id', 'in', gone).execute();
}

export async function insertProduct(trx: Transaction<Database>, p: AdminProductInput, slug: string, images: ImageToStore[], now: string): Promise<number> {
  const [id] = await insertProducts(trx, [{ product: p, slug, images }], now);
  return id!;
}

/**
 * Inserts new products with their categories, tags, pictures and variants, a statement per table
 * for all of them (the catalogue import writes a batch at once); returns their ids in order.
 * Slugs are unique, so each id is found by its slug.
 */
export async function insertProducts(
  trx: Transaction<Database>,
  items: ReadonlyArray<{ product: AdminProductInput; slug: string; images: ImageToStore[] }>,
  now: string,
): Promise<number[]> {
  if (!items.length) return [];
  const rows = await trx
    .insertInto('products')
    .values(
      items.map(({ product: p, slug }) => ({
        ...productColumns(p),
        stock: p.hasVariants ? 0 : p.stock,
        slug,
        rating: 0,
        sale_count: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  const ids = items.map((i) => idOf.get(i.slug)!);
  const each = <T>(make: (item: (typeof items)[number], id: number) => T[]) => items.flatMap((item, k) => make(item, ids[k]!));
  const categories = each(({ product }, product_id) => [...new Set(product.categoryIds)].map((category_id) => ({ product_id, category_id })));
  const tags = each(({ product }, product_id) => [...new Set(product.tags.map((t) => t.trim().toLowerCase()))].map((tag) => ({ product_id, tag })));
  const images = each(({ images: list }, product_id) => list.map((img, position) => ({ product_id, position, ...img })));
  const variants = each(({ product }, product_id) =>
    (product.hasVariants ? product.variants : []).map((v) => ({ product_id, color: v.color, size: v.size, stock: v.stock, price: v.price })),
  );
  if (categories.length) await trx.insertInto('product_categories').values(categories).execute();
  if (tags.length) await trx.insertInto('product_tags').values(tags).execute();
  if (images.length) await trx.insertInto('product_images').values(images).execute();
  if (variants.length) await trx.insertInto('product_variants').values(variants).execute();
  return ids;
}

export async function updateProduct(
  trx: Transaction<Database>,
  id: number,
  p: AdminProductInput,
  slug: string,
  images: ImageToStore[],
  now: string,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ ...productColumns(p), slug, updated_at: now })
    .where('id', '=', id)
    .execute();
  // With variants the stock lives on them; the product's own figure is left as it is.
  if (!p.hasVariants) await setStockIfUnmoved(trx, 'products', id, p.stock, p.stockSeen);
  await writeRelations(trx, id, p, images, false);
}

/** Marks a product deleted and hidden; its rows stay so past orders still resolve. */
export async function softDeleteProduct(db: Q, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('products')
    .set({ deleted_at: now, visible: 0, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// Categories -------------------------------------------------------------------------------------

const productCount = sql<number>`(select count(*) from product_categories pc inner join products p on p.id = pc.product_id where pc.category_id = c.id and p.deleted_at is null)`;

/** Categories in display order with how many (not deleted) products each holds. */
export async function listAdminCategories(db: Q, id?: number): Promise<AdminCategory[]> {
  let q = db
    .selectFrom('categories as c')
    .selectAll('c')
    .select(sql<number>`cast(${productCount} as integer)`.as('product_count'))
    .orderBy('c.sort_order')
    .orderBy('c.id');
  if (id !== undefined) q = q.where('c.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: { en: r.name_en, ar: r.name_ar, fr: r.name_fr ?? '', de: r.name_de ?? '' },
    slug: r.slug,
    image: r.image,
    sortOrder: r.sort_order,
    colors: optionList(r.option_colors),
    sizes: optionList(r.option_sizes),
    productCount: Number(r.product_count),
  }));
}

export async function categorySlugTaken(db: Q, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('categories').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A category's stored option list (a JSON array), or null for any. */
const optionList = (stored: string | null): string[] | null => (stored === null ? null : (JSON.parse(stored) as string[]));

function categoryColumns(c: AdminCategoryInput) {
  return {
    option_colors: c.colors ? JSON.stringify(c.colors) : null,
    option_sizes: c.sizes ? JSON.stringify(c.sizes) : null,
    slug: c.slug,
    name_en: c.name.en,
    name_ar: c.name.ar,
    name_fr: nullIfBlank(c.name.fr),
    name_de: nullIfBlank(c.name.de),
    image: c.image,
    sort_order: c.sortOrder,
  };
}

export async function insertCategory(db: Q, c: AdminCategoryInput, now: string): Promise<number> {
  const { id } = await db
    .insertInto('categories')
    .values({ ...categoryColumns(c), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(db: Q, id: number, c: AdminCategoryInput): Promise<boolean> {
  const res = await db.updateTable('categories').set(categoryColumns(c)).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** How many product links (deleted products included: the foreign key restricts them too) a category has. */
export async function categoryLinkCount(db: Q, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('product_categories')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Moves every product of category `from` into `to` (products already in `to` just leave `from`). */
export async function moveCategoryProducts(trx: Transaction<Database>, from: number, to: number): Promise<void> {
  await trx
    .insertInto('product_categories')
    .columns(['product_id', 'category_id'])
    .expression((eb) =>
      eb
        .selectFrom('product_categories as a')
        .select(['a.product_id', sql<number>`cast(${to} as integer)`.as('category_id')])
        .where('a.category_id', '=', from)
        .where((w) =>
          w.not(
            w.exists(
              w.selectFrom('product_categories as b').select('b.product_id').whereRef('b.product_id', '=', 'a.product_id').where('b.category_id', '=', to),
            ),
          ),
        ),
    )
    .execute();
  await trx.deleteFrom('product_categories').where('category_id', '=', from).execute();
}

/** Removes every product link of a category. */
export async function unlinkCategory(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('product_categories').where('category_id', '=', id).execute();
}

export async function deleteCategory(db: Q, id: number): Promise<boolean> {
  const res = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
