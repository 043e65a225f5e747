import { useCallback } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';

/**
 * Text for a stable error code (a field code such as `code_taken` or an API code such as
 * `promotion_in_use`): the promotions' own words first, then the admin's common ones, then the
 * shop-wide text every API code has.
 */
export function useErrorText(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation(['admin-promotions', 'admin', 'translation']);
  return useCallback(
    (code: string | undefined) =>
      code
        ? t([keyIn('admin-promotions:errors', code), keyIn('admin:errors', code), keyIn('translation:apiErrors', code), 'admin-promotions:errors.invalid'])
        : undefined,
    [t],
  );
}
