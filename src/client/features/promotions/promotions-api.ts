import { api } from '../../app/api';
import type { PromotionRule } from '../../../shared/domain/promotions';

/** The storefront's promotions (issue 30): the automatic offers running now ("Apply" for a code is coupon-entry.tsx's). */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['Offers'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /promotions?lng=`: the automatic offers running now, named in the page's language. */
    getOffers: build.query<{ items: PromotionRule[] }, { lng: string }>({
      query: ({ lng }) => ({ url: '/promotions', params: { lng } }),
      providesTags: ['Offers'],
      // An offer starts or ends on the merchant's clock: a cart left open for long asks again.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetOffersQuery } = promotionsApi;

/** Reads the running offers again (an offer ran out at checkout): every cart and summary on the page quotes anew. */
export const refetchOffers = () => promotionsApi.util.invalidateTags(['Offers']);
