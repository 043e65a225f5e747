import { api } from '../../app/api';
import { returnStates, type ReturnState } from '../../../shared/domain/returns';
import type { AdminReturn, AdminReturnList, AdminReturnRow, ReturnReceipt, ReturnRefundRequest, ReturnSettings } from '../../../shared/schemas/returns';

/** Returns on one page of the list. */
export const RETURNS_PAGE_SIZE = 20;

/** The list's filters as they stand in the URL (`?state=&page=`). */
export interface ReturnFilters {
  state?: ReturnState;
  page?: number;
}

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
export function readReturnFilters(params: URLSearchParams, page: number): ReturnFilters {
  const state = params.get('state');
  return { state: returnStates.includes(state as ReturnState) ? (state as ReturnState) : undefined, page };
}

/** The page's address for these filters, without the defaults (every state, page 1). */
export function returnsHref(f: ReturnFilters): string {
  const params = new URLSearchParams();
  if (f.state) params.set('state', f.state);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  const qs = params.toString();
  return `/admin/returns${qs ? `?${qs}` : ''}`;
}

const apiParams = (f: ReturnFilters) => {
  const params = new URLSearchParams({ pageSize: String(RETURNS_PAGE_SIZE) });
  if (f.state) params.set('state', f.state);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  return params.toString();
};

/**
 * The merchant's returns (issue 33, decision 043). Every step invalidates the list, the return and
 * the order pages (its history and its returns); a receipt and an exchange move stock too.
 */
const returnsApi = api.enhanceEndpoints({ addTagTypes: ['AdminReturns', 'AdminReturnSettings', 'AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminReturns: build.query<AdminReturnList, ReturnFilters>({
      query: (f) => `/admin/returns?${apiParams(f)}`,
      providesTags: ['AdminReturns'],
      keepUnusedDataFor: 30,
    }),
    getAdminReturn: build.query<AdminReturn, number>({
      query: (id) => `/admin/returns/${id}`,
      providesTags: ['AdminReturns'],
    }),
    getOrderReturnLinks: build.query<{ returns: AdminReturnRow[]; exchangeFor: { id: number; number: string } | null }, number>({
      query: (orderId) => `/admin/orders/${orderId}/returns`,
      providesTags: ['AdminReturns'],
    }),
    approveReturn: build.mutation<{ ok: true }, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `/admin/returns/${id}/approve`, method: 'POST', body: { note } }),
      invalidatesTags: ['AdminReturns', 'AdminOrder'],
    }),
    refuseReturn: build.mutation<{ ok: true }, { id: number; note: string }>({
      query: ({ id, note }) => ({ url: `/admin/returns/${id}/refuse`, method: 'POST', body: { note } }),
      invalidatesTags: ['AdminReturns', 'AdminOrder'],
    }),
    receiveReturn: build.mutation<{ ok: true }, ReturnReceipt & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/returns/${id}/receive`, method: 'POST', body }),
      invalidatesTags: ['AdminReturns', 'AdminOrder', 'Stock'],
    }),
    refundReturn: build.mutation<{ ok: true }, ReturnRefundRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/returns/${id}/refund`, method: 'POST', body }),
      invalidatesTags: ['AdminReturns', 'AdminOrder'],
    }),
    sendExchange: build.mutation<{ orderId: number; number: string }, number>({
      query: (id) => ({ url: `/admin/returns/${id}/exchange`, method: 'POST' }),
      invalidatesTags: ['AdminReturns', 'AdminOrder', 'Stock'],
    }),
    getReturnSettings: build.query<ReturnSettings, void>({
      query: () => '/admin/returns/settings',
      providesTags: ['AdminReturnSettings'],
    }),
    saveReturnSettings: build.mutation<ReturnSettings, ReturnSettings>({
      query: (body) => ({ url: '/admin/returns/settings', method: 'PUT', body }),
      invalidatesTags: ['AdminReturnSettings'],
    }),
  }),
});

export const {
  useGetAdminReturnsQuery,
  useGetAdminReturnQuery,
  useGetOrderReturnLinksQuery,
  useApproveReturnMutation,
  useRefuseReturnMutation,
  useReceiveReturnMutation,
  useRefundReturnMutation,
  useSendExchangeMutation,
  useGetReturnSettingsQuery,
  useSaveReturnSettingsMutation,
} = returnsApi;
