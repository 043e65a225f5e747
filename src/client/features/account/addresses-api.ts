import { api } from '../../app/api';
import type { SavedAddress } from '../../../shared/schemas/auth';

/**
 * The signed-in shopper's saved addresses: apart from the rest of the account's endpoints
 * (account-api.ts builds on it), so the checkout, which only reads them, does not load the others.
 */
export const addressesApi = api.enhanceEndpoints({ addTagTypes: ['Addresses'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<{ items: SavedAddress[] }, void>({ query: () => '/account/addresses', providesTags: ['Addresses'], keepUnusedDataFor: 0 }),
  }),
});

export const { useGetAddressesQuery } = addressesApi;
