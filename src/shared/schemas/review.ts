import { z } from 'zod';
import { languages } from '../domain/languages.js';
import { MAX_REVIEW_PHOTOS, REVIEW_BODY, REVIEW_NAME_MAX, REVIEW_TITLE_MAX, reviewSorts, reviewStatuses } from '../domain/reviews.js';
import { idSchema } from './params.js';
import { reviewText as text } from './review-moderation.js';

export { reviewRejectSchema, reviewReplySchema } from './review-moderation.js';

/**
 * Reviews on the wire (issue 31, decision 038): the buyer's form, a product's published reviews,
 * the review link's order, and the merchant's moderation. Field errors are stable codes the client
 * translates.
 */

/** What the buyer sends for one line (the photos travel beside it in the same multipart request). */
export const reviewInputSchema = z.object({
  lineId: z.coerce.number({ error: 'required' }).int('invalid').positive('invalid'),
  rating: z.coerce.number({ error: 'rating_required' }).int('rating_required').min(1, 'rating_required').max(5, 'rating_required'),
  title: text(REVIEW_TITLE_MAX).default(''),
  body: text(REVIEW_BODY.max).pipe(z.string().min(REVIEW_BODY.min, 'review_too_short')),
  displayName: text(REVIEW_NAME_MAX).pipe(z.string().min(1, 'required')),
  /** The page's language; the language written in is decided from the text (`writtenLanguage`). */
  language: z.enum(languages).default('en'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewFields = z.output<typeof reviewInputSchema>;

export const reviewPhotoSchema = z.object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** A published review as shoppers see it: never an e-mail, a phone or an order number. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  displayName: z.string(),
  /** The language it was written in, shown with its direction. */
  language: z.enum(languages),
  publishedAt: z.string(),
  photos: z.array(reviewPhotoSchema).max(MAX_REVIEW_PHOTOS),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  helpful: z.number().int().min(0),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const ratingSummarySchema = z.object({
  average: z.number().min(0).max(5),
  count: z.number().int().min(0),
  stars: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});

/** `GET /api/products/:id/reviews`. */
export const productReviewsQuerySchema = z
  .object({
    sort: z.enum(reviewSorts).default('newest'),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(20).default(5),
  })
  .strict();
export type ProductReviewsQuery = z.infer<typeof productReviewsQuerySchema>;

export const productReviewsSchema = z.object({
  summary: ratingSummarySchema,
  items: z.array(publicReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** The signed review link's parameters (`/review/:number?e=&token=`). */
export const reviewLinkQuerySchema = z
  .object({
    e: z.coerce.number().int().positive(),
    token: z.string().min(10).max(100),
    lng: z.string().max(10).optional(),
  })
  .strict();
export type ReviewLinkQuery = z.infer<typeof reviewLinkQuerySchema>;

/** A line's review as its buyer sees it on the review page. */
export const ownReviewSchema = z.object({
  status: z.enum(reviewStatuses),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  rejectReason: z.string().nullable(),
});

/** What the review link opens: the delivered order's lines, each with its buyer's review, if any. */
export const reviewOrderSchema = z.object({
  number: z.string(),
  /** When the link stops working. */
  expiresAt: z.string(),
  /** The name a review shows unless the buyer changes it ("Mona A."). */
  defaultName: z.string(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productId: z.number().int(),
      name: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      image: z.string().nullable(),
      /** The line's review waiting or published, else its last refused one. */
      review: ownReviewSchema.nullable(),
      /** Whether a review may be sent for it now (none waiting). */
      open: z.boolean(),
    }),
  ),
});
export type ReviewOrder = z.infer<typeof reviewOrderSchema>;

/** A review in the merchant's moderation list. */
export const adminReviewSchema = publicReviewSchema.extend({
  status: z.enum(reviewStatuses),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  orderNumber: z.string(),
  /** The published review this one replaces once published. */
  replacesId: z.number().int().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');

export const adminReviewsQuerySchema = z
  .object({
    status: z.enum(reviewStatuses).default('pending'),
    productId: idSchema.optional(),
    stars: z.coerce.number().int().min(1).max(5).optional(),
    photos: flag.optional(),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

export const adminReviewListSchema = z.object({
  items: z.array(adminReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Reviews per status, for the tabs. */
  counts: z.record(z.enum(reviewStatuses), z.number().int()),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
