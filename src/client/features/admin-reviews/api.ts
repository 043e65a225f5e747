import { api } from '../../app/api';
import { reviewStatuses, type ReviewStatus } from '../../../shared/domain/reviews';
import type { AdminReviewList } from '../../../shared/schemas/review';

/** Reviews on one page of the moderation list. */
export const REVIEWS_PAGE_SIZE = 20;
/** The server counts the reviews of each tab up to this many (`counts` in the answer). */
export const REVIEW_COUNT_CAP = 1000;

/** The list's filters as they stand in the URL (`?status=&product=&stars=&photos=1&page=`); pending is the default tab. */
export interface ReviewFilters {
  status: ReviewStatus;
  productId?: number;
  stars?: number;
  photos?: boolean;
  page?: number;
}

const isStatus = (v: string | null): v is ReviewStatus => reviewStatuses.includes(v as ReviewStatus);
const positive = (v: string | null, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
export function readReviewFilters(params: URLSearchParams, page: number): ReviewFilters {
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : 'pending',
    productId: positive(params.get('product'), 2 ** 31 - 1),
    stars: positive(params.get('stars'), 5),
    photos: params.get('photos') === '1' || undefined,
    page,
  };
}

/** The page's address for these filters, without the defaults (pending, page 1). */
export function reviewsHref(f: ReviewFilters): string {
  const params = new URLSearchParams();
  if (f.status !== 'pending') params.set('status', f.status);
  if (f.productId) params.set('product', String(f.productId));
  if (f.stars) params.set('stars', String(f.stars));
  if (f.photos) params.set('photos', '1');
  if (f.page && f.page > 1) params.set('page', String(f.page));
  const qs = params.toString();
  return `/admin/reviews${qs ? `?${qs}` : ''}`;
}

/** The API's query string of the filters (`adminReviewsQuerySchema`). */
function apiParams(f: ReviewFilters): string {
  const params = new URLSearchParams({ status: f.status, pageSize: String(REVIEWS_PAGE_SIZE) });
  if (f.productId) params.set('productId', String(f.productId));
  if (f.stars) params.set('stars', String(f.stars));
  if (f.photos) params.set('photos', '1');
  if (f.page && f.page > 1) params.set('page', String(f.page));
  return params.toString();
}

export interface ReviewSettings {
  autoPublish: boolean;
}

/**
 * The merchant's moderation of reviews (issue 31, decision 038). Every decision invalidates the
 * list, whose answer carries the tabs' counts, so the review moves and the counts follow; a
 * refused one too (another admin decided it first: the list shows what is true now).
 */
const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['AdminReviews', 'AdminReviewSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminReviews: build.query<AdminReviewList, ReviewFilters>({
      query: (f) => `/admin/reviews?${apiParams(f)}`,
      providesTags: ['AdminReviews'],
      keepUnusedDataFor: 30,
    }),
    publishReview: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/admin/reviews/${id}/publish`, method: 'POST' }),
      invalidatesTags: ['AdminReviews'],
    }),
    rejectReview: build.mutation<{ ok: true }, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/reviews/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminReviews'],
    }),
    /** An empty text removes the reply. */
    replyToReview: build.mutation<{ ok: true }, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/admin/reviews/${id}/reply`, method: 'PUT', body: { text } }),
      invalidatesTags: ['AdminReviews'],
    }),
    getReviewSettings: build.query<ReviewSettings, void>({
      query: () => '/admin/reviews/settings',
      providesTags: ['AdminReviewSettings'],
    }),
    /** Shown at once; put back if the server refuses it. */
    saveReviewSettings: build.mutation<ReviewSettings, ReviewSettings>({
      query: (body) => ({ url: '/admin/reviews/settings', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(reviewsApi.util.updateQueryData('getReviewSettings', undefined, () => body));
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetAdminReviewsQuery,
  usePublishReviewMutation,
  useRejectReviewMutation,
  useReplyToReviewMutation,
  useGetReviewSettingsQuery,
  useSaveReviewSettingsMutation,
} = reviewsApi;
