import { api } from '../../app/api';
import type { Order } from '../../../shared/schemas/checkout';
import type { PaymentMethod } from '../../../shared/domain/payments';

/** The order page's own call (issue 29): an unpaid order paid again online, or by cash on delivery instead. */
export const orderPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /orders/:number/payment?token=`: the order as it is now (put in the page's cache), and Paymob's page to go to, or null. */
    choosePayment: build.mutation<{ order: Order; paymentUrl: string | null }, { number: string; token: string; method: PaymentMethod }>({
      query: ({ number, token, method }) => ({ url: `/orders/${encodeURIComponent(number)}/payment`, method: 'POST', params: { token }, body: { method } }),
      async onQueryStarted({ number, token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.upsertQueryData('getOrder', { number, token }, data.order));
        } catch {
          /* refused: the page says why, and the order it shows is unchanged */
        }
      },
    }),
  }),
});

export const { useChoosePaymentMutation } = orderPaymentApi;
