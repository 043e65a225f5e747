import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import type { AdminSettings } from '../../../shared/schemas/settings';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSettings, void>({
      query: () => '/admin/settings',
      keepUnusedDataFor: 0,
    }),
    /** Saves the whole form; the answer is what is stored (refreshSettings hands it on). */
    saveAdminSettings: build.mutation<AdminSettings, AdminSettings>({ query: (body) => ({ url: '/admin/settings', method: 'PUT', body }) }),
  }),
});

export const { useGetAdminSettingsQuery, useSaveAdminSettingsMutation } = settingsApi;

/** After a save: the merchant's copy and the storefront's public settings are fetched again. */
export function refreshSettings(dispatch: AppDispatch, saved: AdminSettings): void {
  // Dispatched one by one: an array of the two thunks is a union TypeScript cannot match to dispatch.
  void dispatch(settingsApi.util.upsertQueryData('getAdminSettings', undefined, saved));
  void dispatch(api.endpoints.getSettings.initiate(undefined, { forceRefetch: true, subscribe: false }));
}
