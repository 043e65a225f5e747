import { Link } from 'react-router';
import { X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { reviewStatuses } from '../../../shared/domain/reviews';
import type { AdminReviewList } from '../../../shared/schemas/review';
import { reviewsHref, type ReviewFilters } from './api';
import { useReviewFormat } from './format';
import { ProductFilter } from './product-filter';

/** The four statuses as tabs with their counts (from the list's answer); each keeps the filters and starts at page 1. */
export function ReviewStatusTabs({ filters, counts }: { filters: ReviewFilters; counts: AdminReviewList['counts'] | undefined }) {
  const { t } = useTranslation('admin-reviews');
  const fmt = useReviewFormat();
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 chip-row">
      {reviewStatuses.map((status) => {
        const active = filters.status === status;
        const count = counts?.[status];
        return (
          <Link
            key={status}
            to={reviewsHref({ ...filters, status, page: 1 })}
            aria-current={active ? 'page' : undefined}
            className={`inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors ${
              active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
            }`}
          >
            {t(`tabs.${status}`)}
            {count !== undefined && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${
                  active ? 'bg-honey text-ink' : status === 'pending' && count > 0 ? 'bg-honey/25 text-amber-dark' : 'bg-sand text-muted'
                }`}
              >
                {fmt.count(count)}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/** Product, stars and "with photos": each change writes the URL (page 1), the status tab stays. */
export function ReviewFilterBar({
  filters,
  productName,
  onApply,
}: {
  filters: ReviewFilters;
  productName: string | undefined;
  onApply: (f: ReviewFilters) => void;
}) {
  const { t } = useTranslation('admin-reviews');
  const apply = (change: Partial<ReviewFilters>) => onApply({ ...filters, ...change, page: 1 });
  const filtered = Boolean(filters.productId || filters.stars || filters.photos);
  return (
    <div role="search" aria-label={t('filters.label')} className="flex flex-wrap items-end gap-x-4 gap-y-2 border-b border-line/70 p-4">
      <div className="min-w-[14rem] flex-1">
        <ProductFilter productId={filters.productId} knownName={productName} onChange={(productId) => apply({ productId })} />
      </div>
      <div>
        <label htmlFor="reviews-stars" className="mb-1.5 block text-xs font-semibold text-muted">
          {t('filters.stars')}
        </label>
        <select
          id="reviews-stars"
          className="field !h-10 !w-auto !py-0 text-sm"
          value={filters.stars ?? ''}
          onChange={(e) => apply({ stars: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('filters.allStars')}</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t('filters.starsOption', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          checked={Boolean(filters.photos)}
          onChange={(e) => apply({ photos: e.target.checked || undefined })}
          className="h-4 w-4 accent-[var(--color-ink)]"
        />
        {t('filters.photos')}
      </label>
      {filtered && (
        <button
          type="button"
          onClick={() => apply({ productId: undefined, stars: undefined, photos: undefined })}
          className="inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold text-muted hover:bg-sand hover:text-ink"
        >
          <X size={15} aria-hidden="true" />
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
