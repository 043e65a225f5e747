import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Search, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { PromotionStatus } from '../../../shared/domain/promotion-codes';
import type { PromotionFilters } from './api';

/** All, then every status, in the order the merchant looks at them most. */
const tabs: ReadonlyArray<PromotionStatus | undefined> = [undefined, 'active', 'scheduled', 'ended', 'paused'];

/** Status tabs above the list; each keeps the search and starts at page 1. */
export function PromotionStatusTabs({ filters, href }: { filters: PromotionFilters; href: (f: PromotionFilters) => string }) {
  const { t } = useTranslation('admin-promotions');
  return (
    <nav aria-label={t('filters.status')} className="mb-4 chip-row">
      {tabs.map((status) => {
        const active = filters.status === status;
        return (
          <Link
            key={status ?? 'all'}
            to={href({ ...filters, status, page: 1 })}
            aria-current={active ? 'page' : undefined}
            className={`inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-semibold transition-colors ${
              active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
            }`}
          >
            {status ? t(`status.${status}`) : t('filters.all')}
          </Link>
        );
      })}
    </nav>
  );
}

/** The search (code or name) of the list; applying it writes the URL, the status tab stays. */
export function PromotionSearch({ filters, formKey, onApply }: { filters: PromotionFilters; formKey: string; onApply: (f: PromotionFilters) => void }) {
  const { t } = useTranslation('admin-promotions');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    onApply({ status: filters.status, q: q || undefined });
  };
  return (
    <form
      key={formKey}
      onSubmit={submit}
      role="search"
      aria-label={t('filters.label')}
      className="flex flex-wrap items-center gap-2 border-b border-line/70 p-4"
    >
      <label htmlFor="promotions-q" className="sr-only">
        {t('filters.search')}
      </label>
      <div className="relative min-w-[12rem] flex-1">
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id="promotions-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={64}
          className="field h-10 py-0 !ps-9 text-sm"
        />
      </div>
      <button type="submit" className="btn btn-primary h-10 px-5 py-0 text-sm">
        {t('filters.apply')}
      </button>
      {filters.q && (
        <button
          type="button"
          onClick={() => onApply({ status: filters.status })}
          className="inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold text-muted hover:bg-sand hover:text-ink"
        >
          <X size={15} aria-hidden="true" />
          {t('filters.clear')}
        </button>
      )}
    </form>
  );
}
