import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Language } from '../../shared/domain/languages.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Back-in-stock alerts (migration 026, decision 046). Callers pass the SHA-256 of a confirmation
 * link's token, never the token. An alert's item is its option (`variant_id`), or the product as
 * a whole: in stock when it, or any of its options, is.
 */

/** The stock of an alert's item now, as SQL over `stock_alerts as a` joined to `products as p`. */
const itemStock = sql<number>`case when a.variant_id is not null
  then (select v.stock from product_variants v where v.id = a.variant_id)
  else coalesce((select sum(v.stock) from product_variants v where v.product_id = a.product_id), p.stock) end`;

/** A product as an alert sees it: shown in the shop or not, its stock and its options' stock, its names. */
export interface AlertProduct {
  id: number;
  /** False for a hidden or deleted product: nobody waits for those. */
  onSale: boolean;
  productStock: number;
  variants: Array<{ id: number; stock: number; color: string | null; size: string | null }>;
  names: Record<Language, string>;
}

/** The product of an alert (for the shopper's request and the e-mails), or undefined. */
export async function findAlertProduct(db: Q, productId: number): Promise<AlertProduct | undefined> {
  const product = await db
    .selectFrom('products')
    .select(['id', 'visible', 'deleted_at', 'stock', 'name_en', 'name_ar', 'name_fr', 'name_de'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) return undefined;
  const variants = await db.selectFrom('product_variants').select(['id', 'stock', 'color', 'size']).where('product_id', '=', productId).orderBy('id').execute();
  return {
    id: product.id,
    onSale: product.visible === 1 && product.deleted_at === null,
    productStock: Number(product.stock),
    variants: variants.map((v) => ({ ...v, stock: Number(v.stock) })),
    names: { en: product.name_en, ar: product.name_ar || product.name_en, fr: product.name_fr || product.name_en, de: product.name_de || product.name_en },
  };
}

/** An address's unconfirmed alerts asked since `since` (the cap on confirmations one address is sent). */
export async function countPendingAlerts(db: Q, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('stock_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Arms an alert for (product, option, address) with a new confirmation token: a new row, or the
 * address's earlier alert for the item made pending again (unconfirmed, spent or unsubscribed).
 * Answers 'waiting' when the address already waits (confirmed): nothing changes and no e-mail goes.
 */
export async function armAlert(
  db: Q,
  alert: { productId: number; variantId: number | null; email: string; language: Language; tokenHash: string; now: Date },
): Promise<'pending' | 'waiting'> {
  const key = alert.variantId ?? 0;
  const rearmed = await db
    .updateTable('stock_alerts')
    .set({
      status: 'pending',
      token_hash: alert.tokenHash,
      language: alert.language,
      created_at: alert.now.toISOString(),
      confirmed_at: null,
      notified_at: null,
    })
    .where('product_id', '=', alert.productId)
    .where('variant_key', '=', key)
    .where('email', '=', alert.email)
    .where('status', '!=', 'confirmed')
    .executeTakeFirst();
  if (Number(rearmed.numUpdatedRows) === 1) return 'pending';
  const inserted = await db
    .insertInto('stock_alerts')
    .values({
      product_id: alert.productId,
      variant_id: alert.variantId,
      variant_key: key,
      email: alert.email,
      language: alert.language,
      status: 'pending',
      token_hash: alert.tokenHash,
      created_at: alert.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['product_id', 'variant_key', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // No row inserted: the address waits already (or a second request at the same moment armed it).
  return inserted ? 'pending' : 'waiting';
}

/** The alert a confirmation link names: its product and whether it is now confirmed (first click or an earlier one). */
export async function confirmAlert(db: Q, tokenHash: string, since: Date, now: Date): Promise<{ productId: number; variantId: number | null } | undefined> {
  const row = await db
    .updateTable('stock_alerts')
    .set({ status: 'confirmed', confirmed_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('created_at', '>', since.toISOString())
    .returning(['product_id', 'variant_id'])
    .executeTakeFirst();
  if (row) return { productId: row.product_id, variantId: row.variant_id };
  // A second click on the same link: confirmed already, or already told.
  const earlier = await db
    .selectFrom('stock_alerts')
    .select(['product_id', 'variant_id'])
    .where('token_hash', '=', tokenHash)
    .where('status', 'in', ['confirmed', 'notified'])
    .executeTakeFirst();
  return earlier && { productId: earlier.product_id, variantId: earlier.variant_id };
}

/** Stops an alert (unconfirmed or waiting); answers its product, also when it was stopped or spent before, or undefined for no such alert. */
export async function unsubscribeAlert(db: Q, id: number): Promise<number | undefined> {
  await db.updateTable('stock_alerts').set({ status: 'unsubscribed' }).where('id', '=', id).where('status', 'in', ['pending', 'confirmed']).execute();
  const row = await db.selectFrom('stock_alerts').select('product_id').where('id', '=', id).executeTakeFirst();
  return row?.product_id;
}

/**
 * Of these products (or all, after a change that named none), those with confirmed alerts whose
 * item is in stock now: each needs its alerts sent. Walks `(status, product_id)`.
 */
export async function productsBackInStock(db: Q, productIds: readonly number[] | 'all'): Promise<number[]> {
  if (productIds !== 'all' && productIds.length === 0) return [];
  let query = db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select('a.product_id')
    .distinct()
    .where('a.status', '=', 'confirmed')
    .where('p.visible', '=', 1)
    .where('p.deleted_at', 'is', null)
    .where(sql<boolean>`${itemStock} > 0`);
  if (productIds !== 'all') query = query.where('a.product_id', 'in', [...productIds]);
  const rows = await query.orderBy('a.product_id').execute();
  return rows.map((r) => r.product_id);
}

/** A confirmed alert taken for its e-mail. */
export interface ClaimedAlert {
  id: number;
  email: string;
  language: string;
  variantId: number | null;
}

/**
 * Takes up to `limit` confirmed alerts of a product whose item is in stock, marking them notified
 * in the caller's transaction: one conditional UPDATE … RETURNING, re-checked per row
 * (`status = 'confirmed'`), so two processes running it at once never take the same alert.
 */
export async function claimAlertsBackInStock(db: Q, productId: number, limit: number, now: Date): Promise<ClaimedAlert[]> {
  const due = db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select('a.id')
    .where('a.product_id', '=', productId)
    .where('a.status', '=', 'confirmed')
    .where('p.visible', '=', 1)
    .where('p.deleted_at', 'is', null)
    .where(sql<boolean>`${itemStock} > 0`)
    .orderBy('a.id')
    .limit(limit);
  const rows = await db
    .updateTable('stock_alerts')
    .set({ status: 'notified', notified_at: now.toISOString() })
    .where('id', 'in', due)
    .where('status', '=', 'confirmed')
    .returning(['id', 'email', 'language', 'variant_id'])
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, language: r.language, variantId: r.variant_id })).sort((a, b) => a.id - b.id);
}

/** People waiting (confirmed alerts) per product, for these products: one grouped count over `(status, product_id)`. */
export async function countWaiting(db: Q, productIds: readonly number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom('stock_alerts')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'confirmed')
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}
