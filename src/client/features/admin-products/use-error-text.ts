import { useCallback } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';

/**
 * Text for a stable error code (a field code such as `sku_taken` or an API code such as
 * `network`): the catalogue's own words first, then the admin's common ones, then the shop-wide
 * text every API code has.
 */
export function useErrorText(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation(['admin-catalog', 'admin', 'translation']);
  return useCallback(
    (code: string | undefined) =>
      code
        ? t([keyIn('admin-catalog:errors', code), keyIn('admin:errors', code), keyIn('translation:apiErrors', code), 'admin-catalog:errors.invalid'])
        : undefined,
    [t],
  );
}
