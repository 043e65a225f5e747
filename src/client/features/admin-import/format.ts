import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import type { ApiFailure } from '../../app/api-failure';
import { numberLocale } from '../../../shared/domain/currency';
import { cachedIntl } from '../../../shared/domain/intl-cache';
import type { ImportIssue, ImportRow } from '../../../shared/schemas/product-import';
import { isolate } from '../../../shared/domain/bidi';

/** Figures of the import in the admin's language (Latin digits, as the rest of the admin). */
export function useImportNumber(): (n: number) => string {
  const { i18n } = useTranslation('admin-import');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const numbers = cachedIntl(`number|${numberLocale(lng)}`, () => new Intl.NumberFormat(numberLocale(lng)));
    return (n: number) => numbers.format(n);
  }, [lng]);
}

/** The sentence of one refusal: "Row 4, price_egp: must be a price in EGP…". */
export function useIssueText(): (issue: ImportIssue) => string {
  const { t } = useTranslation(['admin-import', 'translation']);
  return useCallback(
    (issue: ImportIssue) => {
      const reason = t(keyIn('admin-import:issues', issue.code), { value: issue.value ?? '' });
      return issue.column ? t('list.issue', { line: issue.line, column: isolate(issue.column), reason }) : t('list.issueRow', { line: issue.line, reason });
    },
    [t],
  );
}

/** Why a product was not imported, or a picture not fetched. */
export function useOutcomeText() {
  const { t } = useTranslation(['admin-import', 'translation']);
  return useMemo(
    () => ({
      failure: (row: ImportRow) => (row.failure ? t(keyIn('admin-import:failures', row.failure)) : ''),
      picture: (code: ImportRow['pictures'][number]['code']) => t(keyIn('admin-import:pictures', code)),
    }),
    [t],
  );
}

/** The lines that say why a file was refused as a whole, from the API's failure and its details. */
export function useFileErrorLines(): (failure: ApiFailure) => string[] {
  const { t } = useTranslation(['admin-import', 'translation']);
  const number = useImportNumber();
  return useCallback(
    (failure: ApiFailure) => {
      const details = (failure.details ?? {}) as { missing?: string[]; unknown?: string[]; duplicate?: string[]; rows?: number; max?: number; reason?: string };
      const list = (names: string[] | undefined) => (names ?? []).map(isolate).join(', ');
      switch (failure.code) {
        case 'import_columns':
          return [
            details.missing?.length ? t('fileErrors.missing', { columns: list(details.missing) }) : '',
            details.unknown?.length ? t('fileErrors.unknown', { columns: list(details.unknown) }) : '',
            details.duplicate?.length ? t('fileErrors.duplicate', { columns: list(details.duplicate) }) : '',
          ].filter(Boolean);
        case 'too_many_rows':
          return [t('fileErrors.tooManyRows', { rows: number(details.rows ?? 0), max: number(details.max ?? 0) })];
        case 'import_file_invalid':
          if (details.reason === 'encoding') return [t('fileErrors.encoding')];
          if (details.reason === 'empty') return [t('fileErrors.empty')];
          return [t('translation:apiErrors.import_file_invalid')];
        case 'import_too_large':
        case 'too_large':
          return [t('upload.tooLarge')];
        default:
          return [t([keyIn('translation:apiErrors', failure.code), 'upload.failed'])];
      }
    },
    [t, number],
  );
}
