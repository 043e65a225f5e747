import { addressesApi } from './addresses-api';
import type { AddressInput, PasswordChangeInput, ProfileInput, SavedAddress, SessionUser } from '../../../shared/schemas/auth';
import type { Order } from '../../../shared/schemas/checkout';
import type { OrderStatusValue } from '../../../shared/domain/order-status';

export interface AccountOrderSummary {
  number: string;
  status: OrderStatusValue;
  total: number;
  createdAt: string;
}

/** The signed-in shopper's own data; every answer is scoped by the server to the session. */
export const accountApi = addressesApi.enhanceEndpoints({ addTagTypes: ['AccountOrders'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<{ items: AccountOrderSummary[] }, void>({ query: () => '/account/orders', providesTags: ['AccountOrders'], keepUnusedDataFor: 0 }),
    getMyOrder: build.query<Order, string>({ query: (number) => `/account/orders/${encodeURIComponent(number)}`, keepUnusedDataFor: 0 }),
    saveAddress: build.mutation<{ address: SavedAddress }, { id?: number; body: AddressInput }>({
      query: ({ id, body }) => ({ url: id ? `/account/addresses/${id}` : '/account/addresses', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<void, number>({ query: (id) => ({ url: `/account/addresses/${id}`, method: 'DELETE' }), invalidatesTags: ['Addresses'] }),
    updateProfile: build.mutation<{ user: SessionUser }, ProfileInput>({ query: (body) => ({ url: '/account/profile', method: 'PUT', body }) }),
    changePassword: build.mutation<void, PasswordChangeInput>({ query: (body) => ({ url: '/account/password', method: 'POST', body }) }),
  }),
});

export const {
  useGetMyOrdersQuery,
  useGetMyOrderQuery,
  useSaveAddressMutation,
  useDeleteAddressMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = accountApi;

export { failureOf } from '../../app/api-failure';
export { useGetAddressesQuery } from './addresses-api';
