import { api } from '../../app/api';
import type { AdminSettings } from '../../../shared/schemas/settings';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSettings, void>({
      query: () => '/admin/settings',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminSettingsQuery } = settingsApi;

/** After a save: the merchant's copy and the storefront's public settings are fetched again. */
export const refreshSettings = (saved: AdminSettings) => [
  settingsApi.util.upsertQueryData('getAdminSettings', undefined, saved),
  api.endpoints.getSettings.initiate(undefined, { forceRefetch: true, subscribe: false }),
];
