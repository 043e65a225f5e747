import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { AlertTriangle } from 'lucide-react';
import type { OrderStatusValue } from '../../../shared/domain/order-status';

// Lists, their pager and their empty state live in the shared DataTable; the empty box is reused here.
export { EmptyState } from '../../components/data-table';

/**
 * The admin's small kit: page header with the `Admin - <Page>` title, cards, labelled fields with
 * their error beside them and status badges. Every admin page builds from these so the area looks
 * like one product; lists are `DataTable`s (components/data-table).
 */
export function AdminPage({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto w-full max-w-[1200px]">
      <title>{t('layout.documentTitle', { page: title })}</title>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold leading-tight text-ink">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

export function Card({ title, actions, children, className = '' }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-line/70 bg-white p-5 shadow-soft ${className}`}>
      {(title || actions) && (
        <div className="mb-4 flex items-center justify-between gap-3">
          {title && <h2 className="text-base font-semibold text-ink">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

/** Admin fields are the shop's own form fields (src/client/components/form). */
export { Field, controlProps as fieldProps } from '../../components/form';

const statusTone: Record<OrderStatusValue, string> = {
  awaiting_payment: 'bg-violet-100 text-violet-800',
  pending: 'bg-honey/20 text-amber-dark',
  confirmed: 'bg-sky-100 text-sky-800',
  shipped: 'bg-indigo-100 text-indigo-800',
  delivered: 'bg-moss/15 text-olive',
  cancelled: 'bg-rose/10 text-rose',
  refused: 'bg-orange-100 text-orange-800',
  returned: 'bg-stone-200 text-stone-700',
};

/** A small pill naming a state; `tone` is its background and text colour classes. */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: OrderStatusValue }) {
  const { t } = useTranslation('admin');
  return <Badge tone={statusTone[status]}>{t(`status.${status}`)}</Badge>;
}

/** A page whose data could not be loaded: says so and offers to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <AlertTriangle className="text-rose" aria-hidden="true" />
        <p className="font-semibold">{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </Card>
  );
}

/**
 * A button drawn as an icon. Its translated name is required, so a screen reader always has one:
 * it stays in the page as visually hidden text, and `labelFromSm` shows it beside the icon from the
 * `sm` breakpoint up (the icon alone on a phone).
 */
export function IconButton({
  label,
  icon,
  labelFromSm = false,
  type = 'button',
  ...rest
}: { label: string; icon: ReactNode; labelFromSm?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'>) {
  return (
    <button type={type} {...rest}>
      {icon}
      <span className={labelFromSm ? 'sr-only sm:not-sr-only' : 'sr-only'}>{label}</span>
    </button>
  );
}
