import { useCallback } from 'react';
import { useTranslation } from './i18n-view';
import { formatMoney } from '../../shared/domain/currency';
import { useAppSelector } from './hooks';

/** Formats piastres in the shopper's currency and language (two decimals). */
export function useMoney(): (piastres: number) => string {
  const currency = useAppSelector((s) => s.currency);
  const { i18n } = useTranslation();
  return useCallback((piastres: number) => formatMoney(piastres, currency, i18n.language), [currency, i18n.language]);
}
