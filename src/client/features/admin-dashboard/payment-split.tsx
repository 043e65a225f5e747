import { Banknote, CreditCard } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { numberLocale } from '../../../shared/domain/currency';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { Card } from '../admin';
import { count } from './format';

/**
 * Orders paid online against cash on delivery over the last 30 days: each side's revenue and
 * orders, and a bar of their shares of the revenue (online at the start, as it reads).
 */
export function PaymentSplit({ data, lng, money }: { data: Dashboard; lng: string; money: (p: number) => string }) {
  const { t } = useTranslation('admin-dash');
  const { online, cod } = data.payments;
  const revenue = online.revenue + cod.revenue;
  const percent = (n: number) =>
    new Intl.NumberFormat(numberLocale(lng), { style: 'percent', maximumFractionDigits: 0 }).format(revenue === 0 ? 0 : n / revenue);
  const sides = [
    { key: 'online', figures: online, icon: CreditCard, dot: 'bg-amber', text: 'text-amber-dark' },
    { key: 'cod', figures: cod, icon: Banknote, dot: 'bg-olive', text: 'text-olive' },
  ] as const;

  return (
    <Card
      title={t('dashboard.payments')}
      actions={<span className="shrink-0 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">{t('dashboard.paymentsHint')}</span>}
    >
      {online.orders + cod.orders === 0 ? (
        <p className="text-sm text-muted">{t('dashboard.paymentsNone')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 sm:gap-8">
            {sides.map(({ key, figures, icon: Icon, dot, text }, i) => (
              <div key={key} className={i === 1 ? 'border-s border-line/70 ps-4 sm:ps-8' : ''}>
                <dt className="flex items-center gap-2 text-sm text-muted">
                  <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${dot}`} />
                  <Icon size={16} aria-hidden="true" className="hidden shrink-0 sm:block" />
                  {t(`dashboard.${key}`)}
                </dt>
                <dd className="mt-1">
                  <span className="block font-display text-2xl leading-tight font-semibold lining-nums tabular-nums sm:text-3xl">
                    <bdi>{money(figures.revenue)}</bdi>
                  </span>
                  <span className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold">{t('dashboard.paymentsOrders', { count: figures.orders, formatted: count(figures.orders, lng) })}</span>
                    <span className={`text-xs font-semibold ${text}`}>{t('dashboard.paymentsShare', { percent: percent(figures.revenue) })}</span>
                  </span>
                </dd>
              </div>
            ))}
          </dl>
          <div
            role="img"
            aria-label={t('dashboard.paymentsBar', { online: percent(online.revenue), cod: percent(cod.revenue) })}
            className="mt-5 flex h-3 gap-0.5 overflow-hidden rounded-full bg-sand"
          >
            {sides
              .filter(({ figures }) => figures.revenue > 0)
              .map(({ key, figures, dot }) => (
                <span key={key} className={`h-full ${dot}`} style={{ width: `${(figures.revenue / revenue) * 100}%` }} />
              ))}
          </div>
          <p className="mt-3 text-xs text-muted">{t('dashboard.paymentsNote')}</p>
        </>
      )}
    </Card>
  );
}
