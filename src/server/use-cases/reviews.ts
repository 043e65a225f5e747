import { AppError, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { toIso } from '../db/database.js';
import { getSetting, putSetting } from '../repositories/settings-repository.js';
import {
  addHelpfulVote,
  adminReviews,
  countWithPhotos,
  findPublishedReview,
  findReviewOrder,
  insertReview,
  insertReviewPhotos,
  moveReview,
  moveStars,
  orderReviews,
  photosOf,
  publishedReviewOfLine,
  publishedReviews,
  reviewCounts,
  setReviewReply,
  type ReviewRow,
  type StoredPhoto,
} from '../repositories/review-repository.js';
import { removeUpload, storeUpload } from '../services/image-upload-service.js';
import { reviewExpiry, reviewLinkValid, reviewPath } from './review-link.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';
import { imageWidths } from '../services/image-upload-service.js';
import { ratingSummary, reviewerName, reviewStatuses, writtenLanguage, MAX_REVIEW_PHOTOS } from '../../shared/domain/reviews.js';
import type {
  AdminReviewList,
  AdminReviewsQuery,
  ProductReviews,
  ProductReviewsQuery,
  PublicReview,
  ReviewFields,
  ReviewLinkQuery,
  ReviewOrder,
  ReviewPhoto,
} from '../../shared/schemas/review.js';
import { audit } from './audit.js';

// Reviews from buyers (issue 31, decision 038): the review link's page, the buyer's submission,
// the merchant's moderation, a product's published reviews and "Was this helpful?".

/** The setting that publishes new reviews at once (off: they wait for the merchant). */
const AUTO_PUBLISH = 'reviews_auto_publish';

/** The review link's order, checked: the signature, the expiry and the order's delivery. */
async function linkedOrder(ctx: UseCaseContext, number: string, link: ReviewLinkQuery) {
  if (!reviewLinkValid(ctx.shop.secret, number, link, ctx.now)) {
    // An expired link says so; a forged one is not told apart from a missing order.
    const expired = link.e * 1000 <= ctx.now.getTime();
    throw expired
      ? new AppError(410, 'review_link_expired', 'This review link has expired: reviews are open for 60 days after delivery.')
      : new AppError(404, 'review_link_invalid', 'This review link is not valid. Use the link from your e-mail or your order page.');
  }
  const order = await findReviewOrder(ctx.db, number);
  if (!order) throw new AppError(404, 'review_link_invalid', 'This review link is not valid. Use the link from your e-mail or your order page.');
  if (order.status !== 'delivered' || !order.deliveredAt || reviewExpiry(order.deliveredAt) !== link.e)
    throw new AppError(409, 'review_not_delivered', 'This order can be reviewed once it is delivered.');
  return order;
}

const photoOf = (p: StoredPhoto): ReviewPhoto => ({
  src: `${p.base}-${imageWidths.review[1]}.webp`,
  srcSet: imageWidths.review.map((w) => `${p.base}-${w}.webp ${w}w`).join(', '),
  width: p.width,
  height: p.height,
});

/** The review link of an order its buyer opened (with its token, or from their account), while it may be reviewed; else null. */
export async function orderReviewLink(ctx: UseCaseContext, order: { id: number; number: string; status: string }): Promise<string | null> {
  if (order.status !== 'delivered') return null;
  const row = await ctx.db.selectFrom('orders').select('delivered_at').where('id', '=', order.id).executeTakeFirst();
  return reviewPath(ctx.shop.secret, order.number, row?.delivered_at ?? null, ctx.now);
}

/** What the review link opens: the order's lines, each with its review (waiting or published, else the last refused) and whether one may be sent. */
export async function reviewOrder(ctx: UseCaseContext, number: string, link: ReviewLinkQuery): Promise<ReviewOrder> {
  const order = await linkedOrder(ctx, number, link);
  const reviews = await orderReviews(ctx.db, order.id);
  const lines = await Promise.all(
    order.lines.map(async (line) => {
      const own = reviews.filter((r) => r.order_line_id === line.id);
      const shown = own.find((r) => r.status === 'pending') ?? own.find((r) => r.status === 'published') ?? own.find((r) => r.status === 'rejected');
      const product = await ctx.shop.catalog.product(line.productId, ctx.language);
      return {
        lineId: line.id,
        productId: line.productId,
        name: product?.name ?? line.name,
        color: line.color,
        size: line.size,
        image: product?.images[0]?.src ?? null,
        review: shown
          ? {
              status: shown.status,
              rating: shown.rating,
              title: shown.title,
              body: shown.body,
              rejectReason: shown.status === 'rejected' ? shown.reject_reason : null,
            }
          : null,
        open: !own.some((r) => r.status === 'pending'),
      };
    }),
  );
  return { number: order.number, expiresAt: new Date(link.e * 1000).toISOString(), defaultName: reviewerName(order.customerName), lines };
}

/**
 * The buyer's review of one line, with up to three pictures (already read from the request). The
 * pictures are checked and stored first; the review is written in one transaction, waiting for the
 * merchant unless the shop publishes reviews at once. If the transaction refuses it (a review of
 * this line already waits), the stored pictures are removed.
 */
export async function submitReview(
  ctx: UseCaseContext,
  ask: { number: string; link: ReviewLinkQuery; input: ReviewFields; photos: readonly Buffer[] },
): Promise<{ id: number; status: 'pending' | 'published' }> {
  const order = await linkedOrder(ctx, ask.number, ask.link);
  const { input } = ask;
  const line = order.lines.find((l) => l.id === input.lineId);
  if (!line) throw new AppError(404, 'review_line_unknown', 'This product is not part of this order.');
  if (ask.photos.length > MAX_REVIEW_PHOTOS) throw new AppError(400, 'too_many_photos', `At most ${MAX_REVIEW_PHOTOS} photos per review.`);
  const stored: StoredPhoto[] = [];
  try {
    for (const data of ask.photos) {
      const image = await storeUpload(ctx.shop.pictures, data, 'review');
      stored.push({ base: image.base, width: image.width, height: image.height });
    }
    return await inTransaction(ctx, async (tx) => {
      const now = tx.now.toISOString();
      const autoPublish = (await getSetting<boolean>(tx.trx, AUTO_PUBLISH)) === true;
      const published = await publishedReviewOfLine(tx.trx, line.id);
      const id = await insertReview(tx.trx, {
        product_id: line.productId,
        order_id: order.id,
        order_line_id: line.id,
        user_id: order.userId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        display_name: input.displayName,
        language: writtenLanguage(`${input.title} ${input.body}`, input.language),
        status: 'pending',
        has_photos: stored.length ? 1 : 0,
        replaces_id: published?.id ?? null,
        created_at: now,
      });
      await insertReviewPhotos(tx.trx, id, stored);
      if (!autoPublish) return { id, status: 'pending' as const };
      await publishInTransaction(tx, id);
      return { id, status: 'published' as const };
    });
  } catch (err) {
    await Promise.all(stored.map((p) => removeUpload(ctx.shop.pictures, p.base, 'review')));
    if (isUniqueViolation(err)) throw new AppError(409, 'review_pending', 'Your review of this product is waiting for the shop to read it.');
    throw err;
  }
}

/** Publishes a waiting review: the line's published one, if any, becomes history, and the product's counters move with both. */
async function publishInTransaction(tx: TransactionContext, id: number): Promise<ReviewRow> {
  const now = tx.now.toISOString();
  const pending = await tx.trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
  if (!pending) throw notFound('review_not_found', 'This review does not exist.');
  if (pending.status !== 'pending') throw new AppError(409, 'review_not_pending', 'This review has already been decided.');
  const old = await publishedReviewOfLine(tx.trx, pending.order_line_id);
  if (old) {
    if (!(await moveReview(tx.trx, old.id, ['published'], 'replaced', now))) throw conflict();
    await moveStars(tx.trx, old.product_id, old.rating, -1);
  }
  if (!(await moveReview(tx.trx, id, ['pending'], 'published', now, { replaces_id: old?.id ?? null }))) throw conflict();
  await moveStars(tx.trx, pending.product_id, pending.rating, 1);
  tx.after.productsChanged([pending.product_id]);
  return pending;
}

const conflict = () => new AppError(409, 'review_not_pending', 'This review changed meanwhile. Reload the list and try again.');

/** The merchant publishes a waiting review. */
export async function publishReview(ctx: UseCaseContext, id: number): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const review = await publishInTransaction(tx, id);
      await audit(tx, {
        kind: 'review',
        action: 'published',
        subjectId: id,
        label: review.title,
        before: { status: 'pending' },
        after: { status: 'published' },
      });
    },
    { retryConflicts: true },
  );
}

/** The merchant rejects a waiting or published review with a reason the buyer sees on the review page; a published one leaves the product's counters. */
export async function rejectReview(ctx: UseCaseContext, id: number, reason: string): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const before = await moveReview(tx.trx, id, ['pending', 'published'], 'rejected', tx.now.toISOString(), { reject_reason: reason });
      if (!before) {
        const exists = await tx.trx.selectFrom('reviews').select('id').where('id', '=', id).executeTakeFirst();
        throw exists
          ? new AppError(409, 'review_not_pending', 'This review has already been decided.')
          : notFound('review_not_found', 'This review does not exist.');
      }
      if (before.status === 'published') {
        await moveStars(tx.trx, before.product_id, before.rating, -1);
        tx.after.productsChanged([before.product_id]);
      }
      await audit(tx, {
        kind: 'review',
        action: 'rejected',
        subjectId: id,
        label: before.title,
        before: { status: before.status },
        after: { status: 'rejected', reason },
      });
    },
    { retryConflicts: true },
  );
}

/** The shop's reply under a review (empty removes it); a published review's product page shows it at once. */
export async function replyToReview(ctx: UseCaseContext, id: number, text: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const review = await tx.trx.selectFrom('reviews').select(['product_id', 'status', 'title', 'reply']).where('id', '=', id).executeTakeFirst();
    if (!review || !(await setReviewReply(tx.trx, id, text || null, tx.now.toISOString())))
      throw notFound('review_not_found', 'This review does not exist or can no longer be answered.');
    await audit(tx, { kind: 'review', action: 'reply', subjectId: id, label: review.title, before: { reply: review.reply }, after: { reply: text || null } });
    if (review.status === 'published') tx.after.productsChanged([review.product_id]);
  });
}

/** Whether new reviews publish at once. */
export async function reviewSettings(ctx: UseCaseContext): Promise<{ autoPublish: boolean }> {
  return { autoPublish: (await getSetting<boolean>(ctx.db, AUTO_PUBLISH)) === true };
}

export async function saveReviewSettings(ctx: UseCaseContext, settings: { autoPublish: boolean }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = (await getSetting<boolean>(tx.trx, AUTO_PUBLISH)) === true;
    await putSetting(tx.trx, AUTO_PUBLISH, settings.autoPublish);
    await audit(tx, { kind: 'settings', action: 'reviews', subjectId: null, label: 'reviews', before: { autoPublish: before }, after: settings });
  });
}

const publicReview = (r: ReviewRow, photos: readonly StoredPhoto[]): PublicReview => ({
  id: r.id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  displayName: r.display_name,
  language: r.language,
  publishedAt: toIso(r.published_at ?? r.created_at),
  photos: photos.map(photoOf),
  reply: r.reply && r.replied_at ? { text: r.reply, at: toIso(r.replied_at) } : null,
  helpful: r.helpful,
});

/**
 * A shown product's published reviews, one page in the order asked, with the count, average and
 * bars from its counters as the catalogue holds them (the same the product's stars show; a
 * publication moves them through the one change entry point), so a page of reviews costs one query.
 */
export async function productReviews(ctx: UseCaseContext, productId: number, q: ProductReviewsQuery): Promise<ProductReviews> {
  const stars = await ctx.shop.catalog.reviewStars(productId);
  if (!stars) throw notFound('product_not_found', 'This product does not exist or is no longer sold.');
  const summary = ratingSummary(stars);
  const [rows, total] = await Promise.all([
    summary.count ? publishedReviews(ctx.db, productId, q.sort, q.page, q.pageSize) : Promise.resolve([]),
    q.sort === 'photos' ? countWithPhotos(ctx.db, productId) : Promise.resolve(summary.count),
  ]);
  const photos = await photosOf(
    ctx.db,
    rows.filter((r) => r.has_photos).map((r) => r.id),
  );
  return { summary, items: rows.map((r) => publicReview(r, photos.get(r.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
}

/** One device's "helpful" on a published review, counted once; answers the review's count. */
export async function voteHelpful(ctx: UseCaseContext, reviewId: number, device: string): Promise<{ helpful: number; counted: boolean }> {
  return inTransaction(ctx, async (tx) => {
    const review = await findPublishedReview(tx.trx, reviewId);
    if (!review) throw notFound('review_not_found', 'This review does not exist.');
    const helpful = await addHelpfulVote(tx.trx, reviewId, device, tx.now.toISOString());
    return helpful === null ? { helpful: review.helpful, counted: false } : { helpful, counted: true };
  });
}

/** Reviews per status for the tabs are counted up to this many. */
const COUNT_CAP = 1000;

/** The merchant's moderation list: one status, filtered, newest first, with the order number and the product's name. */
export async function listReviewsForModeration(ctx: UseCaseContext, q: AdminReviewsQuery): Promise<AdminReviewList> {
  const [rows, counts] = await Promise.all([adminReviews(ctx.db, q, ctx.language), reviewCounts(ctx.db, q, reviewStatuses, COUNT_CAP)]);
  const photos = await photosOf(
    ctx.db,
    rows.filter((r) => r.has_photos).map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...publicReview(r, photos.get(r.id) ?? []),
      publishedAt: r.published_at ? toIso(r.published_at) : null,
      status: r.status,
      createdAt: toIso(r.created_at),
      rejectReason: r.reject_reason,
      product: { id: r.product_id, name: r.product_name },
      orderNumber: r.order_number ?? '',
      replacesId: r.replaces_id,
    })),
    total: counts[q.status],
    page: q.page,
    pageSize: q.pageSize,
    counts,
  };
}
