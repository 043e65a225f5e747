import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/database.js';
import { containsPattern } from '../db/like.js';
import type { Language } from '../../shared/domain/languages.js';
import {
  LOW_STOCK,
  reorderSince,
  type AdminProductDetail,
  type AdminProductFilter,
  type AdminProductQuery,
  type AdminProductRow,
} from '../../shared/schemas/admin-product.js';
import { countWaiting } from './stock-alert-repository.js';

// What the admin reads of products: the list, the form, the CSV export (the writes are in admin-catalog-repository.ts).

type Q = Kysely<Database> | Transaction<Database>;

/** Stock a product can sell: the sum over its variants when it has any, else its own figure. */
const totalStock = sql<number>`coalesce((select sum(v.stock) from product_variants v where v.product_id = p.id), p.stock)`;

/**
 * The products the merchant's list shows for these filters (deleted ones left out), as a query
 * to select from: the list pages it, and a bulk edit of "all N matching this filter" takes its ids.
 */
function matchingProducts(db: Q, filter: AdminProductFilter) {
  let base = db.selectFrom('products as p').where('p.deleted_at', 'is', null);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    base = base.where(
      sql<boolean>`(lower(p.name_en) like ${pattern} escape '\\' or lower(p.name_ar) like ${pattern} escape '\\' or lower(p.sku) like ${pattern} escape '\\')`,
    );
  }
  if (filter.category !== undefined) {
    const categoryId = filter.category;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('product_categories as pc').select('pc.product_id').whereRef('pc.product_id', '=', 'p.id').where('pc.category_id', '=', categoryId),
      ),
    );
  }
  if (filter.stock === 'out') base = base.where(sql<boolean>`${totalStock} = 0`);
  if (filter.stock === 'low') base = base.where(sql<boolean>`${totalStock} between 1 and ${LOW_STOCK}`);
  if (filter.stock === 'in') base = base.where(sql<boolean>`${totalStock} > 0`);
  // Running out and still selling: what the dashboard's "to reorder" counts, through this same filter.
  if (filter.stock === 'reorder') {
    const since = reorderSince();
    base = base
      .where('p.visible', '=', 1)
      .where(sql<boolean>`${totalStock} <= ${LOW_STOCK}`)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('product_daily_sales as s')
            .select('s.product_id')
            .whereRef('s.product_id', '=', 'p.id')
            .where('s.day', '>=', since)
            .where('s.quantity', '>', 0),
        ),
      );
  }
  if (filter.status) base = base.where('p.visible', '=', filter.status === 'visible' ? 1 : 0);
  return base;
}

/** How many products the list's filters match. */
export async function countMatchingProducts(db: Q, filter: AdminProductFilter): Promise<number> {
  const { n } = await matchingProducts(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The ids (ascending, at most `limit`) of the products the list's filters match: a bulk edit's "all matching". */
export async function matchingProductIds(db: Q, filter: AdminProductFilter, limit: number): Promise<number[]> {
  const rows = await matchingProducts(db, filter).select('p.id').orderBy('p.id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The merchant's product list: deleted products left out, filtered, sorted and paged in SQL. */
export async function listAdminProducts(db: Q, query: AdminProductQuery, lng: Language): Promise<{ items: AdminProductRow[]; total: number }> {
  const base = matchingProducts(db, query);
  const { n } = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();

  let rows = base.select([
    'p.id',
    'p.name_en',
    'p.name_ar',
    'p.name_fr',
    'p.name_de',
    'p.sku',
    'p.price',
    'p.discount',
    'p.visible',
    sql<number>`cast(${totalStock} as integer)`.as('total_stock'),
    sql<string | null>`(select i.base from product_images i where i.product_id = p.id order by i.position limit 1)`.as('thumb'),
  ]);
  switch (query.sort) {
    case 'name':
      rows = rows.orderBy(sql`lower(p.name_en)`).orderBy('p.id');
      break;
    case 'price_asc':
      rows = rows.orderBy('p.price').orderBy('p.id');
      break;
    case 'price_desc':
      rows = rows.orderBy('p.price', 'desc').orderBy('p.id');
      break;
    case 'stock_asc':
      rows = rows.orderBy(sql`total_stock`).orderBy('p.id');
      break;
    case 'waiting':
      // What to restock first: the most shoppers waiting (decision 046), each count from the index `(status, product_id)`.
      rows = rows
        .orderBy(sql`(select count(*) from stock_alerts a where a.status = 'confirmed' and a.product_id = p.id)`, 'desc')
        .orderBy(sql`total_stock`)
        .orderBy('p.id');
      break;
    default:
      rows = rows.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  }
  const page = await rows
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const ids = page.map((r) => r.id);
  const [names, waiting] = await Promise.all([categoryNamesOf(db, ids, lng), countWaiting(db, ids)]);
  return {
    total: Number(n),
    items: page.map((r) => ({
      id: r.id,
      name: (lng !== 'en' && r[`name_${lng}`]) || r.name_en,
      sku: r.sku,
      price: r.price,
      discount: r.discount,
      stock: Number(r.total_stock),
      visible: r.visible === 1,
      thumbnail: r.thumb ? `${r.thumb}-400.webp` : null,
      categories: names.get(r.id) ?? [],
      waiting: waiting.get(r.id) ?? 0,
    })),
  };
}

async function categoryNamesOf(db: Q, ids: number[], lng: Language): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['pc.product_id', 'c.name_en', 'c.name_ar', 'c.name_fr', 'c.name_de'])
    .where('pc.product_id', 'in', ids)
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
  for (const r of rows) {
    const name = (lng !== 'en' && r[`name_${lng}`]) || r.name_en;
    const list = map.get(r.product_id);
    if (list) list.push(name);
    else map.set(r.product_id, [name]);
  }
  return map;
}

/** Everything the product form edits, or undefined when missing or deleted. */
export async function getAdminProduct(db: Q, id: number): Promise<AdminProductDetail | undefined> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) return undefined;
  const [cats, tags, images, variants] = await Promise.all([
    db.selectFrom('product_categories').select('category_id').where('product_id', '=', id).orderBy('category_id').execute(),
    db.selectFrom('product_tags').select('tag').where('product_id', '=', id).orderBy('tag').execute(),
    db.selectFrom('product_images').select('base').where('product_id', '=', id).orderBy('position').execute(),
    db.selectFrom('product_variants').selectAll().where('product_id', '=', id).orderBy('id').execute(),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: { en: row.name_en, ar: row.name_ar, fr: row.name_fr ?? '', de: row.name_de ?? '' },
    shortDescription: { en: row.short_description_en, ar: row.short_description_ar, fr: row.short_description_fr ?? '', de: row.short_description_de ?? '' },
    fullDescription: { en: row.full_description_en, ar: row.full_description_ar, fr: row.full_description_fr ?? '', de: row.full_description_de ?? '' },
    price: row.price,
    discount: row.discount,
    offerEnd: row.offer_end ? toIso(row.offer_end) : null,
    isNew: row.is_new === 1,
    visible: row.visible === 1,
    categoryIds: cats.map((c) => c.category_id),
    tags: tags.map((t) => t.tag),
    images: images.map((i) => i.base),
    hasVariants: variants.length > 0,
    stock: row.stock,
    stockSeen: row.stock,
    variants: variants.map((v) => ({ color: v.color, size: v.size, stock: v.stock, stockSeen: v.stock, price: v.price })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
