import { useState } from 'react';
import { Link } from 'react-router';
import { Ban, CheckCircle2, Clock, Copy, RotateCcw, XCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useShopSettings } from '../../app/use-shop-settings';
import { errorKeys, failureOf } from '../../app/api-failure';
import { FormAlert } from '../../components/form';
import { formatPiastres } from '../../../shared/domain/currency';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { isOnlineMethod, isUnpaid, type PaymentMethod, type PaymentState } from '../../../shared/domain/payments';
import type { Order } from '../../../shared/schemas/checkout';
import { paymentMethodView } from './payment-methods';
import { useChoosePaymentMutation } from './order-payment-api';

/** How each state of an online payment is shown: its icon, the icon's colours, and its lines (`orderPayment.*`). */
const stateView = {
  paid: { icon: CheckCircle2, tone: 'bg-moss/15 text-moss', title: 'orderPayment.paid', text: 'orderPayment.paidText' },
  payment_failed: { icon: XCircle, tone: 'bg-[#fdf3f0] text-rose', title: 'orderPayment.failed', text: 'orderPayment.failedText' },
  awaiting_payment: { icon: Clock, tone: 'bg-sand text-amber-dark', title: 'orderPayment.awaiting', text: 'orderPayment.awaitingText' },
  expired: { icon: Ban, tone: 'bg-sand text-muted', title: 'orderPayment.expired', text: 'orderPayment.expiredText' },
  partially_refunded: { icon: RotateCcw, tone: 'bg-sand text-olive', title: 'orderPayment.refunded', text: 'orderPayment.refundedText' },
  refunded: { icon: RotateCcw, tone: 'bg-sand text-olive', title: 'orderPayment.refunded', text: 'orderPayment.refundedText' },
} as const satisfies Record<Exclude<PaymentState, 'cod'>, { icon: LucideIcon; tone: string; title: `orderPayment.${string}`; text: `orderPayment.${string}` }>;

const payKey = { card: 'orderPayment.payCard', wallet: 'orderPayment.payWallet', kiosk: 'orderPayment.payKiosk', cod: 'orderPayment.payCod' } as const;

/** The kiosk code to pay with at Aman, large and copyable, with how and by when to pay. */
function KioskCode({ code, total, due }: { code: string; total: string; due: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <div className="mt-6 rounded-2xl border-2 border-dashed border-amber/40 bg-ivory p-5 text-center sm:p-6" data-testid="kiosk-code">
      <p className="text-sm font-semibold text-olive">{t('orderPayment.kioskTitle')}</p>
      <p className="mt-2 select-all break-all text-4xl font-semibold tabular-nums tracking-[0.12em] sm:text-5xl" dir="ltr" data-testid="bill-reference">
        {code}
      </p>
      <button type="button" onClick={copy} className="btn btn-ghost mt-4 h-10 gap-2 px-4">
        <Copy size={16} aria-hidden="true" />
        {t('orderPayment.copy')}
      </button>
      <p className="mt-1 min-h-5 text-sm font-semibold text-moss" role="status">
        {copied ? t('orderPayment.copied') : ''}
      </p>
      <p className="mx-auto mt-2 max-w-md text-sm text-olive">{t('orderPayment.kioskText', { amount: total })}</p>
      {due && <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('orderPayment.heldUntil', { time: due })}</p>}
    </div>
  );
}

/**
 * Pay again online with each method the shop offers (the order's own first, as the main button), or
 * cash on delivery instead. Beside a kiosk code (`withCode`), a new code is not offered and no way is put first.
 */
function PaymentChoices({ order, token, withCode, onCod }: { order: Order; token: string; withCode: boolean; onCod: () => void }) {
  const { t } = useTranslation();
  const { paymentMethods } = useShopSettings();
  const [choosePayment] = useChoosePaymentMutation();
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const online = paymentMethods
    .filter((m) => isOnlineMethod(m) && !(withCode && m === 'kiosk'))
    .sort((a, b) => Number(b === order.paymentMethod) - Number(a === order.paymentMethod));
  const choices: PaymentMethod[] = [...online, ...(paymentMethods.includes('cod') ? (['cod'] as const) : [])];

  const choose = async (method: PaymentMethod) => {
    setBusy(method);
    setAlert(null);
    try {
      const { paymentUrl } = await choosePayment({ number: order.number, token, method }).unwrap();
      if (paymentUrl) {
        // The buttons stay disabled while the browser leaves for Paymob's page.
        window.location.assign(paymentUrl);
        return;
      }
      if (method === 'cod') onCod();
      else setAlert(t('orderPayment.unreachable'));
    } catch (err) {
      setAlert(t(errorKeys(failureOf(err).code, 'apiErrors')));
    }
    setBusy(null);
  };

  return (
    <div className="mt-6 border-t border-line pt-5">
      <h3 className="font-semibold">{t('orderPayment.otherWays')}</h3>
      {alert && <FormAlert className="mt-3">{alert}</FormAlert>}
      <div className="mt-3 grid gap-3 sm:flex sm:flex-wrap">
        {choices.map((method, i) => {
          const Icon = paymentMethodView[method].icon;
          return (
            <button
              key={method}
              type="button"
              disabled={busy !== null}
              onClick={() => void choose(method)}
              className={`btn h-11 gap-2 disabled:opacity-70 ${i === 0 && method !== 'cod' && !withCode ? 'btn-primary' : 'btn-ghost'}`}
              data-testid={`pay-${method}`}
            >
              <Icon size={18} />
              {busy === method ? t('orderPayment.busy') : t(payKey[method])}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * How an order paid online stands (issue 29): received, failed, waiting for the bank (a kiosk
 * order: its Aman code), expired, or refunded. While unpaid, the shopper may pay again online or
 * switch to cash on delivery. `stale`: the page stopped asking for news (it offers to ask again).
 */
export function PaymentPanel({ order, token, stale, onCheck, onCod }: { order: Order; token: string; stale: boolean; onCheck: () => void; onCod: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { state, method, billReference, dueAt, refunded } = order.payment;
  if (state === 'cod') return null;
  const view = stateView[state];
  const Icon = view.icon;
  const egp = (piastres: number) => formatPiastres(piastres, lng);
  const due = dueAt && formatShopTime(dueAt, lng, { dateStyle: 'medium', timeStyle: 'short' });
  const kiosk = state === 'awaiting_payment' && method === 'kiosk' && billReference;
  const MethodIcon = paymentMethodView[method].icon;
  return (
    <section className="mt-6 rounded-3xl bg-white p-5 shadow-soft sm:p-7" aria-labelledby="payment-title" data-testid="payment-panel" data-state={state}>
      <h2 id="payment-title" className="eyebrow">
        {t('orderPayment.title')}
      </h2>
      <div className="mt-3 flex items-start gap-4" aria-live="polite">
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${view.tone}`}>
          <Icon size={24} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="font-display text-2xl font-semibold leading-tight" data-testid="payment-state">
            {t(view.title, { amount: egp(refunded) })}
          </p>
          <p className="mt-1.5 text-muted">{kiosk ? t('orderPayment.kioskWaiting') : t(view.text)}</p>
          {isUnpaid(state) && due && !kiosk && <p className="mt-1 text-sm text-muted">{t('orderPayment.heldUntil', { time: due })}</p>}
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-sand/70 px-3 py-1 text-sm text-olive">
            <MethodIcon size={16} className="text-amber-dark" />
            {t(paymentMethodView[method].label)}
          </p>
        </div>
      </div>
      {kiosk && <KioskCode code={kiosk} total={egp(order.total)} due={due} />}
      {state === 'awaiting_payment' && stale && (
        <p className="mt-5 flex flex-wrap items-center gap-3 text-sm text-muted">
          {t('orderPayment.stillWaiting')}
          <button type="button" onClick={onCheck} className="font-semibold text-amber-dark underline underline-offset-4">
            {t('orderPayment.checkAgain')}
          </button>
        </p>
      )}
      {state === 'expired' && (
        <Link to="/shop-grid-standard" className="btn btn-primary mt-6">
          {t('orderPayment.shopAgain')}
        </Link>
      )}
      {isUnpaid(state) && <PaymentChoices order={order} token={token} withCode={!!kiosk} onCod={onCod} />}
    </section>
  );
}
