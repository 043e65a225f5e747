import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertTriangle, ChevronLeft, ChevronRight } from 'lucide-react';
import type { OrderStatusValue } from '../../../shared/domain/order-status';

/**
 * The admin's small kit: page header with the `Admin - <Page>` title, cards, labelled fields with
 * their error beside them, status badges and a pager. Every admin page builds from these so the
 * area looks like one product.
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

/** A label, the control, an optional hint and the error for it (wired with aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props for an input inside a Field: invalid state and the error's id. */
export const fieldProps = (id: string, error?: string) => ({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined });

const statusTone: Record<OrderStatusValue, string> = {
  pending: 'bg-honey/20 text-amber-dark',
  confirmed: 'bg-sky-100 text-sky-800',
  shipped: 'bg-indigo-100 text-indigo-800',
  delivered: 'bg-moss/15 text-olive',
  cancelled: 'bg-rose/10 text-rose',
  returned: 'bg-stone-200 text-stone-700',
};

export function StatusBadge({ status }: { status: OrderStatusValue }) {
  const { t } = useTranslation('admin');
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[status]}`}>{t(`status.${status}`)}</span>;
}

/** Previous / next with "page X of Y"; `href(page)` keeps the list's filters in the URL. */
export function Pager({ page, pageSize, total, href }: { page: number; pageSize: number; total: number; href: (page: number) => string }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const link = 'inline-flex h-9 items-center gap-1 rounded-full border border-line bg-white px-3 text-sm font-semibold hover:border-ink';
  return (
    <nav aria-label={t('common.pagination')} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-muted">{t('common.pageOf', { page, pages, total })}</span>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={href(page - 1)} className={link} rel="prev">
            <ChevronLeft size={16} className="rtl:rotate-180" aria-hidden="true" />
            {t('common.previous')}
          </Link>
        )}
        {page < pages && (
          <Link to={href(page + 1)} className={link} rel="next">
            {t('common.next')}
            <ChevronRight size={16} className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        )}
      </div>
    </nav>
  );
}

/** Table chrome shared by the admin lists. */
export const tableClass =
  'w-full min-w-[640px] border-collapse text-sm [&_th]:bg-sand/60 [&_th]:px-3 [&_th]:py-2.5 [&_th]:text-start [&_th]:text-xs [&_th]:font-semibold [&_th]:uppercase [&_th]:tracking-wide [&_th]:text-muted [&_td]:border-t [&_td]:border-line/70 [&_td]:px-3 [&_td]:py-3 [&_tbody_tr:hover]:bg-ivory';

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-ivory p-8 text-center text-sm text-muted">{children}</p>;
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
