import { AlertTriangle, Banknote, CreditCard, Smartphone, Store, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { PaymentFlag, PaymentMethod, PaymentState } from '../../../shared/domain/payments';
import { Badge } from '../admin';

const methodIcon: Record<PaymentMethod, LucideIcon> = { cod: Banknote, card: CreditCard, wallet: Smartphone, kiosk: Store };

const stateTone: Record<PaymentState, string> = {
  cod: 'bg-stone-100 text-stone-700',
  awaiting_payment: 'bg-violet-100 text-violet-800',
  payment_failed: 'bg-rose/10 text-rose',
  paid: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-stone-200 text-stone-700',
  partially_refunded: 'bg-sky-100 text-sky-800',
  refunded: 'bg-indigo-100 text-indigo-800',
};

/** How an order is paid, as an icon and its name; `compact` keeps the name for screen readers and the tooltip only. */
export function PaymentMethodLabel({ method, compact = false }: { method: PaymentMethod; compact?: boolean }) {
  const { t } = useTranslation('admin-orders');
  const Icon = methodIcon[method];
  const name = t(`payment.method.${method}`);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" title={compact ? name : undefined}>
      <Icon size={compact ? 15 : 16} aria-hidden="true" className="shrink-0 text-muted" />
      <span className={compact ? 'sr-only' : ''}>{name}</span>
    </span>
  );
}

/** Where an order's payment stands, as a coloured pill. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation('admin-orders');
  return <Badge tone={stateTone[state]}>{t(`payment.state.${state}`)}</Badge>;
}

/** A payment the merchant must look at, as a warning icon named for screen readers (and in its tooltip). */
export function PaymentFlagIcon({ flag }: { flag: PaymentFlag }) {
  const { t } = useTranslation('admin-orders');
  const text = t(`payment.flagShort.${flag}`);
  return (
    <span className="inline-flex text-rose" title={text}>
      <AlertTriangle size={16} aria-hidden="true" />
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** The orders list's payment cell: cash on delivery as plain words; else the method's icon, the state's pill and any flag. */
export function PaymentSummary({ method, state, flag }: { method: PaymentMethod; state: PaymentState; flag: PaymentFlag | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs text-muted">
      {state === 'cod' ? (
        <PaymentMethodLabel method={method} />
      ) : (
        <>
          <PaymentMethodLabel method={method} compact />
          <PaymentStateBadge state={state} />
        </>
      )}
      {flag && <PaymentFlagIcon flag={flag} />}
    </span>
  );
}
