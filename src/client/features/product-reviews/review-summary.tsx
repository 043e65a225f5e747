import { useTranslation } from '../../app/i18n-view';
import { RatingStars } from '../../components/product/rating-stars';
import { numberLocale } from '../../../shared/domain/currency';
import type { ProductReviews } from '../../../shared/schemas/review';

/**
 * The average to one decimal with its stars, the number of reviews, and a bar per number of stars
 * (5 to 1), each a meter named by its stars and valued by its count of reviews.
 */
export function ReviewSummary({ summary }: { summary: ProductReviews['summary'] }) {
  const { t, i18n } = useTranslation();
  const { average, count, stars } = summary;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-soft lg:sticky lg:top-36" data-testid="review-summary">
      <p className="flex items-baseline gap-2">
        <span className="font-display text-5xl font-semibold text-ink" data-testid="review-average">
          {average.toLocaleString(numberLocale(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </span>
        <span className="text-sm text-muted">{t('reviews.outOf')}</span>
      </p>
      <RatingStars rating={average} className="mt-2 text-xl" />
      <p className="mt-1 text-sm text-muted" data-testid="review-count">
        {t('product.reviewCount', { count })}
      </p>
      <ul className="mt-5 space-y-2" aria-label={t('reviews.breakdown')}>
        {[5, 4, 3, 2, 1].map((n) => {
          const given = stars[n - 1] ?? 0;
          return (
            <li key={n} className="flex items-center gap-3 text-sm" data-testid={`stars-${n}`}>
              <span className="w-8 shrink-0 text-ink" aria-hidden="true">
                {n} <span className="text-honey">★</span>
              </span>
              <span
                role="meter"
                aria-label={t('reviews.stars', { count: n })}
                aria-valuemin={0}
                aria-valuemax={count}
                aria-valuenow={given}
                aria-valuetext={t('product.reviewCount', { count: given })}
                className="h-2 flex-1 overflow-hidden rounded-full bg-sand"
              >
                <span className="block h-full rounded-full bg-honey" style={{ width: `${count ? (given / count) * 100 : 0}%` }} />
              </span>
              <span className="w-8 shrink-0 text-end tabular-nums text-muted" aria-hidden="true">
                {given}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
