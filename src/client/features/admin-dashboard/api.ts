import { api } from '../../app/api';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import type { SearchStatsAnswer } from '../../../shared/schemas/search-stats';

/** The dashboard's figures; `lng` names products in the admin's language. */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<Dashboard, { lng: string }>({
      query: ({ lng }) => ({ url: '/admin/dashboard', params: { lng } }),
      keepUnusedDataFor: 30,
    }),
    /** What shoppers searched for in the last 30 days, and what they searched for and did not find. */
    getSearchStats: build.query<SearchStatsAnswer, void>({
      query: () => '/admin/search-stats',
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetAdminDashboardQuery, useGetSearchStatsQuery } = dashboardApi;
