import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Search, X } from 'lucide-react';
import { orderStatuses, isOrderStatus } from '../../../shared/domain/order-status';
import { AdminPage, Card, EmptyState, Pager, StatusBadge, tableClass } from '../admin';
import { filterParams, useGetAdminOrdersQuery, type OrderFilters } from './orders-api';
import { useOrderFormat } from './format';
import { PhoneNumber } from '../../components/ui/phone-number';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    status: isOrderStatus(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
    from: day.test(from) ? from : undefined,
    to: day.test(to) ? to : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `/admin/orders`: every order, newest first, filtered by status, search and dates (all in the URL). */
export default function OrdersPage() {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const { data, isFetching, isError, refetch } = useGetAdminOrdersQuery(filters);
  const fmt = useOrderFormat();

  const href = (f: OrderFilters) => {
    const qs = filterParams(f).toString();
    return `/admin/orders${qs ? `?${qs}` : ''}`;
  };
  const csvHref = () => {
    const qs = filterParams(filters, false).toString();
    return `/api/admin/orders.csv${qs ? `?${qs}` : ''}`;
  };
  const filtered = Boolean(filters.status || filters.q || filters.from || filters.to);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    void navigate(href({ status: filters.status, q: value('q'), from: value('from'), to: value('to') }));
  };

  const tabs = [undefined, ...orderStatuses];
  const tabClass = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-semibold transition-colors ${
      active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
    }`;

  return (
    <AdminPage
      title={t('title')}
      subtitle={data ? t('subtitle', { count: data.total }) : undefined}
      actions={
        <a href={csvHref()} download className="btn btn-ghost !py-2 text-sm">
          <Download size={16} aria-hidden="true" />
          {t('exportCsv')}
        </a>
      }
    >
      <nav aria-label={t('filters.status')} className="-mx-1 mb-4 flex gap-2 overflow-x-auto px-1 pb-1">
        {tabs.map((status) => (
          <Link
            key={status ?? 'all'}
            to={href({ ...filters, status, page: 1 })}
            className={tabClass(filters.status === status)}
            aria-current={filters.status === status ? 'page' : undefined}
          >
            {status ? ta(`status.${status}`) : t('filters.all')}
          </Link>
        ))}
      </nav>

      <Card className="mb-4 !p-4">
        <form
          key={params.toString()}
          onSubmit={submit}
          role="search"
          aria-label={t('filters.label')}
          className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_auto_auto] md:items-end"
        >
          <div>
            <label htmlFor="orders-q" className="mb-1.5 block text-sm font-semibold">
              {t('filters.search')}
            </label>
            <div className="relative">
              <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
              <input
                id="orders-q"
                name="q"
                type="search"
                defaultValue={filters.q ?? ''}
                placeholder={t('filters.searchPlaceholder')}
                className="field !ps-9"
                maxLength={100}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 md:contents">
            <div>
              <label htmlFor="orders-from" className="mb-1.5 block text-sm font-semibold">
                {t('filters.from')}
              </label>
              <input id="orders-from" name="from" type="date" defaultValue={filters.from ?? ''} max={filters.to} className="field md:w-44" />
            </div>
            <div>
              <label htmlFor="orders-to" className="mb-1.5 block text-sm font-semibold">
                {t('filters.to')}
              </label>
              <input id="orders-to" name="to" type="date" defaultValue={filters.to ?? ''} min={filters.from} className="field md:w-44" />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <button type="submit" className="btn btn-primary !py-[0.7rem]">
              {t('filters.apply')}
            </button>
            {filtered && (
              <Link
                to="/admin/orders"
                className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-muted hover:bg-sand hover:text-ink"
              >
                <X size={15} aria-hidden="true" />
                {t('filters.clear')}
              </Link>
            )}
          </div>
        </form>
      </Card>

      <Card className="!p-0 overflow-hidden">
        <div aria-busy={isFetching} aria-live="polite">
          {isError && !data ? (
            <div className="p-8 text-center">
              <p className="text-sm text-muted">{t('loadFailed')}</p>
              <button type="button" onClick={() => void refetch()} className="btn btn-ghost mt-4 !py-2 text-sm">
                {t('retry')}
              </button>
            </div>
          ) : !data ? (
            <ul className="divide-y divide-line/70" aria-label={ta('common.loading')}>
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i} className="flex items-center gap-4 px-4 py-4">
                  <span className="h-4 w-24 animate-pulse rounded bg-sand" />
                  <span className="h-4 flex-1 animate-pulse rounded bg-sand/70" />
                  <span className="h-4 w-16 animate-pulse rounded bg-sand" />
                </li>
              ))}
            </ul>
          ) : data.items.length === 0 ? (
            <div className="p-4">
              <EmptyState>{filtered ? t('emptyFiltered') : t('empty')}</EmptyState>
            </div>
          ) : (
            <div className={isFetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              {/* Phones: one card per order. */}
              <ul className="divide-y divide-line/70 sm:hidden">
                {data.items.map((o) => (
                  <li key={o.id}>
                    <Link to={`/admin/orders/${o.id}`} className="block px-4 py-3.5 hover:bg-ivory">
                      <span className="flex items-center justify-between gap-3">
                        <span className="font-semibold text-ink">{o.number}</span>
                        <StatusBadge status={o.status} />
                      </span>
                      <span className="mt-1 flex items-center justify-between gap-3 text-sm">
                        <span className="truncate">{o.customerName}</span>
                        <span className="shrink-0 font-semibold tabular-nums">{fmt.money(o.total)}</span>
                      </span>
                      <span className="mt-0.5 block text-xs text-muted">
                        {fmt.date(o.createdAt)} · {fmt.governorate(o.governorate)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {/* Wider screens: the table. */}
              <div className="hidden overflow-x-auto sm:block">
                <table className={tableClass}>
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.number')}</th>
                      <th scope="col">{t('columns.date')}</th>
                      <th scope="col">{t('columns.customer')}</th>
                      <th scope="col">{t('columns.governorate')}</th>
                      <th scope="col">{t('columns.status')}</th>
                      <th scope="col" className="!text-end">
                        {t('columns.total')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((o) => (
                      <tr key={o.id} className="cursor-pointer" onClick={() => void navigate(`/admin/orders/${o.id}`)}>
                        <td>
                          <Link
                            to={`/admin/orders/${o.id}`}
                            className="font-semibold text-ink underline-offset-4 hover:underline"
                            onClick={(e) => e.stopPropagation()}
                          >
                            {o.number}
                          </Link>
                        </td>
                        <td className="whitespace-nowrap text-muted">{fmt.date(o.createdAt)}</td>
                        <td>
                          <span className="block font-medium">{o.customerName}</span>
                          <PhoneNumber value={o.phone} className="block text-xs text-muted" />
                        </td>
                        <td>{fmt.governorate(o.governorate)}</td>
                        <td>
                          <StatusBadge status={o.status} />
                        </td>
                        <td className="text-end font-semibold whitespace-nowrap tabular-nums">{fmt.money(o.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </div>
      </Card>
      {data && (
        <div className="px-1">
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} href={(page) => href({ ...filters, page })} />
        </div>
      )}
    </AdminPage>
  );
}
