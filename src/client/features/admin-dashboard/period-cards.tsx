import { useTranslation } from '../../app/i18n-view';
import { Banknote, ShoppingBag } from 'lucide-react';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { count } from './format';

/** Revenue (confirmed orders and later), what awaits confirmation apart, and order counts for today, 7 and 30 days; today stands out. */
export function PeriodCards({ data, lng, money }: { data: Dashboard; lng: string; money: (p: number) => string }) {
  const { t } = useTranslation('admin-dash');
  const periods = ['today', 'days7', 'days30'] as const;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {periods.map((p, i) => (
          <section
            key={p}
            aria-labelledby={`period-${p}`}
            className={`rounded-2xl border p-4 shadow-soft sm:p-5 ${i === 0 ? 'border-ink bg-ink text-ivory' : 'border-line/70 bg-white text-ink'}`}
          >
            <h2 id={`period-${p}`} className={`text-xs font-semibold uppercase tracking-wide ${i === 0 ? 'text-honey' : 'text-muted'}`}>
              {t(`dashboard.${p}`)}
            </h2>
            <p className="mt-3 flex items-center gap-2 text-sm opacity-80">
              <Banknote size={16} aria-hidden="true" />
              {t('dashboard.revenue')}
            </p>
            <p className="font-display text-3xl font-semibold leading-tight lining-nums tabular-nums">
              <bdi>{money(data.revenue[p])}</bdi>
            </p>
            {data.unconfirmed.orders[p] > 0 && (
              <p className="mt-1 text-xs opacity-80" data-testid={`unconfirmed-${p}`}>
                {t('dashboard.unconfirmed', {
                  amount: money(data.unconfirmed.revenue[p]),
                  orders: t('dashboard.paymentsOrders', { count: data.unconfirmed.orders[p], formatted: count(data.unconfirmed.orders[p], lng) }),
                })}
              </p>
            )}
            <p className={`mt-3 flex items-center gap-2 border-t pt-3 text-sm ${i === 0 ? 'border-ivory/15' : 'border-line/70'}`}>
              <ShoppingBag size={16} aria-hidden="true" className="opacity-80" />
              <span className="opacity-80">{t('dashboard.orders')}</span>
              <strong className="ms-auto text-lg tabular-nums">{count(data.orders[p], lng)}</strong>
            </p>
          </section>
        ))}
      </div>
      <p className="-mt-2 text-xs text-muted">{t('dashboard.revenueNote')}</p>
    </>
  );
}
