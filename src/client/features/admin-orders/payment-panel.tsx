import { useMemo, useState, type ReactNode } from 'react';
import { AlertTriangle, Undo2 } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { isRefundable, isUnpaid, wasPaidOnline } from '../../../shared/domain/payments';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { columnHelper, DataTable } from '../../components/data-table';
import { Card, useCan } from '../admin';
import type { OrderFormat } from './format';
import { PaymentMethodLabel, PaymentStateBadge } from './payment-display';
import { RefundForm } from './refund-form';

type Attempt = AdminOrder['paymentDetails']['attempts'][number];
type Transaction = AdminOrder['paymentDetails']['transactions'][number];

const outcomeTone = { succeeded: 'text-olive', failed: 'text-rose', pending: 'text-amber-dark' } as const;
const attemptTone = { created: 'text-muted', pending: 'text-amber-dark', succeeded: 'text-olive', failed: 'text-rose', not_started: 'text-muted' } as const;

/** A Paymob id: monospaced and left to right in Arabic too; `wrap` lets a long one break anywhere (a phone card). */
const Id = ({ value, wrap = false }: { value: string | null; wrap?: boolean }) =>
  value ? (
    <bdi dir="ltr" className={`font-mono text-xs ${wrap ? 'break-all' : 'whitespace-nowrap'}`}>
      {value}
    </bdi>
  ) : (
    <span className="text-muted">–</span>
  );

/** A table across the card's padding, its first and last columns lined up with the text above. */
const edgeToEdge = '-mx-5 [&_tr>*:first-child]:ps-5 [&_tr>*:last-child]:pe-5';

const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** One figure of the summary: a small label above its value. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/**
 * The order page's payment: method and state, what was paid and refunded, Paymob's order and
 * transaction ids, the flag the merchant must act on, each attempt and each transaction, and the
 * refund for a role that may make one (`payments.refund`) while something is left to refund.
 */
export function PaymentPanel({ order, fmt }: { order: AdminOrder; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  const mayRefund = useCan('payments.refund');
  const [refunding, setRefunding] = useState(false);
  const { payment, paymentDetails: details } = order;
  const online = payment.method !== 'cod' || details.attempts.length > 0 || details.transactions.length > 0;
  const paymobOrders = unique(details.attempts.map((a) => a.paymobOrderId));
  const paidWith = unique([
    ...details.attempts.filter((a) => a.state === 'succeeded').map((a) => a.transactionId),
    ...details.transactions.filter((x) => x.kind === 'payment' && x.outcome === 'succeeded').map((x) => x.transactionId),
  ]);
  const canRefund = mayRefund && details.refundable > 0;
  const kioskPaid = payment.method === 'kiosk' && isRefundable(payment.state);

  return (
    <div id="payment" className="scroll-mt-6">
      <Card
        title={t('payment.title')}
        actions={
          canRefund &&
          !refunding && (
            <button type="button" onClick={() => setRefunding(true)} className="btn btn-ghost !py-1.5 text-sm print:hidden">
              <Undo2 size={15} aria-hidden="true" className="rtl:-scale-x-100" />
              {t('refund.open')}
            </button>
          )
        }
      >
        {details.flag && (
          <p className="mb-4 flex gap-2.5 rounded-xl border border-rose/30 bg-rose/5 p-3 text-sm font-medium text-rose">
            <AlertTriangle size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            {t(`payment.flag.${details.flag}`)}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm sm:grid-cols-3">
          <Figure label={t('payment.methodLabel')}>
            <PaymentMethodLabel method={payment.method} />
          </Figure>
          <Figure label={t('payment.stateLabel')}>
            <PaymentStateBadge state={payment.state} />
          </Figure>
          <Figure label={t('payment.total')}>
            <span className="font-semibold tabular-nums">{fmt.money(order.total)}</span>
          </Figure>
          {wasPaidOnline(payment.state) && (
            <>
              <Figure label={t('payment.refunded')}>
                <span className="tabular-nums">{fmt.money(payment.refunded)}</span>
              </Figure>
              <Figure label={t('payment.refundable')}>
                <span className="tabular-nums">{fmt.money(details.refundable)}</span>
              </Figure>
            </>
          )}
          {payment.dueAt && isUnpaid(payment.state) && (
            <Figure label={t('payment.dueAt')}>
              <span className="tabular-nums">{fmt.date(payment.dueAt)}</span>
            </Figure>
          )}
          {payment.billReference && (
            <Figure label={t('payment.billReference')}>
              <Id value={payment.billReference} />
            </Figure>
          )}
          {paymobOrders.length > 0 && (
            <Figure label={t('payment.paymobOrders')}>
              <span className="grid justify-items-start gap-0.5">
                {paymobOrders.map((id) => (
                  <Id key={id} value={id} />
                ))}
              </span>
            </Figure>
          )}
          {paidWith.length > 0 && (
            <Figure label={t('payment.transactionIds')}>
              <span className="grid justify-items-start gap-0.5">
                {paidWith.map((id) => (
                  <Id key={id} value={id} />
                ))}
              </span>
            </Figure>
          )}
        </dl>
        {!online && <p className="mt-4 text-sm text-muted">{t('payment.cashNote')}</p>}
        {kioskPaid && mayRefund && <p className="mt-4 text-sm text-muted">{t('payment.kioskNoRefund')}</p>}
        {refunding && canRefund && (
          <div className="mt-5 print:hidden">
            <RefundForm order={order} refundable={details.refundable} fmt={fmt} onClose={() => setRefunding(false)} />
          </div>
        )}
        {details.attempts.length > 0 && <Attempts attempts={details.attempts} fmt={fmt} />}
        {details.transactions.length > 0 && <Transactions transactions={details.transactions} fmt={fmt} />}
      </Card>
    </div>
  );
}

const attemptCol = columnHelper<Attempt>();
const attemptId = (a: Attempt) => a.reference;

/** Each try at paying online, oldest first: method and our reference, Paymob's ids, amount, how it ended. */
function Attempts({ attempts, fmt }: { attempts: Attempt[]; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  const columns = useMemo(
    () =>
      attemptCol.columns([
        attemptCol.accessor('createdAt', {
          header: t('payment.col.date'),
          meta: { className: 'whitespace-nowrap text-muted' },
          cell: ({ getValue }) => fmt.date(getValue()),
        }),
        attemptCol.accessor('method', {
          header: t('payment.col.method'),
          cell: ({ row: { original: a } }) => (
            <>
              <PaymentMethodLabel method={a.method} />
              <span className="mt-0.5 block">
                <Id value={a.reference} />
              </span>
            </>
          ),
        }),
        attemptCol.accessor('paymobOrderId', { header: t('payment.col.paymobOrder'), cell: ({ getValue }) => <Id value={getValue()} /> }),
        attemptCol.accessor('transactionId', { header: t('payment.col.transaction'), cell: ({ getValue }) => <Id value={getValue()} /> }),
        attemptCol.accessor('amount', {
          header: t('payment.col.amount'),
          meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
          cell: ({ getValue }) => fmt.money(getValue()),
        }),
        attemptCol.accessor('state', {
          header: t('payment.col.state'),
          meta: { className: 'whitespace-nowrap' },
          cell: ({ getValue }) => <span className={`font-semibold ${attemptTone[getValue()]}`}>{t(`payment.attemptState.${getValue()}`)}</span>,
        }),
      ]),
    [t, fmt],
  );
  return (
    <section className="mt-6">
      <h3 className="mb-2 text-sm font-semibold">{t('payment.attempts')}</h3>
      <DataTable
        label={t('payment.attempts')}
        columns={columns}
        data={attempts}
        getRowId={attemptId}
        empty={null}
        scrollClassName={edgeToEdge}
        card={(a) => (
          <div className="py-3">
            <div className="flex items-center justify-between gap-3">
              <PaymentMethodLabel method={a.method} />
              <span className="font-semibold tabular-nums">{fmt.money(a.amount)}</span>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs">
              <span className={`font-semibold ${attemptTone[a.state]}`}>{t(`payment.attemptState.${a.state}`)}</span>
              <span className="text-muted">{fmt.date(a.createdAt)}</span>
            </p>
            <IdLines
              ids={[
                [t('payment.col.reference'), a.reference],
                [t('payment.col.paymobOrder'), a.paymobOrderId],
                [t('payment.col.transaction'), a.transactionId],
              ]}
            />
          </div>
        )}
      />
    </section>
  );
}

/** A phone card's ids, each under its name. */
function IdLines({ ids }: { ids: Array<[string, string | null]> }) {
  return (
    <dl className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
      {ids
        .filter(([, v]) => v)
        .map(([label, v]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd>
              <Id value={v} wrap />
            </dd>
          </div>
        ))}
    </dl>
  );
}

const transactionCol = columnHelper<Transaction>();
const transactionId = (x: Transaction) => `${x.transactionId}-${x.outcome}`;

/** What Paymob reported and the refunds made, in order: kind and where it came from, id, amount, outcome, reason. */
function Transactions({ transactions, fmt }: { transactions: Transaction[]; fmt: OrderFormat }) {
  const { t } = useTranslation('admin-orders');
  const { columns, signed, origin } = useMemo(() => {
    const signed = (x: Transaction) => fmt.money(x.kind === 'refund' ? -x.amount : x.amount);
    const origin = (x: Transaction) => (x.actor ? t('history.by', { name: x.actor }) : t(`payment.source.${x.source}`));
    const columns = transactionCol.columns([
      transactionCol.accessor('at', {
        header: t('payment.col.date'),
        meta: { className: 'whitespace-nowrap text-muted' },
        cell: ({ getValue }) => fmt.date(getValue()),
      }),
      transactionCol.accessor('kind', {
        header: t('payment.col.kind'),
        cell: ({ row: { original: x } }) => (
          <>
            <span className="block font-medium">{t(`payment.kind.${x.kind}`)}</span>
            <span className="block text-xs text-muted">{origin(x)}</span>
          </>
        ),
      }),
      transactionCol.accessor('transactionId', { header: t('payment.col.transaction'), cell: ({ getValue }) => <Id value={getValue()} /> }),
      transactionCol.accessor('amount', {
        header: t('payment.col.amount'),
        meta: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
        cell: ({ row: { original: x } }) => <bdi>{signed(x)}</bdi>,
      }),
      transactionCol.accessor('outcome', {
        header: t('payment.col.outcome'),
        meta: { className: 'whitespace-nowrap' },
        cell: ({ getValue }) => <span className={`font-semibold ${outcomeTone[getValue()]}`}>{t(`payment.outcome.${getValue()}`)}</span>,
      }),
      transactionCol.accessor('reason', {
        header: t('payment.col.reason'),
        meta: { className: 'text-xs' },
        cell: ({ getValue }) => <span dir="auto">{getValue() ?? '–'}</span>,
      }),
    ]);
    return { columns, signed, origin };
  }, [t, fmt]);
  return (
    <section className="mt-6">
      <h3 className="mb-2 text-sm font-semibold">{t('payment.transactions')}</h3>
      <DataTable
        label={t('payment.transactions')}
        columns={columns}
        data={transactions}
        getRowId={transactionId}
        empty={null}
        scrollClassName={edgeToEdge}
        card={(x) => (
          <div className="py-3">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium">{t(`payment.kind.${x.kind}`)}</span>
              <bdi className="font-semibold tabular-nums">{signed(x)}</bdi>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs">
              <span className={`font-semibold ${outcomeTone[x.outcome]}`}>{t(`payment.outcome.${x.outcome}`)}</span>
              <span className="text-muted">
                {fmt.date(x.at)} · {origin(x)}
              </span>
            </p>
            <IdLines ids={[[t('payment.col.transaction'), x.transactionId]]} />
            {x.reason && (
              <p className="mt-1.5 text-xs" dir="auto">
                {x.reason}
              </p>
            )}
          </div>
        )}
      />
    </section>
  );
}
