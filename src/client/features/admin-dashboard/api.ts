import { api } from '../../app/api';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';

/** The dashboard's figures; `lng` names products in the admin's language. */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<Dashboard, { lng: string }>({
      query: ({ lng }) => ({ url: '/admin/dashboard', params: { lng } }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetAdminDashboardQuery } = dashboardApi;
