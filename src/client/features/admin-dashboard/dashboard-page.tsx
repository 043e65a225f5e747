import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowUpRight, Banknote, ChevronRight, PackageOpen, RefreshCw, ShoppingBag, Trophy } from 'lucide-react';
import { AdminPage, Card, EmptyState, LoadFailed, StatusBadge, tableClass } from '../admin';
import { formatPiastres } from '../../../shared/domain/currency';
import { orderStatuses } from '../../../shared/domain/order-status';
import { shopDay } from '../../../shared/domain/shop-time';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { useGetAdminDashboardQuery } from './api';
import { count, dateTime, dayLabel } from './format';

const SalesChart = lazy(() => import('./sales-chart'));

/** `/admin`: the day's figures, the last 30 days' sales, stock to reorder and the latest orders. */
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
  const { t } = useTranslation('admin-dash');
  const periods = ['today', 'days7', 'days30'] as const;
  const hasSales = data.sales.some((d) => d.orders > 0);

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {periods.map((p, i) => (
          <section
            key={p}
            aria-labelledby={`period-${p}`}
            className={`rounded-2xl border p-5 shadow-soft ${i === 0 ? 'border-ink bg-ink text-ivory' : 'border-line/70 bg-white text-ink'}`}
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
            <p className={`mt-3 flex items-center gap-2 border-t pt-3 text-sm ${i === 0 ? 'border-ivory/15' : 'border-line/70'}`}>
              <ShoppingBag size={16} aria-hidden="true" className="opacity-80" />
              <span className="opacity-80">{t('dashboard.orders')}</span>
              <strong className="ms-auto text-lg tabular-nums">{count(data.orders[p], lng)}</strong>
            </p>
          </section>
        ))}
      </div>
      <p className="-mt-2 text-xs text-muted">{t('dashboard.revenueNote')}</p>

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

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <ListCard icon={<PackageOpen size={18} aria-hidden="true" />} title={t('dashboard.lowStock')} hint={t('dashboard.lowStockHint')}>
          {data.lowStock.length === 0 ? (
            <EmptyState>{t('dashboard.lowStockEmpty')}</EmptyState>
          ) : (
            <ul className="divide-y divide-line/70">
              {data.lowStock.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/products/edit/${p.id}`} className="flex items-center gap-3 py-2.5 hover:bg-ivory">
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{p.name}</span>
                      <span className="block text-xs text-muted">
                        <bdi dir="ltr">{p.sku}</bdi>
                      </span>
                    </span>
                    <span
                      className={`inline-flex min-w-16 items-center justify-center rounded-full px-2.5 py-1 text-xs font-bold tabular-nums ${p.stock === 0 ? 'bg-rose/10 text-rose' : 'bg-honey/20 text-amber-dark'}`}
                    >
                      {p.stock === 0 ? t('dashboard.outOfStock') : `${t('dashboard.stock')} ${count(p.stock, lng)}`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </ListCard>

        <ListCard icon={<Trophy size={18} aria-hidden="true" />} title={t('dashboard.bestSellers')} hint={t('dashboard.bestSellersHint')}>
          {data.bestSellers.length === 0 ? (
            <EmptyState>{t('dashboard.bestSellersEmpty')}</EmptyState>
          ) : (
            <ol className="divide-y divide-line/70">
              {data.bestSellers.map((p, i) => (
                <li key={p.productId} className="flex items-center gap-3 py-2.5">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sand text-xs font-bold">{i + 1}</span>
                  <Link to={`/admin/products/edit/${p.productId}`} className="min-w-0 flex-1 truncate font-semibold hover:underline">
                    {p.name}
                  </Link>
                  <span className="text-end text-sm">
                    <span className="block font-semibold tabular-nums">
                      {t('dashboard.sold')} {count(p.quantity, lng)}
                    </span>
                    <bdi className="block text-xs text-muted tabular-nums">{money(p.revenue)}</bdi>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </ListCard>
      </div>

      <Card
        title={t('dashboard.latest')}
        actions={
          <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm font-semibold text-amber-dark hover:underline">
            {t('dashboard.viewAll')}
            <ArrowUpRight size={14} aria-hidden="true" className="rtl:-scale-x-100" />
          </Link>
        }
      >
        {data.latest.length === 0 ? (
          <EmptyState>{t('dashboard.latestEmpty')}</EmptyState>
        ) : (
          <>
            <div className="-mx-5 hidden overflow-x-auto md:block">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.order')}</th>
                    <th scope="col">{t('dashboard.customer')}</th>
                    <th scope="col">{t('dashboard.date')}</th>
                    <th scope="col">{t('dashboard.status')}</th>
                    <th scope="col" className="!text-end">
                      {t('dashboard.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.latest.map((o) => (
                    <tr key={o.id}>
                      <td>
                        <Link to={`/admin/orders/${o.id}`} className="font-semibold text-amber-dark hover:underline" dir="ltr">
                          {o.number}
                        </Link>
                      </td>
                      <td>{o.customerName}</td>
                      <td className="whitespace-nowrap text-muted">{dateTime(o.createdAt, lng)}</td>
                      <td>
                        <StatusBadge status={o.status} />
                      </td>
                      <td className="text-end font-semibold tabular-nums">
                        <bdi>{money(o.total)}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="divide-y divide-line/70 md:hidden">
              {data.latest.map((o) => (
                <li key={o.id}>
                  <Link to={`/admin/orders/${o.id}`} className="flex items-center gap-3 py-3">
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold">
                        <bdi dir="ltr">{o.number}</bdi>
                      </span>
                      <span className="block truncate text-sm text-muted">
                        {o.customerName} · {dateTime(o.createdAt, lng)}
                      </span>
                    </span>
                    <span className="flex flex-col items-end gap-1">
                      <bdi className="text-sm font-semibold tabular-nums">{money(o.total)}</bdi>
                      <StatusBadge status={o.status} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>
    </div>
  );
}

function ListCard({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-sand text-amber-dark">{icon}</span>
          {title}
        </span>
      }
      actions={<span className="text-xs text-muted">{hint}</span>}
    >
      {children}
    </Card>
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
