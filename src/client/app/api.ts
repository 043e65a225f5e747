import { createAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { Category, Product, ProductList, ProductSuggestions } from '../../shared/schemas/product';
import type { PublicSettings } from '../../shared/schemas/settings';
import type { CheckoutRequest, Order } from '../../shared/schemas/checkout';
import type { OrderTrackRequest, TrackedOrder } from '../../shared/schemas/order-track';

export interface PlacedOrder {
  order: Order;
  accessToken: string;
  /** For an online payment: Paymob's page to send the shopper to, or null when it could not be started. */
  paymentUrl?: string | null;
}

export interface ProductListArgs {
  lng: string;
  category?: string;
  tag?: string;
  color?: string;
  size?: string;
  new?: boolean;
  sale?: boolean;
  q?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

/** Drops empty values so the server sees only the filters in use (and caches stay shared). */
function cleanParams(args: ProductListArgs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '' || value === false) continue;
    if (key === 'sort' && value === 'default') continue;
    out[key] = value === true ? '1' : String(value);
  }
  return out;
}

/** Rendering on the server (first HTML of a page): no window, queries start during render. */
const onServer = typeof window === 'undefined';
/** What the server's store carries for its queries: the shop's API answered in process (src/server/ssr.ts). */
export interface ServerExtra {
  /** GETs `path` (from `/api`, with its query string) of the shop's API: the status and the parsed body. */
  get: (path: string) => Promise<{ status: number; data: unknown }>;
}

/**
 * The server render's base query: the same URLs as the browser's fetchBaseQuery, and the same
 * answer shape (`{ data }`, or `{ error: { status, data } }`), without building a Request and a
 * Response for every answer and parsing its text twice (a product page asks three).
 */
const inProcessQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi) => {
  const { url, params } = typeof args === 'string' ? { url: args, params: undefined } : args;
  const query = params ? new URLSearchParams(params as Record<string, string>).toString() : '';
  const { status, data } = await (queryApi.extra as ServerExtra).get(`/api${url}${query ? `?${query}` : ''}`);
  return status >= 200 && status < 300 ? { data } : { error: { status, data } };
};
/**
 * Hands the browser's store the state the server's render used (its API answers; on /cart and
 * /checkout also the cart and the checkout submission: decision 025), so hydration matches.
 */
export const hydrateApi = createAction<unknown>('api/hydrateFromServer');

const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: onServer }));

/** The shop's API. Every request carries the language so names arrive translated. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: onServer ? inProcessQuery : fetchBaseQuery({ baseUrl: '/api' }),
  extractRehydrationInfo: (action, { reducerPath }) => (hydrateApi.match(action) ? (action.payload as Record<string, never>)[reducerPath] : undefined),
  keepUnusedDataFor: 300,
  tagTypes: ['Stock'],
  endpoints: (build) => ({
    getProducts: build.query<ProductList, ProductListArgs>({
      query: (args) => ({ url: '/products', params: cleanParams(args) }),
      providesTags: ['Stock'],
    }),
    getProduct: build.query<Product, { id: number; lng: string }>({
      query: ({ id, lng }) => ({ url: `/products/${id}`, params: { lng } }),
      providesTags: ['Stock'],
    }),
    /** Up to six products for the words typed so far (the header search's suggestions). */
    getSuggestions: build.query<ProductSuggestions, { q: string; lng: string }>({
      query: ({ q, lng }) => ({ url: '/products/suggest', params: { q, lng } }),
      // Typing moves on quickly: an abandoned prefix is not worth keeping for long.
      keepUnusedDataFor: 60,
    }),
    getCategories: build.query<{ items: Category[] }, { lng: string }>({
      query: ({ lng }) => ({ url: '/categories', params: { lng } }),
    }),
    getSettings: build.query<PublicSettings, void>({
      query: () => '/settings',
    }),
    /** Places an order; the key makes a retried or double-clicked submit one order. */
    placeOrder: build.mutation<PlacedOrder, { body: CheckoutRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/orders', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      // Stock changed (or turned out short): listings and product pages fetch again.
      invalidatesTags: ['Stock'],
    }),
    getOrder: build.query<Order, { number: string; token: string }>({
      query: ({ number, token }) => ({ url: `/orders/${encodeURIComponent(number)}`, params: { token } }),
    }),
    /** An order found by its number and the checkout's phone number (`/track`); a POST, so the phone stays out of URLs and caches. */
    trackOrder: build.mutation<TrackedOrder, OrderTrackRequest>({
      query: (body) => ({ url: '/orders/track', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetSuggestionsQuery,
  useGetCategoriesQuery,
  useGetSettingsQuery,
  usePlaceOrderMutation,
  useGetOrderQuery,
  useTrackOrderMutation,
} = api;
