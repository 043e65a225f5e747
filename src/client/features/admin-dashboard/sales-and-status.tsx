import { lazy, Suspense } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { orderStatuses } from '../../../shared/domain/order-status';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { Card, EmptyState, StatusBadge } from '../admin';
import { count } from './format';

const SalesChart = lazy(() => import('./sales-chart'));

/** The last 30 days' sales chart and the orders by status, each status linking to its list. */
export function SalesAndStatus({ data, lng, money }: { data: Dashboard; lng: string; money: (p: number) => string }) {
  const { t } = useTranslation('admin-dash');
  const hasSales = data.sales.some((d) => d.orders > 0);
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <Card title={t('dashboard.sales')} className="min-w-0 lg:col-span-2">
        {hasSales ? (
          <Suspense fallback={<div className="h-[280px] animate-pulse rounded-xl bg-ivory" aria-label={t('dashboard.chartLoading')} />}>
            <SalesChart
              sales={data.sales}
              lng={lng}
              dayLabelText={t('dashboard.date')}
              revenueLabel={t('dashboard.salesRevenue')}
              ordersLabel={t('dashboard.salesOrders')}
              periodLabel={t('dashboard.days30')}
              unit={t('dashboard.unit')}
              money={money}
            />
          </Suspense>
        ) : (
          <EmptyState>{t('dashboard.salesEmpty')}</EmptyState>
        )}
      </Card>

      <Card
        title={t('dashboard.byStatus')}
        actions={
          <Link to="/admin/orders" className="text-sm font-semibold text-amber-dark hover:underline">
            {t('dashboard.allOrders')}
          </Link>
        }
      >
        <ul className="grid gap-1">
          {orderStatuses.map((s) => (
            <li key={s}>
              <Link
                to={`/admin/orders?status=${s}`}
                className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-ivory focus-visible:bg-ivory"
              >
                <StatusBadge status={s} />
                <span className="ms-auto text-base font-semibold tabular-nums">{count(data.byStatus[s], lng)}</span>
                <ChevronRight size={16} aria-hidden="true" className="text-muted rtl:rotate-180" />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
