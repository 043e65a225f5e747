import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { isOrderStatus } from '../../../shared/domain/order-status';
import { paymentStates } from '../../../shared/domain/payments';
import { DataTable, useTableParams } from '../../components/data-table';
import { AdminPage, Card, useCan } from '../admin';
import { filterParams, useGetAdminOrdersQuery, type OrderFilters, type PaymentFilter } from './orders-api';
import { useOrderFormat } from './format';
import { OrderCard, useOrderColumns, type OrderRow } from './order-columns';
import { OrderSearch, StatusTabs } from './order-filters';
import { ExportCsvButton } from './export-button';

const day = /^\d{4}-\d{2}-\d{2}$/;
const isPaymentFilter = (value: string): value is PaymentFilter => value === 'flagged' || (paymentStates as readonly string[]).includes(value);
const orderId = (o: OrderRow) => String(o.id);

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
function readFilters(params: URLSearchParams, page: number): OrderFilters {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const payment = params.get('payment') ?? '';
  return {
    status: isOrderStatus(status) ? status : undefined,
    confirmation: params.get('confirmation') === 'awaiting' ? 'awaiting' : undefined,
    review: params.get('review') === 'waiting' ? 'waiting' : undefined,
    payment: isPaymentFilter(payment) ? payment : undefined,
    q: params.get('q')?.trim() || undefined,
    from: day.test(from) ? from : undefined,
    to: day.test(to) ? to : undefined,
    page,
  };
}

/** `/admin/orders`: every order, newest first, filtered by status, payment, search and dates (all in the URL). */
export default function OrdersPage() {
  const { t } = useTranslation('admin-orders');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const filters = readFilters(params, table.page);
  const { data, isFetching, isError, refetch } = useGetAdminOrdersQuery(filters);
  const fmt = useOrderFormat();
  const columns = useOrderColumns();
  const mayExport = useCan('orders.export');

  const href = (f: OrderFilters) => {
    const qs = filterParams(f).toString();
    return `/admin/orders${qs ? `?${qs}` : ''}`;
  };
  const csvHref = () => {
    const qs = filterParams(filters, false).toString();
    return `/api/admin/orders.csv${qs ? `?${qs}` : ''}`;
  };
  const filtered = Boolean(filters.status || filters.confirmation || filters.review || filters.payment || filters.q || filters.from || filters.to);

  return (
    <AdminPage
      title={t('title')}
      subtitle={data ? (data.totalExact ? t('subtitle', { count: data.total }) : t('subtitleMore', { count: data.total })) : undefined}
      actions={mayExport ? <ExportCsvButton href={csvHref()} /> : undefined}
    >
      <StatusTabs filters={filters} href={href} />
      <OrderSearch filters={filters} formKey={params.toString()} onApply={(f) => void navigate(href(f))} />
      <Card className="!p-0 overflow-hidden">
        <div aria-live="polite">
          <DataTable
            label={t('title')}
            columns={columns}
            data={data?.items}
            getRowId={orderId}
            empty={filtered ? t('emptyFiltered') : t('empty')}
            failed={isError && !data && { message: t('loadFailed'), retryLabel: t('retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: data.total, pageSize: data.pageSize, exact: data.totalExact }}
            card={(o) => <OrderCard o={o} fmt={fmt} />}
            onRowClick={(o) => void navigate(`/admin/orders/${o.id}`)}
            bleed
          />
        </div>
      </Card>
    </AdminPage>
  );
}
