import { api } from '../../app/api';
import { auditKinds, type AuditKind } from '../../../shared/domain/audit';
import type { ActivityList } from '../../../shared/schemas/audit';

/** The activity page's filters as they stand in the URL (`?actor=&kind=&subject=&from=&to=&page=`); empty ones left out. */
export interface ActivityFilters {
  actor?: number;
  kind?: AuditKind;
  /** One thing of `kind` (a product id, an order number): a link from elsewhere narrows the log to it. */
  subject?: string;
  from?: string;
  to?: string;
  page?: number;
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (v: string | null): v is AuditKind => auditKinds.includes(v as AuditKind);

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
export function readActivityFilters(params: URLSearchParams, page: number): ActivityFilters {
  const actor = Number(params.get('actor'));
  const kind = params.get('kind');
  const subject = params.get('subject')?.trim().slice(0, 40);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    actor: Number.isInteger(actor) && actor > 0 ? actor : undefined,
    kind: isKind(kind) ? kind : undefined,
    // A thing is named within its kind: without one the server refuses it.
    subject: isKind(kind) && subject ? subject : undefined,
    from: day.test(from) ? from : undefined,
    to: day.test(to) && (!day.test(from) || to >= from) ? to : undefined,
    page,
  };
}

/** Query string of the filters, without empty values (the page's address, its pager and the API). */
export function activityParams(f: ActivityFilters, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (f.actor) params.set('actor', String(f.actor));
  for (const key of ['kind', 'subject', 'from', 'to'] as const) if (f[key]) params.set(key, f[key]);
  if (withPage && f.page && f.page > 1) params.set('page', String(f.page));
  return params;
}

/** One thing's own history: a product's or an order's (by id), a page of it. */
export interface HistoryArgs {
  of: 'products' | 'orders';
  id: number;
  page: number;
  /** Not sent: a new value (the thing was saved or moved) makes it a new question, read again. */
  version?: string;
}

/**
 * The activity log (issue 32), read-only. Every admin change writes an entry, so a page of it is
 * kept only briefly and read again when the page is opened.
 */
const activityApi = api.enhanceEndpoints({ addTagTypes: ['AdminActivity'] }).injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityList, ActivityFilters>({
      query: (f) => `/admin/activity?${activityParams(f).toString()}`,
      providesTags: ['AdminActivity'],
      keepUnusedDataFor: 30,
    }),
    getHistory: build.query<ActivityList, HistoryArgs>({
      query: ({ of, id, page }) => `/admin/${of}/${id}/history${page > 1 ? `?page=${page}` : ''}`,
      providesTags: ['AdminActivity'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetActivityQuery, useGetHistoryQuery } = activityApi;
