import { api } from '../../app/api';
import { uploadForm } from '../../app/transfers';
import type { OrderReturns, ShopperReturn } from '../../../shared/schemas/returns';

/** How the shopper reaches the order: its private link's token, or (none) signed in as its owner. */
export interface ReturnAccess {
  number: string;
  token?: string;
}

const query = (a: ReturnAccess) => (a.token ? `?${new URLSearchParams({ token: a.token }).toString()}` : '');

/** An order's returns (issue 33): what may be asked back, and the returns asked. */
export const returnsApi = api.enhanceEndpoints({ addTagTypes: ['OrderReturns'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderReturns: build.query<OrderReturns, ReturnAccess>({
      query: (a) => `/orders/${encodeURIComponent(a.number)}/returns${query(a)}`,
      providesTags: ['OrderReturns'],
      // The shopper's own and changing with the shop's answers: never an old copy.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetOrderReturnsQuery } = returnsApi;

/** Sends a return request: its fields (`lines` as JSON) and up to three photos in one multipart request. Rejects with an ApiFailure. */
export function sendReturnRequest(a: ReturnAccess, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ShopperReturn> {
  return uploadForm<ShopperReturn>(`/api/orders/${encodeURIComponent(a.number)}/returns${query(a)}`, form, onProgress, signal);
}
