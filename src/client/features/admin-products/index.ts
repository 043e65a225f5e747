export {
  useGetAdminCategoriesQuery,
  useGetAdminCategoryQuery,
  useSaveAdminCategoryMutation,
  useDeleteAdminCategoryMutation,
  failureOf,
  uploadImage,
  previewOf,
  type Failure,
} from './api';
export { ConfirmDialog } from './confirm-dialog';
export { useErrorText } from './use-error-text';
