import { z } from 'zod';
import { cleanReviewText, REVIEW_BODY } from '../domain/reviews.js';

/**
 * The texts of reviews on the wire (issue 31, decision 038): cleaned as typed and limited to `max`
 * characters, with stable error codes the client translates. Apart from review.ts so the admin's
 * moderation forms check with these schemas without bringing the rest (its tuples) into the
 * browser's shared zod chunk, which storefront pages load too.
 */
export const reviewText = (max: number) =>
  z
    .string({ error: 'required' })
    .max(max * 2, 'too_long')
    .transform(cleanReviewText)
    .pipe(z.string().max(max, 'too_long'));

/** The reason of a rejection, which the buyer reads on their review page. */
export const reviewRejectSchema = z.object({ reason: reviewText(300).pipe(z.string().min(3, 'too_short')) });
/** The shop's reply under a review; empty removes it. */
export const reviewReplySchema = z.object({ text: reviewText(REVIEW_BODY.max) });
