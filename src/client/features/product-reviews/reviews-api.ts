import { api } from '../../app/api';
import type { ReviewSort } from '../../../shared/domain/reviews';
import type { ProductReviews } from '../../../shared/schemas/review';

/** One page of a product's published reviews (`GET /products/:id/reviews`); reviews are shown in the language they were written in, so no `lng`. */
export interface ReviewsArgs {
  id: number;
  sort: ReviewSort;
  page: number;
  pageSize: number;
}

/** Reviews a page of the tab shows, and the server's prefetch asks for the first of. */
export const REVIEWS_PAGE_SIZE = 5;

/** The tab's first page (newest first): the server renders it for the structured data, the tab hydrates from it. */
export const firstReviewsArgs = (id: number): ReviewsArgs => ({ id, sort: 'newest', page: 1, pageSize: REVIEWS_PAGE_SIZE });

/**
 * A product's published reviews (issue 31, decision 038), injected with the product page: its
 * structured data reads the first page, and the Reviews tab (loaded later) uses the same endpoint
 * through `api`. "Was this helpful?" is helpful-api.ts's, loaded with the tab.
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ProductReviews, ReviewsArgs>({
      query: ({ id, ...params }) => ({ url: `/products/${id}/reviews`, params }),
    }),
  }),
});
