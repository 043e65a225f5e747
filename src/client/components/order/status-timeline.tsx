import { useTranslation } from '../../app/i18n-view';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { OrderStatusValue } from '../../../shared/domain/order-status';

/** One status an order reached, and when (ISO instant). */
export interface StatusStep {
  status: OrderStatusValue;
  at: string;
}

/**
 * An order's statuses as a timeline, newest first, the current one marked in amber: what the
 * customer is told of its history (no admin notes or names).
 */
export function StatusTimeline({ history, className = '' }: { history: StatusStep[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <ol className={`relative ms-1.5 border-s border-line ${className}`} data-testid="status-timeline">
      {[...history].reverse().map((step, i) => (
        <li key={`${step.at}-${step.status}`} className="relative ps-6 pb-6 last:pb-0" data-testid="status-step">
          <span aria-hidden="true" className={`absolute -start-[6px] top-1.5 h-3 w-3 rounded-full ring-4 ring-white ${i === 0 ? 'bg-amber' : 'bg-line'}`} />
          <p className={`text-sm font-semibold ${i === 0 ? 'text-ink' : 'text-olive'}`}>
            {i === history.length - 1 && (step.status === 'pending' || step.status === 'awaiting_payment')
              ? t('orderView.historyPlaced')
              : t(`orderStatus.${step.status}`)}
          </p>
          <p className="mt-0.5 text-xs text-muted">
            <time dateTime={step.at}>{formatShopTime(step.at, lng, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
