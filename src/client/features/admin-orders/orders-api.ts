import { api } from '../../app/api';
import type { PaymentState } from '../../../shared/domain/payments';
import type { AdminOrder, AdminOrderList, OrderConfirmation, OrderStatusChange, RefundRequest } from '../../../shared/schemas/admin-order';

/** The list's payment filter: one payment state, or `flagged` (money the merchant must look at). */
export type PaymentFilter = PaymentState | 'flagged';

/** The list's filters as they stand in the URL (empty ones left out). */
export interface OrderFilters {
  status?: string;
  /** 'awaiting': the pending orders still to be confirmed on WhatsApp. */
  confirmation?: 'awaiting';
  payment?: PaymentFilter;
  /** 'waiting': the orders the risk rules flagged that nobody has reviewed yet. */
  review?: 'waiting';
  q?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** Query string of the filters, without empty values (shared by the list, the pager and the CSV link). */
export function filterParams(f: OrderFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'confirmation', 'payment', 'review', 'q', 'from', 'to'] as const) if (f[key]) params.set(key, f[key]);
  if (withPage && f.page && f.page > 1) params.set('page', String(f.page));
  return params;
}

const adminOrdersApi = api.enhanceEndpoints({ addTagTypes: ['AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOrders: build.query<AdminOrderList, OrderFilters>({
      query: (f) => `/admin/orders?${filterParams(f).toString()}`,
      providesTags: ['AdminOrder'],
      keepUnusedDataFor: 30,
    }),
    getAdminOrder: build.query<AdminOrder, number>({
      query: (id) => `/admin/orders/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminOrder', id }],
      keepUnusedDataFor: 30,
    }),
    /** A cancel puts stock back, so the shop's product data is refreshed too. */
    setAdminOrderStatus: build.mutation<{ ok: true }, OrderStatusChange & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/orders/${id}/status`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminOrder', { type: 'AdminOrder', id }, 'Stock'],
    }),
    /** A flagged order looked at: it leaves the Review filter. */
    markAdminOrderReviewed: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/admin/orders/${id}/reviewed`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['AdminOrder', { type: 'AdminOrder', id }],
    }),
    /** The customer's WhatsApp answer; "confirmed" may confirm the order, so the lists refresh too. */
    recordOrderConfirmation: build.mutation<{ ok: true; status: string }, OrderConfirmation & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/orders/${id}/confirmation`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminOrder', { type: 'AdminOrder', id }],
    }),
    /**
     * Money paid online given back through Paymob (`amount` in piastres). The order and the lists
     * are read again after a refund, and after a 409 (the order moved meanwhile); a refused or
     * invalid refund changed nothing.
     */
    refundAdminOrder: build.mutation<{ ok: true; paymentState: PaymentState; refundable: number }, RefundRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/admin/orders/${id}/refunds`, method: 'POST', body }),
      invalidatesTags: (_r, error, { id }) => (error && error.status !== 409 ? [] : ['AdminOrder', { type: 'AdminOrder', id }]),
    }),
  }),
});

export const {
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useSetAdminOrderStatusMutation,
  useRecordOrderConfirmationMutation,
  useRefundAdminOrderMutation,
  useMarkAdminOrderReviewedMutation,
} = adminOrdersApi;
