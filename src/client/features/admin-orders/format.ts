import { useCallback } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { defaultCurrency, formatMoney } from '../../../shared/domain/currency';
import { findGovernorate } from '../../../shared/domain/governorates';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { formatEgyptianMobile } from '../../../shared/domain/phone';

/**
 * Formatting for the orders admin: money always in EGP (orders are charged in it), dates in the
 * shop's zone (Cairo) with Latin digits in Arabic too, governorates by name in the language.
 */
export function useOrderFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((piastres: number) => formatMoney(piastres, defaultCurrency, lng), [lng]);
  const date = useCallback(
    (iso: string, style: 'short' | 'long' = 'short') => formatShopTime(iso, lng, { dateStyle: style === 'long' ? 'long' : 'medium', timeStyle: 'short' }),
    [lng],
  );
  const governorate = useCallback(
    (code: string) => {
      const g = findGovernorate(code);
      return g ? (lng.startsWith('ar') ? g.ar : g.en) : code;
    },
    [lng],
  );
  return { money, date, governorate, phone: formatEgyptianMobile };
}

export type OrderFormat = ReturnType<typeof useOrderFormat>;
