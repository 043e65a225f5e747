import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Mail, Phone, Printer } from 'lucide-react';
import type { OrderStatusValue } from '../../../shared/domain/order-status';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { useShopSettings } from '../../app/use-shop-settings';
import { showToast } from '../../components/ui/toast';
import { AdminPage, Card, EmptyState, StatusBadge } from '../admin';
import { useGetAdminOrderQuery, useSetAdminOrderStatusMutation } from './orders-api';
import { useOrderFormat } from './format';

type Fmt = ReturnType<typeof useOrderFormat>;

/** `/admin/orders/:id`: one order, its status actions, history and a printable packing slip. */
export default function OrderPage() {
  const { t } = useTranslation('admin-orders');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: order, error, isLoading, refetch } = useGetAdminOrderQuery(id, { skip: !valid });
  const fmt = useOrderFormat();

  const back = (
    <Link to="/admin/orders" className="mb-2 inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink print:hidden">
      <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
      {t('back')}
    </Link>
  );

  if (!valid || (error && !order)) {
    const missing = !valid || (typeof error === 'object' && error && 'status' in error && error.status === 404);
    return (
      <AdminPage title={t('title')}>
        {back}
        <Card>
          <EmptyState>{missing ? t('notFound') : t('loadFailed')}</EmptyState>
          {!missing && (
            <div className="mt-4 text-center">
              <button type="button" className="btn btn-ghost !py-2 text-sm" onClick={() => void refetch()}>
                {t('retry')}
              </button>
            </div>
          )}
        </Card>
      </AdminPage>
    );
  }
  if (isLoading || !order)
    return (
      <AdminPage title={t('title')}>
        <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
          <div className="h-64 animate-pulse rounded-2xl bg-white/70 lg:col-span-2" />
          <div className="h-64 animate-pulse rounded-2xl bg-white/70" />
        </div>
      </AdminPage>
    );

  return (
    <>
      <div className="mx-auto w-full max-w-[1200px]">{back}</div>
      <AdminPage
        title={t('orderTitle', { number: order.number })}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={order.status} />
            <span>{t('placedOn', { date: fmt.date(order.createdAt, 'long') })}</span>
          </span>
        }
        actions={
          <button type="button" onClick={() => window.print()} className="btn btn-ghost !py-2 text-sm">
            <Printer size={16} aria-hidden="true" />
            {t('actions.print')}
          </button>
        }
      >
        {/* On a phone the status and the customer come first: that is what the merchant acts on. */}
        <div className="grid items-start gap-5 lg:grid-cols-3">
          <div className="grid gap-5 lg:col-start-3 lg:row-start-1">
            <StatusActions order={order} onConflict={() => void refetch()} />
            <Card title={t('customer.title')}>
              <p className="font-semibold">{order.customerName}</p>
              <a
                href={`tel:${order.phone}`}
                className="mt-2 flex items-center gap-2 text-sm font-medium text-amber-dark hover:underline"
                aria-label={t('customer.call', { phone: order.phone })}
              >
                <Phone size={15} aria-hidden="true" />
                <span dir="ltr">{fmt.phone(order.phone)}</span>
              </a>
              {order.email ? (
                <a href={`mailto:${order.email}`} className="mt-1.5 flex items-center gap-2 text-sm break-all hover:underline">
                  <Mail size={15} aria-hidden="true" className="shrink-0" />
                  {order.email}
                </a>
              ) : (
                <p className="mt-1.5 flex items-center gap-2 text-sm text-muted">
                  <Mail size={15} aria-hidden="true" />
                  {t('customer.noEmail')}
                </p>
              )}
            </Card>
            <Card title={t('delivery.title')}>
              <dl className="grid gap-3 text-sm">
                <div>
                  <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.governorate')}</dt>
                  <dd className="mt-0.5">{fmt.governorate(order.governorate)}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.city')}</dt>
                  <dd className="mt-0.5">{order.city}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{t('delivery.address')}</dt>
                  <dd className="mt-0.5 whitespace-pre-line">{order.address}</dd>
                </div>
                {order.notes && (
                  <div className="rounded-xl bg-honey/15 p-3">
                    <dt className="text-xs font-semibold tracking-wide text-amber-dark uppercase">{t('delivery.notes')}</dt>
                    <dd className="mt-0.5 whitespace-pre-line">{order.notes}</dd>
                  </div>
                )}
              </dl>
            </Card>
          </div>
          <div className="grid gap-5 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <Lines order={order} fmt={fmt} />
            <History order={order} fmt={fmt} />
          </div>
        </div>
        <PackingSlip order={order} fmt={fmt} />
      </AdminPage>
    </>
  );
}

function Lines({ order, fmt }: { order: AdminOrder; fmt: Fmt }) {
  const { t } = useTranslation('admin-orders');
  return (
    <Card title={t('lines.title')} className="!p-0 overflow-hidden [&>div:first-child]:px-5 [&>div:first-child]:pt-5">
      <ul className="divide-y divide-line/70 border-t border-line/70">
        {order.lines.map((l, i) => (
          <li key={i} className="flex gap-4 px-5 py-3.5">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{l.name}</p>
              <p className="mt-0.5 text-xs text-muted">
                <span className="font-mono">{l.sku}</span>
                {[l.color, l.size].filter(Boolean).map((v) => (
                  <span key={v}> · {v}</span>
                ))}
              </p>
              <p className="mt-1 text-sm text-muted tabular-nums">
                {l.quantity} × {fmt.money(l.unitPaid)}
                {l.unitPaid !== l.unitPrice && <span className="ms-2 text-xs line-through">{fmt.money(l.unitPrice)}</span>}
              </p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{fmt.money(l.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="grid gap-2 border-t border-line/70 bg-ivory/60 px-5 py-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('lines.subtotal')}</dt>
          <dd className="tabular-nums">{fmt.money(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('lines.shipping')}</dt>
          <dd className="tabular-nums">{order.shippingFee === 0 ? t('lines.free') : fmt.money(order.shippingFee)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line/70 pt-2 text-base font-semibold">
          <dt>{t('lines.total')}</dt>
          <dd className="tabular-nums">{fmt.money(order.total)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('lines.payment')}</dt>
          <dd>{t('lines.cod')}</dd>
        </div>
      </dl>
    </Card>
  );
}

function History({ order, fmt }: { order: AdminOrder; fmt: Fmt }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  return (
    <Card title={t('history.title')}>
      <ol className="relative ms-1.5 border-s border-line">
        {[...order.history].reverse().map((h, i) => (
          <li key={`${h.at}-${h.to}`} className="relative ps-5 pb-5 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute -start-[5px] top-1.5 h-2.5 w-2.5 rounded-full ring-4 ring-white ${i === 0 ? 'bg-amber' : 'bg-line'}`}
            />
            <p className="text-sm font-semibold">
              {h.from ? t('history.changed', { from: ta(`status.${h.from}`), to: ta(`status.${h.to}`) }) : t('history.placed')}
            </p>
            <p className="mt-0.5 text-xs text-muted">
              {fmt.date(h.at)}
              {h.from && ` · ${h.actor ? t('history.by', { name: h.actor }) : t('history.byShop')}`}
            </p>
            {h.note && <p className="mt-1.5 rounded-lg bg-ivory px-3 py-2 text-sm">{h.note}</p>}
          </li>
        ))}
      </ol>
    </Card>
  );
}

const tone: Partial<Record<OrderStatusValue, string>> = {
  cancelled: 'btn border border-rose/40 bg-white text-rose hover:bg-rose/5',
  returned: 'btn btn-ghost',
};

function StatusActions({ order, onConflict }: { order: AdminOrder; onConflict: () => void }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  const [setStatus, { isLoading }] = useSetAdminOrderStatusMutation();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);

  const change = async (to: OrderStatusValue) => {
    try {
      await setStatus({ id: order.id, status: to, note: note.trim() || undefined }).unwrap();
      showToast('success', t('actions.done', { number: order.number, status: ta(`status.${to}`) }));
      setNote('');
      setConfirming(false);
    } catch (e) {
      const err = e as { status?: number | string; data?: { error?: { code?: string } } };
      const code = err.data?.error?.code;
      setConfirming(false);
      if (err.status === 409 || err.status === 404) {
        showToast('error', t(`errors.${code === 'order_not_found' ? 'order_not_found' : 'status_conflict'}`));
        onConflict();
      } else showToast('error', t(err.status === 'FETCH_ERROR' ? 'errors.network' : 'errors.generic'));
    }
  };

  if (order.nextStatuses.length === 0)
    return (
      <Card title={t('actions.title')}>
        <p className="text-sm text-muted">{t('actions.none')}</p>
      </Card>
    );

  return (
    <Card title={t('actions.title')} className="print:hidden">
      {confirming ? (
        <div role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-text" className="rounded-xl border border-rose/30 bg-rose/5 p-4">
          <p id="cancel-title" className="font-semibold text-rose">
            {t('actions.confirmCancelTitle', { number: order.number })}
          </p>
          <p id="cancel-text" className="mt-1 text-sm">
            {t('actions.confirmCancelText')}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={isLoading}
              onClick={() => void change('cancelled')}
              className="btn bg-rose !py-2 text-sm text-white hover:bg-rose/90"
              autoFocus
            >
              {isLoading ? t('actions.saving') : t('actions.confirmCancel')}
            </button>
            <button type="button" disabled={isLoading} onClick={() => setConfirming(false)} className="btn btn-ghost !py-2 text-sm">
              {t('actions.keep')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className="grid gap-2">
            {order.nextStatuses.map((to) => (
              <button
                key={to}
                type="button"
                disabled={isLoading}
                onClick={() => (to === 'cancelled' ? setConfirming(true) : void change(to))}
                className={`${tone[to] ?? 'btn btn-primary'} w-full !py-2.5 text-sm disabled:opacity-60`}
              >
                {t(`actions.to.${to}`)}
              </button>
            ))}
          </div>
          <label htmlFor="status-note" className="mt-4 mb-1.5 block text-sm font-semibold">
            {t('actions.note')}
          </label>
          <textarea
            id="status-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            rows={2}
            placeholder={t('actions.notePlaceholder')}
            className="field resize-y text-sm"
          />
        </>
      )}
    </Card>
  );
}

/**
 * The printed page: only this shows on paper (the style below hides the app while this order is
 * open), so the admin chrome never reaches the courier.
 */
function PackingSlip({ order, fmt }: { order: AdminOrder; fmt: Fmt }) {
  const { t, i18n } = useTranslation('admin-orders');
  const shop = useShopSettings();
  const dir = i18n.dir(i18n.resolvedLanguage);
  return createPortal(
    <div dir={dir} lang={i18n.resolvedLanguage} className="hidden bg-white p-8 text-[13px] text-black print:block" data-testid="packing-slip">
      <style
        href="admin-orders-print"
        precedence="default"
      >{`@media print { #root { display: none !important; } html, body { background: #fff !important; } @page { margin: 14mm; } }`}</style>
      <header className="flex items-start justify-between gap-6 border-b-2 border-black pb-4">
        <div>
          <p className="font-display text-3xl font-semibold">{shop.shopName}</p>
          <p className="mt-1 text-xs" dir="ltr">
            {shop.phone}
          </p>
        </div>
        <div className="text-end">
          <p className="text-xs tracking-widest uppercase">{t('slip.title')}</p>
          <p className="mt-1 text-xl font-bold">{order.number}</p>
          <p className="text-xs">{fmt.date(order.createdAt, 'long')}</p>
        </div>
      </header>
      <section className="mt-5 grid grid-cols-2 gap-6">
        <div>
          <p className="text-xs font-semibold tracking-wide uppercase">{t('slip.shipTo')}</p>
          <p className="mt-1 text-base font-semibold">{order.customerName}</p>
          <p dir="ltr" className="text-start">
            {fmt.phone(order.phone)}
          </p>
          <p className="mt-1 whitespace-pre-line">{order.address}</p>
          <p>
            {order.city}, {fmt.governorate(order.governorate)}
          </p>
        </div>
        {order.notes && (
          <div>
            <p className="text-xs font-semibold tracking-wide uppercase">{t('slip.notes')}</p>
            <p className="mt-1 whitespace-pre-line">{order.notes}</p>
          </div>
        )}
      </section>
      <table className="mt-6 w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-start text-xs uppercase">
            <th className="py-2 text-start">{t('slip.item')}</th>
            <th className="py-2 text-start">{t('lines.sku')}</th>
            <th className="py-2 text-end">{t('slip.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => (
            <tr key={i} className="border-b border-neutral-300">
              <td className="py-2">
                {l.name}
                {[l.color, l.size].filter(Boolean).map((v) => ` · ${v}`)}
              </td>
              <td className="py-2 font-mono text-xs">{l.sku}</td>
              <td className="py-2 text-end text-base font-semibold">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 flex items-center justify-between gap-6 rounded-lg border-2 border-black p-4">
        <div>
          <p className="text-sm font-semibold">{t('slip.collect')}</p>
          <p className="text-xs">{t('lines.cod')}</p>
        </div>
        <p className="text-2xl font-bold tabular-nums">{fmt.money(order.total)}</p>
      </div>
      <p className="mt-8 text-center text-xs">{t('slip.thanks', { shop: shop.shopName })}</p>
    </div>,
    document.body,
  );
}
