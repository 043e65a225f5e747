import { useTranslation } from '../../app/i18n-view';
import { parseReturnHistoryNote } from '../../../shared/domain/returns';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { columnHelper, DataTable } from '../../components/data-table';
import { Card } from '../admin';
import type { OrderFormat } from './format';
import { PaymentMethodLabel } from './payment-display';

type Line = AdminOrder['lines'][number];
const col = columnHelper<Line>();
const lineColumns = col.columns([col.accessor('name', {}), col.accessor('quantity', {}), col.accessor('lineTotal', {})]);
const lineId = (_l: Line, index: number) => String(index);

/** One line: name, SKU and options, quantity at the price paid (the list price struck through when it differed), line total. */
function LineCard({ l, fmt }: { l: Line; fmt: OrderFormat }) {
  return (
    <div className="flex gap-4 px-5 py-3.5">
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
    </div>
  );
}

/** What was ordered (a DataTable in its card layout: the lines read as a list at every width) and the totals. */
export function Lines({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  return (
    <Card title={t('lines.title')} className="!p-0 overflow-hidden [&>div:first-child]:px-5 [&>div:first-child]:pt-5">
      <div className="border-t border-line/70">
        <DataTable
          label={t('lines.title')}
          columns={lineColumns}
          data={order.lines}
          getRowId={lineId}
          empty={null}
          layout="cards"
          card={(l) => <LineCard l={l} fmt={fmt} />}
        />
      </div>
      <dl className="grid gap-2 border-t border-line/70 bg-ivory/60 px-5 py-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('lines.subtotal')}</dt>
          <dd className="tabular-nums">{fmt.money(order.subtotal)}</dd>
        </div>
        {order.promotions.map((p, i) => (
          <div key={i} className="flex justify-between gap-4 text-emerald-800" data-testid="admin-order-promotion">
            <dt>{p.kind === 'free_delivery' ? t('lines.freeDeliveryOffer', { name: p.code ?? p.name }) : t('lines.discount', { name: p.code ?? p.name })}</dt>
            <dd className="tabular-nums">−{fmt.money(p.amount)}</dd>
          </div>
        ))}
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
          <dd>
            <PaymentMethodLabel method={order.payment.method} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** History notes the shop writes as codes (payments.ts, payment-news.ts); any other note is shown as written. */
const noteCodes = ['payment_expired', 'paid_twice', 'paid_after_expiry', 'payment_not_started'] as const;
const isNoteCode = (note: string): note is (typeof noteCodes)[number] => (noteCodes as readonly string[]).includes(note);

/** Every status change, newest first, with who made it, the payment move it records and the note. */
export function History({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  return (
    <Card title={t('history.title')}>
      <ol className="relative ms-1.5 border-s border-line">
        {[...order.history].reverse().map((h, i) => {
          const stayed = h.from === h.to;
          const answer = h.confirmation && t('history.confirmationRecorded', { answer: t(`confirmation.answer.${h.confirmation}`) });
          const payment = h.paymentState && t('history.payment', { state: t(`payment.state.${h.paymentState}`) });
          const returnStep = parseReturnHistoryNote(h.note);
          const courier = h.courierReason && t('history.courier', { reason: t(`courier.reasons.${h.courierReason}`) });
          const title = returnStep
            ? t('history.returnStep', { number: returnStep.number, state: t(`history.returnStates.${returnStep.state}`) })
            : stayed && answer
              ? answer
              : stayed && payment
                ? payment
                : h.from
                  ? t('history.changed', { from: ta(`status.${h.from}`), to: ta(`status.${h.to}`) })
                  : t('history.placed');
          return (
            <li key={`${h.at}-${h.to}-${h.confirmation ?? ''}-${h.paymentState ?? ''}-${h.transactionId ?? ''}`} className="relative ps-5 pb-5 last:pb-0">
              <span
                aria-hidden="true"
                className={`absolute -start-[5px] top-1.5 h-2.5 w-2.5 rounded-full ring-4 ring-white ${i === 0 ? 'bg-amber' : 'bg-line'}`}
              />
              <p className="text-sm font-semibold">{title}</p>
              {[answer, payment, courier]
                .filter((line) => line && line !== title)
                .map((line) => (
                  <p key={line} className="mt-0.5 text-xs font-medium text-olive">
                    {line}
                  </p>
                ))}
              <p className="mt-0.5 text-xs text-muted">
                {fmt.date(h.at)}
                {h.from && ` · ${h.actor ? t('history.by', { name: h.actor }) : t('history.byShop')}`}
              </p>
              {h.transactionId && (
                <p className="mt-0.5 text-xs text-muted">
                  {t('payment.transactionIds')}{' '}
                  <bdi dir="ltr" className="font-mono">
                    {h.transactionId}
                  </bdi>
                </p>
              )}
              {h.note && !returnStep && (
                <p className="mt-1.5 rounded-lg bg-ivory px-3 py-2 text-sm">{isNoteCode(h.note) ? t(`history.notes.${h.note}`) : h.note}</p>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
