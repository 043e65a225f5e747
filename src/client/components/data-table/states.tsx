import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** A calm box saying there is nothing to show (or what went wrong). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-ivory p-8 text-center text-sm text-muted">{children}</p>;
}

/** The list could not be loaded: says so and offers to try again. */
export function TableFailed({ message, retryLabel, onRetry }: { message?: ReactNode; retryLabel?: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <EmptyState>
      {message ?? t('common.loadFailed')}{' '}
      <button type="button" onClick={onRetry} className="font-semibold text-ink underline">
        {retryLabel ?? t('common.retry')}
      </button>
    </EmptyState>
  );
}

/** Placeholder rows while the first page loads, announced as loading. */
export function TableLoading({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('admin');
  return (
    <div role="status">
      <span className="sr-only">{t('common.loading')}</span>
      <ul className="divide-y divide-line/70" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex items-center gap-4 px-4 py-4">
            <span className="h-4 w-24 animate-pulse rounded bg-sand" />
            <span className="h-4 flex-1 animate-pulse rounded bg-sand/70" />
            <span className="h-4 w-16 animate-pulse rounded bg-sand" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Previous / next with "page X of Y"; `href(page)` keeps the list's filters in the URL. When the
 * server counted only so far (`exact` false), `total` and `pages` are lower bounds and said so.
 */
export function Pager({
  page,
  pages,
  total,
  exact = true,
  href,
  className = '',
}: {
  page: number;
  pages: number;
  total: number;
  exact?: boolean;
  href: (page: number) => string;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  if (pages <= 1) return null;
  const link = 'inline-flex h-9 items-center gap-1 rounded-full border border-line bg-white px-3 text-sm font-semibold hover:border-ink';
  return (
    <nav aria-label={t('common.pagination')} className={`mt-4 flex items-center justify-between gap-3 text-sm ${className}`}>
      <span className="text-muted">{exact ? t('common.pageOf', { page, pages, total }) : t('common.pageOfMore', { page, pages, total })}</span>
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
