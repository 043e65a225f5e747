import { api } from '../../app/api';
import type { ApiFailure } from '../../app/api-failure';
import { uploadFile } from '../../app/transfers';
import type {
  AdminBulkEdit,
  AdminBulkResult,
  AdminCategory,
  AdminCategoryInput,
  AdminProductDetail,
  AdminProductInput,
  AdminProductList,
  UploadedImage,
} from '../../../shared/schemas/admin-product';

export interface AdminProductListArgs {
  q?: string;
  category?: string;
  stock?: string;
  status?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
  lng: string;
}

const params = (args: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(args)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/**
 * The merchant's catalogue. Writes also invalidate `Stock`, so the storefront's listings in this
 * tab fetch again and show the change at once.
 */
export const catalogAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminProducts', 'AdminCategories'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductList, AdminProductListArgs>({
      query: (args) => ({ url: '/admin/products', params: params(args) }),
      providesTags: ['AdminProducts'],
      keepUnusedDataFor: 30,
    }),
    getAdminProduct: build.query<AdminProductDetail, number>({
      query: (id) => `/admin/products/${id}`,
      providesTags: ['AdminProducts'],
      keepUnusedDataFor: 0,
    }),
    saveAdminProduct: build.mutation<{ id: number }, { id?: number; body: AdminProductInput }>({
      query: ({ id, body }) => ({ url: id ? `/admin/products/${id}` : '/admin/products', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['AdminProducts', 'AdminCategories', 'Stock'],
    }),
    deleteAdminProduct: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminProducts', 'AdminCategories', 'Stock'],
    }),
    /** One change to many products (decision 041): the server computes every new value. */
    bulkEditAdminProducts: build.mutation<AdminBulkResult, AdminBulkEdit>({
      query: (body) => ({ url: '/admin/products/bulk', method: 'POST', body }),
      invalidatesTags: ['AdminProducts', 'AdminCategories', 'Stock'],
    }),
    getAdminCategories: build.query<{ items: AdminCategory[] }, void>({
      query: () => '/admin/categories',
      providesTags: ['AdminCategories'],
      keepUnusedDataFor: 60,
    }),
    getAdminCategory: build.query<AdminCategory, number>({
      query: (id) => `/admin/categories/${id}`,
      providesTags: ['AdminCategories'],
      keepUnusedDataFor: 0,
    }),
    saveAdminCategory: build.mutation<{ id: number }, { id?: number; body: AdminCategoryInput }>({
      query: ({ id, body }) => ({ url: id ? `/admin/categories/${id}` : '/admin/categories', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['AdminCategories', 'Stock'],
    }),
    deleteAdminCategory: build.mutation<void, { id: number; moveTo?: number }>({
      query: ({ id, moveTo }) => ({ url: `/admin/categories/${id}`, method: 'DELETE', params: moveTo ? { moveTo: String(moveTo) } : undefined }),
      invalidatesTags: ['AdminCategories', 'AdminProducts', 'Stock'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useSaveAdminProductMutation,
  useDeleteAdminProductMutation,
  useBulkEditAdminProductsMutation,
  useGetAdminCategoriesQuery,
  useGetAdminCategoryQuery,
  useSaveAdminCategoryMutation,
  useDeleteAdminCategoryMutation,
} = catalogAdminApi;

export type { ApiFailure as Failure } from '../../app/api-failure';
export { failureOf } from '../../app/api-failure';

/** Uploads one picture, reporting progress. Resolves with the stored picture; rejects with a Failure. */
export async function uploadImage(
  file: File,
  kind: 'product' | 'category',
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  const answer = await uploadFile<{ image?: UploadedImage }>(`/api/admin/uploads?kind=${kind}`, file, onProgress, signal);
  if (!answer.image) throw { status: 200, code: 'server', fields: {} } satisfies ApiFailure;
  return answer.image;
}

/** Preview URL of a stored picture base: its smallest rendition. */
export const previewOf = (base: string, kind: 'product' | 'category' = 'product') => `${base}-${kind === 'product' ? 400 : 600}.webp`;
