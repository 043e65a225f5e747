import { useCallback } from 'react';
import { formatPiastres } from '../../../shared/domain/currency';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { ReturnState } from '../../../shared/domain/returns';
import { useTranslation } from '../../app/i18n-view';
import { Badge } from '../admin';

/** Money in EGP and dates in Cairo time, in the admin's language. */
export function useReturnFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((piastres: number) => formatPiastres(piastres, lng), [lng]);
  const date = useCallback((iso: string) => formatShopTime(iso, lng, { dateStyle: 'medium', timeStyle: 'short' }), [lng]);
  return { money, date };
}

const tone: Record<ReturnState, string> = {
  requested: 'bg-honey/20 text-amber-dark',
  approved: 'bg-sky-100 text-sky-800',
  refused: 'bg-rose/10 text-rose',
  received: 'bg-indigo-100 text-indigo-800',
  refunded: 'bg-moss/15 text-olive',
  exchanged: 'bg-moss/15 text-olive',
};

/** A return's state as a pill. */
export function ReturnStateBadge({ state }: { state: ReturnState }) {
  const { t } = useTranslation('admin-returns');
  return <Badge tone={tone[state]}>{t(`states.${state}`)}</Badge>;
}
