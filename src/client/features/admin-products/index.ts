export {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
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
export { MoneyInput } from './money-input';
export { Switch } from './inventory-editor';
export { Thumb } from './product-list-parts';
export { nameIn } from './use-save-product';
export { CategoryChecklist } from './category-checklist';
export { OptionPicker } from './option-picker';
