import { api } from '../../app/api';
import type { PromotionStatus } from '../../../shared/domain/promotion-codes';
import type { AdminPromotion, AdminPromotionDetail } from '../../../shared/schemas/promotion';

/** Rows of the promotions list on one page. */
export const PROMOTIONS_PAGE_SIZE = 20;

/** The list's filters as they stand in the URL (empty ones left out). */
export interface PromotionFilters {
  status?: PromotionStatus;
  q?: string;
  page?: number;
}

/** Query string of the filters, without empty values (the list, its tabs and its pager). */
export function promotionParams(f: PromotionFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.q) params.set('q', f.q);
  if (withPage && f.page && f.page > 1) params.set('page', String(f.page));
  return params;
}

/**
 * The merchant's promotions (issue 30). Every write invalidates the list and the offer itself; the
 * storefront's offers are the server's to refresh (its promotions cache follows the content version).
 */
const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['AdminPromotions'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminPromotions: build.query<{ items: AdminPromotionDetail[]; total: number }, PromotionFilters>({
      query: (f) => `/admin/promotions?${promotionParams(f).toString()}&pageSize=${PROMOTIONS_PAGE_SIZE}`,
      providesTags: ['AdminPromotions'],
      keepUnusedDataFor: 30,
    }),
    getAdminPromotion: build.query<AdminPromotionDetail, number>({
      query: (id) => `/admin/promotions/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminPromotions', id }],
      keepUnusedDataFor: 0,
    }),
    saveAdminPromotion: build.mutation<{ id: number }, { id?: number; body: AdminPromotion }>({
      query: ({ id, body }) => ({ url: id ? `/admin/promotions/${id}` : '/admin/promotions', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : ['AdminPromotions', ...(id ? [{ type: 'AdminPromotions' as const, id }] : [])]),
    }),
    /** Pause (true) or resume (false) at once, without the rest of the form. */
    pauseAdminPromotion: build.mutation<{ id: number }, { id: number; paused: boolean }>({
      query: ({ id, paused }) => ({ url: `/admin/promotions/${id}`, method: 'PATCH', body: { paused } }),
      invalidatesTags: (_r, _e, { id }) => ['AdminPromotions', { type: 'AdminPromotions', id }],
    }),
    /** Refused with 409 `promotion_in_use` once an order used it. */
    deleteAdminPromotion: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/promotions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['AdminPromotions']),
    }),
  }),
});

export const {
  useGetAdminPromotionsQuery,
  useGetAdminPromotionQuery,
  useSaveAdminPromotionMutation,
  usePauseAdminPromotionMutation,
  useDeleteAdminPromotionMutation,
} = promotionsApi;

export { failureOf } from '../../app/api-failure';
