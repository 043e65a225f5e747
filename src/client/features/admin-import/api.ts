import { api } from '../../app/api';
import type { ApiFailure } from '../../app/api-failure';
import { uploadFile } from '../../app/transfers';
import type { ImportRowList, ImportRun, ImportView } from '../../../shared/schemas/product-import';

/** Rows of a run's list per page. */
export const IMPORT_ROWS_PAGE = 20;

/**
 * The catalogue import (issue 32, decision 040): a run is read again while it applies (the page
 * polls it for the progress bar); once done, the merchant's product lists and the storefront's
 * listings in this tab fetch again.
 */
export const importApi = api.enhanceEndpoints({ addTagTypes: ['AdminImport', 'AdminProducts'] }).injectEndpoints({
  endpoints: (build) => ({
    getImportRun: build.query<ImportRun, number>({
      query: (id) => `/admin/product-imports/${id}`,
      providesTags: ['AdminImport'],
      keepUnusedDataFor: 0,
    }),
    getImportRows: build.query<ImportRowList, { id: number; view: ImportView; page: number }>({
      query: ({ id, view, page }) => `/admin/product-imports/${id}/rows?view=${view}&page=${page}&pageSize=${IMPORT_ROWS_PAGE}`,
      providesTags: ['AdminImport'],
      keepUnusedDataFor: 30,
    }),
    applyImport: build.mutation<ImportRun, number>({
      query: (id) => ({ url: `/admin/product-imports/${id}/apply`, method: 'POST' }),
      invalidatesTags: ['AdminImport'],
    }),
  }),
});

export const { useGetImportRunQuery, useGetImportRowsQuery, useApplyImportMutation } = importApi;

/** Uploads a CSV for its preview, reporting the upload's progress; rejects with an ApiFailure. */
export async function uploadImport(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ImportRun> {
  const run = await uploadFile<ImportRun>('/api/admin/product-imports', file, onProgress, signal);
  if (typeof run?.id !== 'number') throw { status: 200, code: 'server', fields: {} } satisfies ApiFailure;
  return run;
}
