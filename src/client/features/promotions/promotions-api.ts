import { api } from '../../app/api';
import type { PromotionRule } from '../../../shared/domain/promotions';
import type { CheckoutLine } from '../../../shared/schemas/checkout';

/** The storefront's promotions (issue 30): the automatic offers running now, and "Apply" for a code. */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: ['Offers'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /promotions?lng=`: the automatic offers running now, named in the page's language. */
    getOffers: build.query<{ items: PromotionRule[] }, { lng: string }>({
      query: ({ lng }) => ({ url: '/promotions', params: { lng } }),
      providesTags: ['Offers'],
      // An offer starts or ends on the merchant's clock: a cart left open for long asks again.
      keepUnusedDataFor: 300,
    }),
    /** `POST /promotions/code`: the code's offer and what it saves on these lines, or why it cannot be used. */
    applyCode: build.mutation<{ rule: PromotionRule; saving: number }, { code: string; lines: CheckoutLine[]; phone?: string }>({
      query: (body) => ({ url: '/promotions/code', method: 'POST', body }),
    }),
  }),
});

export const { useGetOffersQuery, useApplyCodeMutation } = promotionsApi;

/** Reads the running offers again (an offer ran out at checkout): every cart and summary on the page quotes anew. */
export const refetchOffers = () => promotionsApi.util.invalidateTags(['Offers']);
