import { useCallback } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';

/** Turns a stable error code (from the shared zod schemas or the server's `fields`) into text. */
export type ErrorText = (code: string | undefined) => string | undefined;

/**
 * The storefront's words for an error code: `validation.<code>`, then the account's, then "invalid".
 * Its own module, without React Hook Form, for a plain form (the home page's newsletter).
 */
export function useStorefrontErrorText(): ErrorText {
  const { t } = useTranslation();
  return useCallback((code: string | undefined) => (code ? t([keyIn('validation', code), keyIn('auth.errors', code), 'validation.invalid']) : undefined), [t]);
}
