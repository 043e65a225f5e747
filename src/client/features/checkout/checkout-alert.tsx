import type { Ref } from 'react';
import { useTranslation } from '../../app/i18n-view';
import type { StockProblem } from '../../../shared/schemas/checkout';

/** Why the order was not placed: a failure message and the lines short of stock. Takes the focus. */
export function CheckoutAlert({ failure, problems, ref }: { failure: string | null; problems: StockProblem[]; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  if (!failure && problems.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="rounded-2xl border border-rose/40 bg-[#fdf3f0] p-5 text-sm text-ink" data-testid="checkout-alert">
      {failure && <p className="font-semibold">{failure}</p>}
      {problems.length > 0 && (
        <>
          <p className="font-semibold">{t('checkout.stockTitle')}</p>
          <ul className="mt-2 list-disc ps-5">
            {problems.map((p) => (
              <li key={`${p.productId}-${p.color}-${p.size}`}>
                {p.available > 0 ? t('checkout.stockLine', { name: p.name, count: p.available }) : t('checkout.stockGone', { name: p.name })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t('checkout.stockAdjusted')}</p>
        </>
      )}
    </div>
  );
}
