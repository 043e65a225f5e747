import { api } from '../../app/api';
import { uploadForm } from '../../app/transfers';
import type { ReviewOrder } from '../../../shared/schemas/review';

/** The signed review link's parts (`/review/:number?e=&token=`, decision 038). */
export interface ReviewLink {
  number: string;
  /** When the link stops working, in seconds since the epoch (as the link carries it). */
  e: string;
  token: string;
}

const linkQuery = (link: ReviewLink) => ({ e: link.e, token: link.token });

/** The buyer's review page (issue 31): the delivered order behind a review link. */
export const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['ReviewOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /reviews/:number?e&token&lng`: the order's lines, each with its review and whether one may be sent; names in the page's language. */
    getReviewOrder: build.query<ReviewOrder, ReviewLink & { lng: string }>({
      query: ({ lng, ...link }) => ({ url: `/reviews/${encodeURIComponent(link.number)}`, params: { ...linkQuery(link), lng } }),
      providesTags: ['ReviewOrder'],
      // The buyer's own, changing as they write: never served from an old copy.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetReviewOrderQuery } = reviewsApi;

/** What `POST /api/reviews/:number` answers: the review's id, and whether it waits for the shop or is published at once. */
export interface SentReview {
  id: number;
  status: 'pending' | 'published';
}

/**
 * Sends one line's review: the fields and up to three photos (`photos`) in one multipart request,
 * reporting the upload's progress (0 to 1). Rejects with an ApiFailure.
 */
export function sendReview(link: ReviewLink, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SentReview> {
  const query = new URLSearchParams(linkQuery(link)).toString();
  return uploadForm<SentReview>(`/api/reviews/${encodeURIComponent(link.number)}?${query}`, form, onProgress, signal);
}
