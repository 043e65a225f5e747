import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { columnHelper } from '../../components/data-table';
import { PhoneNumber } from '../../components/ui/phone-number';
import type { AdminOrderList } from '../../../shared/schemas/admin-order';
import { StatusBadge } from '../admin';
import { useOrderFormat } from './format';
import { ConfirmationBadge } from './whatsapp-confirmation';
import { PaymentSummary } from './payment-display';
import { PhoneRecordBadge, ReviewBadge } from './phone-record';

export type OrderRow = AdminOrderList['items'][number];
const col = columnHelper<OrderRow>();

/** The orders list's columns (newest first, as the server sends them). */
export function useOrderColumns() {
  const { t } = useTranslation('admin-orders');
  const { money, date, governorate } = useOrderFormat();
  return useMemo(
    () =>
      col.columns([
        col.accessor('number', {
          header: t('columns.number'),
          cell: ({ row: { original: o } }) => (
            <Link to={`/admin/orders/${o.id}`} className="font-semibold text-ink underline-offset-4 hover:underline" onClick={(e) => e.stopPropagation()}>
              {o.number}
            </Link>
          ),
        }),
        col.accessor('createdAt', { header: t('columns.date'), meta: { className: 'whitespace-nowrap text-muted' }, cell: ({ getValue }) => date(getValue()) }),
        col.accessor('customerName', {
          header: t('columns.customer'),
          cell: ({ row: { original: o } }) => (
            <>
              <span className="block font-medium">{o.customerName}</span>
              <PhoneNumber value={o.phone} className="block text-xs text-muted" />
              <span className="mt-1 block">
                <PhoneRecordBadge record={o.phoneRecord} />
              </span>
            </>
          ),
        }),
        col.accessor('governorate', { header: t('columns.governorate'), cell: ({ getValue }) => governorate(getValue()) }),
        col.accessor('status', {
          header: t('columns.status'),
          cell: ({ row: { original: o } }) => (
            <span className="flex flex-wrap items-center gap-1.5">
              <StatusBadge status={o.status} />
              <ConfirmationBadge status={o.status} confirmation={o.confirmation} />
              {o.toReview && <ReviewBadge />}
            </span>
          ),
        }),
        col.accessor('paymentState', {
          header: t('columns.payment'),
          cell: ({ row: { original: o } }) => <PaymentSummary method={o.paymentMethod} state={o.paymentState} flag={o.paymentFlag} />,
        }),
        col.accessor('total', {
          header: t('columns.total'),
          meta: { align: 'end', className: 'font-semibold whitespace-nowrap tabular-nums' },
          cell: ({ getValue }) => money(getValue()),
        }),
      ]),
    [t, money, date, governorate],
  );
}

/** One order as a phone card: number and status, customer and total, date and governorate, payment. */
export function OrderCard({ o, fmt }: { o: OrderRow; fmt: ReturnType<typeof useOrderFormat> }) {
  return (
    <Link to={`/admin/orders/${o.id}`} className="block px-4 py-3.5 hover:bg-ivory">
      <span className="flex items-start justify-between gap-3">
        <span className="shrink-0 font-semibold whitespace-nowrap text-ink">{o.number}</span>
        <span className="flex flex-wrap items-center justify-end gap-1.5">
          {o.toReview && <ReviewBadge />}
          <ConfirmationBadge status={o.status} confirmation={o.confirmation} />
          <StatusBadge status={o.status} />
        </span>
      </span>
      <span className="mt-1 flex items-center justify-between gap-3 text-sm">
        <span className="truncate">{o.customerName}</span>
        <span className="shrink-0 font-semibold tabular-nums">{fmt.money(o.total)}</span>
      </span>
      <span className="mt-1 block">
        <PhoneRecordBadge record={o.phoneRecord} />
      </span>
      <span className="mt-0.5 flex items-center justify-between gap-3 text-xs text-muted">
        <span className="truncate">
          {fmt.date(o.createdAt)} · {fmt.governorate(o.governorate)}
        </span>
        <span className="shrink-0">
          <PaymentSummary method={o.paymentMethod} state={o.paymentState} flag={o.paymentFlag} />
        </span>
      </span>
    </Link>
  );
}
