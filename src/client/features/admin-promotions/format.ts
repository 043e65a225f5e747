import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { formatPiastres, numberLocale } from '../../../shared/domain/currency';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { PromotionKind } from '../../../shared/domain/promotion-codes';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';

/** What the list and the form say about an offer: its value, scope, dates (Cairo time) and uses. */
type Offer = Pick<AdminPromotionDetail, 'kind' | 'value' | 'productIds' | 'categoryIds' | 'minSubtotal'>;

/**
 * Words and figures of promotions in the admin's language: money in EGP (piastres in), a percent
 * with Latin digits, instants in the shop's zone (Cairo) as the merchant entered them.
 */
export function usePromotionFormat() {
  const { t, i18n } = useTranslation('admin-promotions');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const percentFormat = new Intl.NumberFormat(numberLocale(lng), { style: 'percent', maximumFractionDigits: 0 });
    const money = (piastres: number) => formatPiastres(piastres, lng);
    const date = (iso: string) => formatShopTime(iso, lng, { dateStyle: 'medium', timeStyle: 'short' });
    const value = (kind: PromotionKind, v: number) =>
      kind === 'percent'
        ? t('offer.percent', { percent: percentFormat.format(v / 100) })
        : kind === 'amount'
          ? t('offer.amount', { amount: money(v) })
          : t('offer.free_delivery');
    const scope = (o: Offer) =>
      o.productIds.length
        ? t('scope.products', { count: o.productIds.length })
        : o.categoryIds.length
          ? t('scope.categories', { count: o.categoryIds.length })
          : t('scope.order');
    const minimum = (o: Offer) => (o.minSubtotal > 0 ? t('minimum', { amount: money(o.minSubtotal) }) : null);
    const when = ({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) => {
      if (startsAt && endsAt) return t('when.range', { from: date(startsAt), to: date(endsAt) });
      if (startsAt) return t('when.from', { date: date(startsAt) });
      if (endsAt) return t('when.until', { date: date(endsAt) });
      return t('when.always');
    };
    /** Uses so far against the limit: `12 / 100`, or `12 / ∞` without one. */
    const uses = (p: Pick<AdminPromotionDetail, 'uses' | 'maxUses'>) => `${p.uses} / ${p.maxUses ?? '∞'}`;
    return { lng, money, date, value, scope, minimum, when, uses };
  }, [t, lng]);
}

export type PromotionFormat = ReturnType<typeof usePromotionFormat>;

/** An offer's name in the admin's language, or in English where that one is empty. */
export const promotionName = (names: AdminPromotionDetail['names'], lng: string): string =>
  (lng === 'ar' || lng === 'fr' || lng === 'de' ? names[lng] : null) || names.en;
