import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { ArrowUpRight } from 'lucide-react';
import { columnHelper, DataTable } from '../../components/data-table';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { Card, StatusBadge } from '../admin';
import { dateTime } from './format';

type LatestOrder = Dashboard['latest'][number];
const col = columnHelper<LatestOrder>();
const orderId = (o: LatestOrder) => String(o.id);

/** The latest orders: a table on wide screens, one line per order on a phone. */
export function LatestOrders({ orders, lng, money }: { orders: LatestOrder[]; lng: string; money: (p: number) => string }) {
  const { t } = useTranslation('admin-dash');
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('number', {
          header: t('dashboard.order'),
          cell: ({ row: { original: o } }) => (
            <Link to={`/admin/orders/${o.id}`} className="font-semibold text-amber-dark hover:underline" dir="ltr">
              {o.number}
            </Link>
          ),
        }),
        col.accessor('customerName', { header: t('dashboard.customer') }),
        col.accessor('createdAt', {
          header: t('dashboard.date'),
          meta: { className: 'whitespace-nowrap text-muted' },
          cell: ({ getValue }) => dateTime(getValue(), lng),
        }),
        col.accessor('status', { header: t('dashboard.status'), cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
        col.accessor('total', {
          header: t('dashboard.total'),
          meta: { align: 'end', className: 'font-semibold tabular-nums' },
          cell: ({ getValue }) => <bdi>{money(getValue())}</bdi>,
        }),
      ]),
    [t, lng, money],
  );
  return (
    <Card
      title={t('dashboard.latest')}
      actions={
        <Link to="/admin/orders" className="inline-flex items-center gap-1 text-sm font-semibold text-amber-dark hover:underline">
          {t('dashboard.viewAll')}
          <ArrowUpRight size={14} aria-hidden="true" className="rtl:-scale-x-100" />
        </Link>
      }
    >
      <DataTable
        label={t('dashboard.latest')}
        columns={columns}
        data={orders}
        getRowId={orderId}
        scrollClassName="-mx-5"
        empty={t('dashboard.latestEmpty')}
        card={(o) => (
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
        )}
      />
    </Card>
  );
}
