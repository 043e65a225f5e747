import { useTranslation } from '../../app/i18n-view';
import { Info } from 'lucide-react';
import { formatPiastres } from '../../../shared/domain/currency';
import { useAppSelector } from '../../app/hooks';

/**
 * Shown beside a total while prices are displayed in another currency: orders are recorded and
 * paid in EGP, so the shopper sees the amount the courier will actually collect.
 */
export default function ChargedInEgp({ piastres }: { piastres: number }) {
  const { t, i18n } = useTranslation();
  const currency = useAppSelector((s) => s.currency.currencyName);
  if (currency === 'EGP') return null;
  return (
    <p className="mt-3 flex gap-2 rounded-xl bg-sand/70 px-3 py-2.5 text-xs leading-relaxed text-olive" data-testid="charged-in-egp">
      <Info size={14} className="mt-0.5 shrink-0 text-amber-dark" aria-hidden="true" />
      <span>{t('checkout.chargedInEgp', { amount: formatPiastres(piastres, i18n.language), currency: t(`currencyNames.${currency}`) })}</span>
    </p>
  );
}
