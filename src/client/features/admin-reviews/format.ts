import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { numberLocale } from '../../../shared/domain/currency';
import { cachedIntl } from '../../../shared/domain/intl-cache';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { REVIEW_COUNT_CAP } from './api';

/**
 * Text for a stable error code (a field code such as `too_short` or an API code such as
 * `review_not_pending`): the reviews' own words first, then the admin's common ones, then the
 * shop-wide text every API code has (`apiErrors`).
 */
export function useReviewErrorText(): (code: string | undefined) => string | undefined {
  const { t } = useTranslation(['admin-reviews', 'admin', 'translation']);
  return useCallback(
    (code: string | undefined) =>
      code
        ? t([keyIn('admin-reviews:errors', code), keyIn('admin:errors', code), keyIn('translation:apiErrors', code), 'admin-reviews:errors.server'])
        : undefined,
    [t],
  );
}

/** Figures and instants of the moderation list in the admin's language: Latin digits, Cairo time. */
export function useReviewFormat() {
  const { t, i18n } = useTranslation('admin-reviews');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const numbers = cachedIntl(`number|${numberLocale(lng)}`, () => new Intl.NumberFormat(numberLocale(lng)));
    return {
      /** A tab's count; the server stops counting at the cap ("1,000+"). */
      number: (n: number) => numbers.format(n),
      count: (n: number) => (n >= REVIEW_COUNT_CAP ? t('countMore', { value: numbers.format(REVIEW_COUNT_CAP) }) : numbers.format(n)),
      time: (iso: string) => formatShopTime(iso, lng, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    };
  }, [t, lng]);
}
