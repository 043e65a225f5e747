import { Link, useParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { AlertTriangle, ArrowLeft, Printer } from 'lucide-react';
import { AdminPage, Card, EmptyState, StatusBadge } from '../admin';
import { ThingHistory } from '../admin-activity';
import { OrderReturns } from '../admin-returns';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { useGetAdminOrderQuery } from './orders-api';
import { useOrderFormat } from './format';
import { CustomerCard, DeliveryCard } from './order-customer';
import { History, Lines } from './order-lines';
import { PackingSlip } from './packing-slip';
import { PaymentPanel } from './payment-panel';
import { StatusActions } from './status-actions';
import { ReviewCard } from './review-card';
import { WhatsAppConfirmation } from './whatsapp-confirmation';

/** What moves when the order's log gets an entry: its status, its confirmation, its payment. */
const historyVersion = (o: AdminOrder) =>
  `${o.status}|${o.history.length}|${o.payment.state}|${o.payment.refunded}|${o.review?.reviewedAt ?? ''}|${o.phoneBlocked}`;

/** `/admin/orders/:id`: one order, its status actions, payment, history and a printable packing slip. */
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
        {order.paymentDetails.flag && (
          <p className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-rose/30 bg-rose/5 px-4 py-3 text-sm font-semibold text-rose print:hidden">
            <AlertTriangle size={18} aria-hidden="true" className="shrink-0" />
            {t(`payment.flagShort.${order.paymentDetails.flag}`)}
            <a href="#payment" className="ms-auto underline underline-offset-4 hover:no-underline">
              {t('payment.seePayment')}
            </a>
          </p>
        )}
        {/* On a phone the status and the customer come first: that is what the merchant acts on. */}
        <div className="grid items-start gap-5 lg:grid-cols-3">
          <div className="grid gap-5 lg:col-start-3 lg:row-start-1">
            <ReviewCard order={order} fmt={fmt} onConflict={() => void refetch()} />
            {/* The WhatsApp confirmation is for cash on delivery: an order paid online was confirmed by its payment. */}
            {order.payment.method === 'cod' && <WhatsAppConfirmation order={order} fmt={fmt} onConflict={() => void refetch()} />}
            <StatusActions order={order} onConflict={() => void refetch()} />
            <OrderReturns orderId={order.id} />
            <CustomerCard order={order} fmt={fmt} />
            <DeliveryCard order={order} fmt={fmt} />
          </div>
          <div className="grid gap-5 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <Lines order={order} fmt={fmt} />
            <PaymentPanel order={order} fmt={fmt} />
            <History order={order} fmt={fmt} />
            {/* Every admin change of the order (the activity log's entries for it): read when opened, again when the order moves. */}
            <ThingHistory of="orders" id={order.id} version={historyVersion(order)} />
          </div>
        </div>
        <PackingSlip order={order} fmt={fmt} />
      </AdminPage>
    </>
  );
}
