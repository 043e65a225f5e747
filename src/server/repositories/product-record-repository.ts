import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ProductTable } from '../db/schema.js';
import { toIso } from '../db/database.js';
import type { ProductRecord } from '../../shared/domain/product-csv.js';

// Products as the CSV holds them (decision 040): what the export writes and the import compares.

type Q = Kysely<Database> | Transaction<Database>;

/** A product as it is now, in the file's terms (pictures by base), with what a write needs besides. */
export interface StoredRecord {
  id: number;
  slug: string;
  record: ProductRecord;
  /** The largest stored width of each of its pictures, by base. */
  largest: Record<string, number>;
}

/** Products read per statement: well under SQLite's limit on bound values. */
const CHUNK = 500;

const blank = (v: string | null) => v ?? '';

async function withRelations(db: Q, rows: Selectable<ProductTable>[]): Promise<StoredRecord[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [cats, tags, images, variants] = await Promise.all([
    db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.product_id', 'c.slug'])
      .where('pc.product_id', 'in', ids)
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .execute(),
    db.selectFrom('product_tags').select(['product_id', 'tag']).where('product_id', 'in', ids).orderBy('tag').execute(),
    db.selectFrom('product_images').select(['product_id', 'base', 'widths']).where('product_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('product_variants').select(['product_id', 'color', 'size', 'price', 'stock']).where('product_id', 'in', ids).orderBy('id').execute(),
  ]);
  const group = <T extends { product_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      const found = map.get(item.product_id);
      if (found) found.push(item);
      else map.set(item.product_id, [item]);
    }
    return map;
  };
  const [catsOf, tagsOf, imagesOf, variantsOf] = [group(cats), group(tags), group(images), group(variants)];
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    record: {
      sku: r.sku,
      name: { en: r.name_en, ar: r.name_ar, fr: blank(r.name_fr), de: blank(r.name_de) },
      shortDescription: { en: r.short_description_en, ar: r.short_description_ar, fr: blank(r.short_description_fr), de: blank(r.short_description_de) },
      fullDescription: { en: r.full_description_en, ar: r.full_description_ar, fr: blank(r.full_description_fr), de: blank(r.full_description_de) },
      price: r.price,
      discount: r.discount,
      offerEnd: r.offer_end ? toIso(r.offer_end) : null,
      isNew: r.is_new === 1,
      visible: r.visible === 1,
      stock: r.stock,
      categories: (catsOf.get(r.id) ?? []).map((c) => c.slug),
      tags: (tagsOf.get(r.id) ?? []).map((t) => t.tag),
      images: (imagesOf.get(r.id) ?? []).map((i) => i.base),
      variants: (variantsOf.get(r.id) ?? []).map((v) => ({ color: v.color, size: v.size, price: v.price, stock: v.stock })),
    },
    largest: Object.fromEntries((imagesOf.get(r.id) ?? []).map((i) => [i.base, Math.max(...i.widths.split(',').map(Number))])),
  }));
}

/** The products (not deleted) holding these SKUs, keyed by lower-case SKU. */
export async function recordsBySku(db: Q, skus: readonly string[]): Promise<Map<string, StoredRecord>> {
  const out = new Map<string, StoredRecord>();
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where(sql`lower(sku)`, 'in', wanted.slice(i, i + CHUNK))
      .where('deleted_at', 'is', null)
      .execute();
    for (const s of await withRelations(db, rows)) out.set(s.record.sku.toLowerCase(), s);
  }
  return out;
}

/** These products (not deleted), keyed by id. */
export async function recordsById(db: Q, ids: readonly number[]): Promise<Map<number, StoredRecord>> {
  const out = new Map<number, StoredRecord>();
  const wanted = [...new Set(ids)];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where('id', 'in', wanted.slice(i, i + CHUNK))
      .where('deleted_at', 'is', null)
      .execute();
    for (const s of await withRelations(db, rows)) out.set(s.id, s);
  }
  return out;
}

/** Every product not deleted, in id order, a chunk at a time (the export: memory stays one chunk). */
export async function* allRecords(db: Q): AsyncGenerator<StoredRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom('products').selectAll().where('deleted_at', 'is', null).where('id', '>', after).orderBy('id').limit(CHUNK).execute();
    if (!rows.length) return;
    yield await withRelations(db, rows);
    after = rows[rows.length - 1]!.id;
  }
}

/** Every category: id by slug. */
export async function categoryIdsBySlug(db: Q): Promise<Map<string, number>> {
  const rows = await db.selectFrom('categories').select(['id', 'slug']).execute();
  return new Map(rows.map((r) => [r.slug.toLowerCase(), r.id]));
}
