import { api } from '../../app/api';
import type { BlockContactInput, BlockedList, RiskRulesInput } from '../../../shared/schemas/risk';

/** The blocklist's page and search, as they stand in the URL. */
export interface BlockedQuery {
  q?: string;
  page?: number;
}

const riskApi = api.enhanceEndpoints({ addTagTypes: ['RiskRules', 'Blocked', 'AdminOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    getRiskRules: build.query<RiskRulesInput, void>({ query: () => '/admin/risk/rules', providesTags: ['RiskRules'] }),
    saveRiskRules: build.mutation<RiskRulesInput, RiskRulesInput>({
      query: (body) => ({ url: '/admin/risk/rules', method: 'PUT', body }),
      invalidatesTags: ['RiskRules'],
    }),
    getBlocked: build.query<BlockedList, BlockedQuery>({
      query: ({ q, page }) => ({ url: '/admin/risk/blocked', params: { ...(q ? { q } : {}), ...(page && page > 1 ? { page } : {}) } }),
      providesTags: ['Blocked'],
    }),
    /** Blocking a phone changes what its orders' pages say: they are read again. */
    blockContact: build.mutation<{ id: number; created: boolean }, BlockContactInput>({
      query: (body) => ({ url: '/admin/risk/blocked', method: 'POST', body }),
      invalidatesTags: ['Blocked', 'AdminOrder'],
    }),
    unblockContact: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/admin/risk/blocked/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Blocked', 'AdminOrder'],
    }),
  }),
});

export const { useGetRiskRulesQuery, useSaveRiskRulesMutation, useGetBlockedQuery, useBlockContactMutation, useUnblockContactMutation } = riskApi;
