import { sql, type Kysely, type Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { PromotionKind } from '../../shared/domain/promotion-codes.js';

// What orders did with promotions (migration 020): uses taken and given back, who used an offer,
// what each order got, and the usage reports. The offers themselves are promotion-repository.ts.

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Takes one use of an offer if one is left: a single conditional update, so however many
 * checkouts race for the last use, one gets it. On PostgreSQL the row stays locked until the
 * order's transaction ends, so redemptions of one offer are decided one after another. Answers the
 * uses after this one (null: none was left).
 */
export async function takePromotionUse(db: Q, id: number): Promise<{ uses: number; maxUses: number | null } | null> {
  const row = await db
    .updateTable('promotions')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning(['uses', 'max_uses'])
    .executeTakeFirst();
  return row ? { uses: row.uses, maxUses: row.max_uses } : null;
}

/** Uses of an offer by this customer still standing (not given back): by the account, or by the phone number. */
export async function customerUses(db: Q, promotionId: number, customer: { userId: number | null; phone: string }): Promise<number> {
  const row = await db
    .selectFrom('order_promotions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('released_at', 'is', null)
    .where((eb) =>
      customer.userId === null ? eb('phone', '=', customer.phone) : eb.or([eb('phone', '=', customer.phone), eb('user_id', '=', customer.userId)]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether this customer (account or phone) has an order that was not cancelled. */
export async function hasEarlierOrder(db: Q, customer: { userId: number | null; phone: string }): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '!=', 'cancelled')
    .where((eb) =>
      customer.userId === null ? eb('phone', '=', customer.phone) : eb.or([eb('phone', '=', customer.phone), eb('user_id', '=', customer.userId)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface OrderPromotion {
  promotionId: number;
  code: string | null;
  name: string;
  kind: PromotionKind;
  amount: number;
}

export async function insertOrderPromotions(
  db: Q,
  orderId: number,
  applied: readonly OrderPromotion[],
  customer: { userId: number | null; phone: string },
  now: string,
): Promise<void> {
  if (!applied.length) return;
  await db
    .insertInto('order_promotions')
    .values(
      applied.map((p) => ({
        order_id: orderId,
        promotion_id: p.promotionId,
        code: p.code,
        name: p.name,
        kind: p.kind,
        amount: p.amount,
        user_id: customer.userId,
        phone: customer.phone,
        created_at: now,
      })),
    )
    .execute();
}

/** What an order got from offers, in the order they applied. */
export async function findOrderPromotions(db: Q, orderId: number): Promise<OrderPromotion[]> {
  const rows = await db
    .selectFrom('order_promotions')
    .select(['promotion_id', 'code', 'name', 'kind', 'amount'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ promotionId: r.promotion_id, code: r.code, name: r.name, kind: r.kind, amount: r.amount }));
}

/**
 * Gives an order's uses back, once: the update that marks its rows released decides, so a
 * cancellation and an expiry racing each other (or a repeated call) give each use back one time.
 * Returns the offers whose use came back.
 */
export async function releaseOrderPromotions(db: Q, orderId: number, now: string): Promise<Array<{ id: number; automatic: boolean; limited: boolean }>> {
  const released = await db
    .updateTable('order_promotions')
    .set({ released_at: now })
    .where('order_id', '=', orderId)
    .where('released_at', 'is', null)
    .returning('promotion_id')
    .execute();
  const ids = released.map((r) => r.promotion_id);
  if (!ids.length) return [];
  const rows = await db
    .updateTable('promotions')
    .set({ uses: sql<number>`case when uses > 0 then uses - 1 else 0 end` })
    .where('id', 'in', ids)
    .returning(['id', 'code', 'max_uses'])
    .execute();
  return rows.map((r) => ({ id: r.id, automatic: r.code === null, limited: r.max_uses !== null }));
}

/** Per offer: orders that kept it, what it gave (piastres) and those orders' revenue (their totals). */
export interface PromotionUsage {
  orders: number;
  discount: number;
  revenue: number;
}

export async function promotionUsage(db: Q, ids: readonly number[]): Promise<Map<number, PromotionUsage>> {
  const usage = new Map<number, PromotionUsage>();
  if (!ids.length) return usage;
  const rows = await db
    .selectFrom('order_promotions as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id')
    .select((eb) => [
      'op.promotion_id',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('op.amount').as('discount'),
      eb.fn.sum<number>('o.total').as('revenue'),
    ])
    .where('op.promotion_id', 'in', ids)
    .where('op.released_at', 'is', null)
    .groupBy('op.promotion_id')
    .execute();
  for (const r of rows) usage.set(r.promotion_id, { orders: Number(r.orders), discount: Number(r.discount ?? 0), revenue: Number(r.revenue ?? 0) });
  return usage;
}

/** The orders that used an offer, newest first, for its CSV report (paged by id, so a long report streams). */
export async function promotionOrders(
  db: Q,
  promotionId: number,
  after: number | null,
  limit: number,
): Promise<Array<{ id: number; number: string; createdAt: string; status: string; amount: number; total: number; released: boolean }>> {
  let query = db
    .selectFrom('order_promotions as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id')
    .select(['op.id', 'o.number', 'o.created_at', 'o.status', 'op.amount', 'o.total', 'op.released_at'])
    .where('op.promotion_id', '=', promotionId)
    .orderBy('op.id', 'desc')
    .limit(limit);
  if (after !== null) query = query.where('op.id', '<', after);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number ?? '',
    createdAt: toIso(r.created_at),
    status: r.status,
    amount: r.amount,
    total: r.total,
    released: r.released_at !== null,
  }));
}

/** Each product's category slugs, in one read (checkout's lines, when an offer may cover them). */
export async function categorySlugsOf(db: Q, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const slugs = new Map<number, string[]>();
  if (!productIds.length) return slugs;
  const rows = await db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['pc.product_id', 'c.slug'])
    .where('pc.product_id', 'in', [...new Set(productIds)])
    .execute();
  for (const r of rows) slugs.set(r.product_id, [...(slugs.get(r.product_id) ?? []), r.slug]);
  return slugs;
}
