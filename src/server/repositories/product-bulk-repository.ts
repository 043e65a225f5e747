import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/database.js';
import type { BulkProduct } from '../../shared/domain/bulk-edit.js';

// What a bulk edit of products reads and writes (decision 041). Every statement binds at most one
// batch of ids (the use case's batches are 500), as decision 019 keeps id lists short.

type Q = Kysely<Database> | Transaction<Database>;

/** A product as a bulk edit found it: its name for the log, its fields, and its variants' ids (in the order of `product.variants`). */
export interface StoredBulkProduct {
  id: number;
  name: string;
  product: BulkProduct;
  variantIds: number[];
}

/** What a bulk edit writes for one product: as found, and after the change. */
export interface BulkWrite {
  stored: StoredBulkProduct;
  after: BulkProduct;
}

/** Of these ids, the products that exist and are not deleted, ascending. */
export async function liveProductIds(db: Q, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The fields a bulk edit changes of these products (one batch), keyed by id. On PostgreSQL the
 * product rows are locked until the edit commits, in id order, so a price is computed from the
 * price no one else is changing meanwhile.
 */
export async function readBulkProducts(
  trx: Transaction<Database>,
  ids: readonly number[],
  dialect: 'sqlite' | 'postgres',
): Promise<Map<number, StoredBulkProduct>> {
  const out = new Map<number, StoredBulkProduct>();
  if (ids.length === 0) return out;
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'name_en', 'price', 'discount', 'offer_end', 'stock', 'visible'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  const [variants, categories, tags] = await Promise.all([
    trx.selectFrom('product_variants').select(['id', 'product_id', 'color', 'size', 'price', 'stock']).where('product_id', 'in', ids).orderBy('id').execute(),
    trx.selectFrom('product_categories').select(['product_id', 'category_id']).where('product_id', 'in', ids).orderBy('category_id').execute(),
    trx.selectFrom('product_tags').select(['product_id', 'tag']).where('product_id', 'in', ids).orderBy('tag').execute(),
  ]);
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      name: r.name_en,
      variantIds: [],
      product: {
        price: r.price,
        discount: r.discount,
        offerEnd: r.offer_end ? toIso(r.offer_end) : null,
        stock: r.stock,
        visible: r.visible === 1,
        categoryIds: [],
        tags: [],
        variants: [],
      },
    });
  }
  for (const v of variants) {
    const p = out.get(v.product_id);
    p?.variantIds.push(v.id);
    p?.product.variants.push({ color: v.color, size: v.size, price: v.price, stock: v.stock });
  }
  for (const c of categories) out.get(c.product_id)?.product.categoryIds.push(c.category_id);
  for (const t of tags) out.get(t.product_id)?.product.tags.push(t.tag);
  return out;
}

/**
 * Sets an integer column row by row: one statement for the batch, a `case` when the values differ
 * (a price raised by 10 % is a different price per product).
 */
async function setIntegers(
  trx: Transaction<Database>,
  table: 'products' | 'product_variants',
  column: 'price' | 'stock',
  values: Array<[number, number]>,
): Promise<void> {
  if (values.length === 0) return;
  const ids = values.map(([id]) => id);
  const same = values.every(([, v]) => v === values[0]![1]);
  const value = same
    ? sql`cast(${values[0]![1]} as integer)`
    : sql`case id ${sql.join(
        values.map(([id, v]) => sql`when ${id} then cast(${v} as integer)`),
        sql` `,
      )} end`;
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id in (${sql.join(ids)})`.execute(trx);
}

/** The writes whose value `pick` differs before and after. */
const differing = <T>(writes: readonly BulkWrite[], pick: (p: BulkProduct) => T) => writes.filter((w) => pick(w.stored.product) !== pick(w.after));

/** Writes one batch of a bulk edit: the products' fields, their variants' prices and stock, categories and tags. */
export async function writeBulkProducts(trx: Transaction<Database>, writes: readonly BulkWrite[], now: string): Promise<void> {
  if (writes.length === 0) return;
  const ids = writes.map((w) => w.stored.id);
  await setIntegers(
    trx,
    'products',
    'price',
    differing(writes, (p) => p.price).map((w) => [w.stored.id, w.after.price]),
  );
  await setIntegers(
    trx,
    'products',
    'stock',
    differing(writes, (p) => p.stock).map((w) => [w.stored.id, w.after.stock]),
  );
  // Discount, offer end and visibility are one value for the whole edit.
  const discounted = differing(writes, (p) => p.discount);
  if (discounted.length)
    await trx
      .updateTable('products')
      .set({ discount: discounted[0]!.after.discount })
      .where(
        'id',
        'in',
        discounted.map((w) => w.stored.id),
      )
      .execute();
  const ended = differing(writes, (p) => p.offerEnd).filter((w) => w.after.offerEnd === null);
  if (ended.length)
    await trx
      .updateTable('products')
      .set({ offer_end: null })
      .where(
        'id',
        'in',
        ended.map((w) => w.stored.id),
      )
      .execute();
  const shown = differing(writes, (p) => p.visible);
  if (shown.length)
    await trx
      .updateTable('products')
      .set({ visible: shown[0]!.after.visible ? 1 : 0 })
      .where(
        'id',
        'in',
        shown.map((w) => w.stored.id),
      )
      .execute();
  await trx.updateTable('products').set({ updated_at: now }).where('id', 'in', ids).execute();

  const variantPrices: Array<[number, number]> = [];
  const variantStock: Array<[number, number]> = [];
  for (const w of writes) {
    w.after.variants.forEach((v, i) => {
      const before = w.stored.product.variants[i]!;
      const id = w.stored.variantIds[i]!;
      if (v.price !== before.price && v.price !== null) variantPrices.push([id, v.price]);
      if (v.stock !== before.stock) variantStock.push([id, v.stock]);
    });
  }
  await setIntegers(trx, 'product_variants', 'price', variantPrices);
  await setIntegers(trx, 'product_variants', 'stock', variantStock);

  await writeLinks(
    trx,
    'product_categories',
    'category_id',
    writes.map((w) => [w.stored.id, w.stored.product.categoryIds, w.after.categoryIds]),
  );
  await writeLinks(
    trx,
    'product_tags',
    'tag',
    writes.map((w) => [w.stored.id, w.stored.product.tags, w.after.tags]),
  );
}

/** Adds and removes the links (categories or tags) that differ between before and after, grouped by value. */
async function writeLinks<K extends 'category_id' | 'tag'>(
  trx: Transaction<Database>,
  table: K extends 'category_id' ? 'product_categories' : 'product_tags',
  column: K,
  products: Array<[number, ReadonlyArray<number | string>, ReadonlyArray<number | string>]>,
): Promise<void> {
  const added: Array<{ product_id: number; value: number | string }> = [];
  const removed = new Map<number | string, number[]>();
  for (const [id, before, after] of products) {
    for (const value of after) if (!before.includes(value)) added.push({ product_id: id, value });
    for (const value of before) {
      if (after.includes(value)) continue;
      const list = removed.get(value);
      if (list) list.push(id);
      else removed.set(value, [id]);
    }
  }
  for (const [value, ids] of removed) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${value} and product_id in (${sql.join(ids)})`.execute(trx);
  }
  // At most a batch of products × 20 links: rows of two values, in slices the drivers bind comfortably.
  for (let i = 0; i < added.length; i += 500) {
    const rows = added.slice(i, i + 500);
    await sql`insert into ${sql.table(table)} (product_id, ${sql.ref(column)}) values ${sql.join(rows.map((r) => sql`(${r.product_id}, ${r.value})`))}`.execute(
      trx,
    );
  }
}
