import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database, ReviewTable } from '../db/schema.js';
import type { Language } from '../../shared/domain/languages.js';
import type { ReviewSort, ReviewStatus } from '../../shared/domain/reviews.js';
import type { AdminReviewsQuery } from '../../shared/schemas/review.js';

// Reviews (migration 021, decision 038): what buyers wrote, their pictures and votes, and the
// products' counters of published reviews per number of stars.

type Q = Kysely<Database> | Transaction<Database>;

export type ReviewRow = Selectable<ReviewTable>;

/** A delivered order as the review link opens it. */
export interface ReviewOrderRow {
  id: number;
  number: string;
  status: string;
  deliveredAt: string | null;
  customerName: string;
  userId: number | null;
  lines: Array<{ id: number; productId: number; name: string; color: string | null; size: string | null }>;
}

export async function findReviewOrder(db: Q, number: string): Promise<ReviewOrderRow | undefined> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'delivered_at', 'customer_name', 'user_id'])
    .where('number', '=', number)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_lines')
    .select(['id', 'product_id', 'name', 'color', 'size'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return {
    id: order.id,
    number: order.number ?? '',
    status: order.status,
    deliveredAt: order.delivered_at === null ? null : toIso(order.delivered_at),
    customerName: order.customer_name,
    userId: order.user_id,
    lines: lines.map((l) => ({ id: l.id, productId: l.product_id, name: l.name, color: l.color, size: l.size })),
  };
}

/** Every review written for an order's lines, newest first. */
export async function orderReviews(db: Q, orderId: number): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/** The published review of an order line, if any. */
export async function publishedReviewOfLine(db: Q, lineId: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('order_line_id', '=', lineId).where('status', '=', 'published').executeTakeFirst();
}

export type NewReview = Omit<ReviewRow, 'id' | 'helpful' | 'reply' | 'replied_at' | 'reject_reason' | 'moderated_at' | 'created_at' | 'published_at'> & {
  created_at: string;
};

export async function insertReview(trx: Transaction<Database>, review: NewReview): Promise<number> {
  const row = await trx.insertInto('reviews').values(review).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface StoredPhoto {
  base: string;
  width: number;
  height: number;
}

export async function insertReviewPhotos(trx: Transaction<Database>, reviewId: number, photos: readonly StoredPhoto[]): Promise<void> {
  if (!photos.length) return;
  await trx
    .insertInto('review_photos')
    .values(photos.map((p, position) => ({ review_id: reviewId, position, base: p.base, width: p.width, height: p.height })))
    .execute();
}

/** Pictures of these reviews, in their order. */
export async function photosOf(db: Q, reviewIds: readonly number[]): Promise<Map<number, StoredPhoto[]>> {
  const out = new Map<number, StoredPhoto[]>();
  if (!reviewIds.length) return out;
  const rows = await db
    .selectFrom('review_photos')
    .select(['review_id', 'base', 'width', 'height'])
    .where('review_id', 'in', [...reviewIds])
    .orderBy('review_id')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.review_id) ?? [];
    list.push({ base: r.base, width: r.width, height: r.height });
    out.set(r.review_id, list);
  }
  return out;
}

/**
 * Moves a review from one status to another if it is still in `from`: the update that succeeds
 * decides, so two moderators (or two processes) never count one review twice. Answers the review
 * as it was, or undefined when it was not in `from`.
 */
export async function moveReview(
  trx: Transaction<Database>,
  id: number,
  from: readonly ReviewStatus[],
  to: ReviewStatus,
  now: string,
  extra: { reject_reason?: string | null; replaces_id?: number | null } = {},
): Promise<ReviewRow | undefined> {
  const before = await trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before || !from.includes(before.status)) return undefined;
  const moved = await trx
    .updateTable('reviews')
    .set({
      status: to,
      moderated_at: now,
      ...(to === 'published' ? { published_at: now } : {}),
      ...extra,
    })
    .where('id', '=', id)
    .where('status', '=', before.status)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1 ? before : undefined;
}

/** Adds (delta 1) or takes away (delta -1) one published review of `rating` stars from the product's counters. */
export async function moveStars(trx: Transaction<Database>, productId: number, rating: number, delta: 1 | -1): Promise<void> {
  const column = starColumns[rating - 1];
  if (!column) throw new Error(`No such rating: ${rating}`);
  await trx
    .updateTable('products')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', productId)
    .execute();
}

export const starColumns = ['reviews_1', 'reviews_2', 'reviews_3', 'reviews_4', 'reviews_5'] as const;

/** Sets (or, with null, removes) the shop's reply under a review; false when there is no such review. */
export async function setReviewReply(trx: Transaction<Database>, id: number, reply: string | null, now: string): Promise<boolean> {
  const done = await trx
    .updateTable('reviews')
    .set({ reply, replied_at: reply === null ? null : now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'published'])
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** One page of a product's published reviews in the order asked, each on an index (migration 021). */
export async function publishedReviews(db: Q, productId: number, sort: ReviewSort, page: number, pageSize: number): Promise<ReviewRow[]> {
  let query = db.selectFrom('reviews').selectAll().where('product_id', '=', productId).where('status', '=', 'published');
  if (sort === 'photos') query = query.where('has_photos', '=', 1);
  if (sort === 'highest') query = query.orderBy('rating', 'desc');
  if (sort === 'lowest') query = query.orderBy('rating', 'asc');
  return query
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

/** How many of a product's published reviews have pictures (an index-only count). */
export async function countWithPhotos(db: Q, productId: number): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('product_id', '=', productId)
    .where('status', '=', 'published')
    .where('has_photos', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The merchant's list: one status, with filters, newest first, with each review's product name and order number. */
export async function adminReviews(db: Q, q: AdminReviewsQuery, language: Language) {
  const name = language === 'ar' ? 'p.name_ar' : 'p.name_en';
  const rows = await filtered(db, q, q.status)
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select([`${name} as product_name`, 'o.number as order_number'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return rows;
}

function filtered(db: Q, q: Omit<AdminReviewsQuery, 'status' | 'page' | 'pageSize'>, status: ReviewStatus) {
  let query = db.selectFrom('reviews as r').where('r.status', '=', status);
  if (q.productId !== undefined) query = query.where('r.product_id', '=', q.productId);
  if (q.stars !== undefined) query = query.where('r.rating', '=', q.stars);
  if (q.photos) query = query.where('r.has_photos', '=', 1);
  return query;
}

/**
 * Reviews per status under the same filters, each counted up to `cap` (a shop with a million
 * published reviews does not count them all for a tab's number; the tab then says "1,000+").
 */
export async function reviewCounts(db: Q, q: AdminReviewsQuery, statuses: readonly ReviewStatus[], cap: number): Promise<Record<ReviewStatus, number>> {
  const out = {} as Record<ReviewStatus, number>;
  for (const status of statuses) {
    const inner = filtered(db, q, status)
      .select(sql<number>`1`.as('one'))
      .limit(cap + 1);
    const row = await db
      .selectFrom(inner.as('capped'))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    out[status] = Number(row.n);
  }
  return out;
}

/** Counts one device's "helpful" on a review once; answers the review's count, or null when this device had voted. */
export async function addHelpfulVote(trx: Transaction<Database>, reviewId: number, device: string, now: string): Promise<number | null> {
  const inserted = await trx
    .insertInto('review_votes')
    .values({ review_id: reviewId, device, created_at: now })
    .onConflict((oc) => oc.columns(['review_id', 'device']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const row = await trx
    .updateTable('reviews')
    .set((eb) => ({ helpful: eb('helpful', '+', 1) }))
    .where('id', '=', reviewId)
    .returning('helpful')
    .executeTakeFirstOrThrow();
  return row.helpful;
}

/** A published review's helpful count. */
export async function findPublishedReview(db: Q, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
}
