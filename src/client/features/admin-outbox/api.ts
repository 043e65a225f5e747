import { api } from '../../app/api';
import type { MessageKindValue, OutboxList, OutboxPreview, OutboxStatusValue } from '../../../shared/schemas/outbox';

/** The list's filters as they stand in the URL (empty ones left out). */
export interface OutboxFilters {
  status?: OutboxStatusValue;
  kind?: MessageKindValue;
  page?: number;
}

/** Query string of the filters, without empty values (the list, its tabs and the pager). */
export function outboxParams(f: OutboxFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.kind) params.set('kind', f.kind);
  if (withPage && f.page && f.page > 1) params.set('page', String(f.page));
  return params;
}

const outboxApi = api.enhanceEndpoints({ addTagTypes: ['AdminOutbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminOutbox: build.query<OutboxList, OutboxFilters>({
      query: (f) => `/admin/outbox?${outboxParams(f).toString()}`,
      providesTags: ['AdminOutbox'],
      keepUnusedDataFor: 30,
    }),
    /** Rendered now by the server: never kept once the dialog closes. */
    getOutboxPreview: build.query<OutboxPreview, number>({
      query: (id) => `/admin/outbox/${id}/preview`,
      keepUnusedDataFor: 0,
    }),
    resendOutboxMessage: build.mutation<{ ok: true; status: 'pending' }, number>({
      query: (id) => ({ url: `/admin/outbox/${id}/resend`, method: 'POST' }),
      invalidatesTags: ['AdminOutbox'],
    }),
  }),
});

export const { useGetAdminOutboxQuery, useGetOutboxPreviewQuery, useResendOutboxMessageMutation } = outboxApi;
