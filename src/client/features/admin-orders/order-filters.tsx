import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Search, ShieldAlert } from 'lucide-react';
import { WhatsAppIcon } from '../../components/layout/chat-button';
import { orderStatuses, type OrderStatusValue } from '../../../shared/domain/order-status';
import { paymentStates } from '../../../shared/domain/payments';
import { Card, DateRangeFields, FilterActions } from '../admin';
import type { OrderFilters, PaymentFilter } from './orders-api';

const paymentFilters: readonly PaymentFilter[] = [...paymentStates, 'flagged'];

/** Status tabs above the orders list; each keeps the other filters and starts at page 1. */
export function StatusTabs({ filters, href }: { filters: OrderFilters; href: (f: OrderFilters) => string }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  const tabClass = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-semibold transition-colors ${
      active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
    }`;
  const awaiting = filters.confirmation === 'awaiting';
  const reviewing = filters.review === 'waiting';
  const statusTab = (status: OrderStatusValue | undefined) => {
    const active = !awaiting && !reviewing && filters.status === status;
    return (
      <Link
        key={status ?? 'all'}
        to={href({ ...filters, status, confirmation: undefined, review: undefined, page: 1 })}
        className={tabClass(active)}
        aria-current={active ? 'page' : undefined}
      >
        {status ? ta(`status.${status}`) : t('filters.all')}
      </Link>
    );
  };
  return (
    <nav aria-label={t('filters.status')} className="mb-4 chip-row">
      {statusTab(undefined)}
      {/* The merchant's WhatsApp queue, second so a phone shows it without scrolling: pending orders the customer has not yet confirmed or refused. */}
      <Link
        to={href({ ...filters, status: undefined, confirmation: 'awaiting', review: undefined, page: 1 })}
        className={`${tabClass(awaiting)} gap-1.5`}
        aria-current={awaiting ? 'page' : undefined}
      >
        <WhatsAppIcon className="h-4 w-4" />
        {t('filters.awaiting')}
      </Link>
      {/* Orders the risk rules flagged, until someone marks them reviewed (decision 042). */}
      <Link
        to={href({ ...filters, status: undefined, confirmation: undefined, review: 'waiting', page: 1 })}
        className={`${tabClass(reviewing)} gap-1.5`}
        aria-current={reviewing ? 'page' : undefined}
      >
        <ShieldAlert className="h-4 w-4" aria-hidden="true" />
        {t('filters.review')}
      </Link>
      {orderStatuses.map(statusTab)}
    </nav>
  );
}

/**
 * Search, payment and date range of the orders list; applying them writes the URL (the status
 * stays). Choosing a payment applies at once, with whatever else is typed.
 */
export function OrderSearch({ filters, formKey, onApply }: { filters: OrderFilters; formKey: string; onApply: (f: OrderFilters) => void }) {
  const { t } = useTranslation('admin-orders');
  const filtered = Boolean(filters.status || filters.confirmation || filters.review || filters.payment || filters.q || filters.from || filters.to);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const payment = paymentFilters.find((p) => p === value('payment'));
    onApply({
      status: filters.status,
      confirmation: filters.confirmation,
      review: filters.review,
      payment,
      q: value('q'),
      from: value('from'),
      to: value('to'),
    });
  };
  return (
    <Card className="mb-4 !p-4">
      <form
        key={formKey}
        onSubmit={submit}
        role="search"
        aria-label={t('filters.label')}
        className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_auto_auto] md:items-end xl:grid-cols-[minmax(0,1fr)_auto_auto_auto_auto]"
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
        <div>
          <label htmlFor="orders-payment" className="mb-1.5 block text-sm font-semibold">
            {t('filters.payment')}
          </label>
          <select
            id="orders-payment"
            name="payment"
            defaultValue={filters.payment ?? ''}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className="field min-h-[calc(2.8rem+2px)] !py-0 md:w-48"
          >
            <option value="">{t('filters.paymentAll')}</option>
            {paymentFilters.map((p) => (
              <option key={p} value={p}>
                {p === 'flagged' ? t('filters.flagged') : t(`payment.state.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields idPrefix="orders" from={filters.from} to={filters.to} labels={{ from: t('filters.from'), to: t('filters.to') }} breakpoint="md" />
        <FilterActions filtered={filtered} clearTo="/admin/orders" labels={{ apply: t('filters.apply'), clear: t('filters.clear') }} />
      </form>
    </Card>
  );
}
