import { useCallback } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { RefreshCw } from 'lucide-react';
import { AdminPage, LoadFailed } from '../admin';
import { formatPiastres } from '../../../shared/domain/currency';
import { shopDay } from '../../../shared/domain/shop-time';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { useGetAdminDashboardQuery } from './api';
import { dayLabel } from './format';
import { LatestOrders } from './latest-orders';
import { PeriodCards } from './period-cards';
import { TodoCard } from './todo-card';
import { ConfirmationCard } from './confirmation-card';
import { PaymentSplit } from './payment-split';
import { SalesAndStatus } from './sales-and-status';
import { StockLists } from './stock-lists';
import { SearchLists } from './search-lists';

/** `/admin`: what needs doing first (orders to confirm and ship, stock to reorder, failed messages), then the day's figures, online against cash payments, the last 30 days' sales, stock to reorder, what shoppers search for and the latest orders. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation(['admin-dash', 'admin']);
  const lng = i18n.language;
  const { data, isLoading, isError, isFetching, refetch } = useGetAdminDashboardQuery({ lng }, { refetchOnMountOrArgChange: 30, refetchOnFocus: true });
  const money = useCallback((p: number) => formatPiastres(p, lng), [lng]);

  return (
    <AdminPage
      title={t('admin:menu.dashboard')}
      subtitle={t('dashboard.subtitle', { date: dayLabel(shopDay(new Date()), lng, true) })}
      actions={
        <button type="button" onClick={() => void refetch()} className="btn btn-ghost h-10 px-4" disabled={isFetching}>
          <RefreshCw size={16} aria-hidden="true" className={isFetching ? 'animate-spin' : ''} />
          <span className="sr-only sm:not-sr-only">{t('dashboard.refresh')}</span>
        </button>
      }
    >
      {isLoading ? <Skeleton /> : isError || !data ? <LoadFailed onRetry={() => void refetch()} /> : <Overview data={data} lng={lng} money={money} />}
    </AdminPage>
  );
}

function Overview({ data, lng, money }: { data: Dashboard; lng: string; money: (p: number) => string }) {
  return (
    <div className="grid grid-cols-1 gap-5">
      <TodoCard todo={data.todo} lng={lng} />
      <PeriodCards data={data} lng={lng} money={money} />
      <PaymentSplit data={data} lng={lng} money={money} />
      <ConfirmationCard data={data} lng={lng} />
      <SalesAndStatus data={data} lng={lng} money={money} />
      <StockLists data={data} lng={lng} money={money} />
      <SearchLists lng={lng} />
      <LatestOrders orders={data.latest} lng={lng} money={money} />
    </div>
  );
}

function Skeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className="grid grid-cols-1 gap-5" role="status" aria-live="polite">
      <span className="sr-only">{t('common.loading')}</span>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 animate-pulse rounded-2xl border border-line/70 bg-white" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="h-80 animate-pulse rounded-2xl border border-line/70 bg-white lg:col-span-2" />
        <div className="h-80 animate-pulse rounded-2xl border border-line/70 bg-white" />
      </div>
    </div>
  );
}
