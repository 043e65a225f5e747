import { useEffect, useRef, useState } from 'react';
import { MessageSquareText } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { reviewSorts, type ReviewSort } from '../../../shared/domain/reviews';
import { api } from '../../app/api';
import type { reviewsApi, ReviewsArgs } from './reviews-api';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

/**
 * The reviews' endpoint, which reviews-api.ts injected when the product page (that loads this tab)
 * was loaded. Taken from `api` rather than imported: an import would make this chunk import from
 * the product page's, and the router's loader of that chunk, in every page's first script, would
 * grow for it.
 */
const { useGetProductReviewsQuery } = api as unknown as typeof reviewsApi;

/** No published review yet: who may write one, and when. */
function NoReviews() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-12 text-center" data-testid="reviews-empty">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-amber-dark">
        <MessageSquareText size={26} aria-hidden="true" />
      </span>
      <p className="mt-4 font-display text-2xl font-semibold text-ink">{t('reviews.emptyTitle')}</p>
      <p className="mt-2 max-w-md text-muted">{t('reviews.emptyText')}</p>
    </div>
  );
}

/** A page after the first, asked for by "Show more": its reviews, the first of which takes the focus once they arrive. */
function MoreReviews({ args }: { args: ReviewsArgs }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useGetProductReviewsQuery(args);
  const first = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (data) first.current?.querySelector('article')?.focus();
  }, [data]);
  if (isError)
    return (
      <li className="text-center">
        <button type="button" onClick={() => refetch()} className="btn btn-ghost">
          {t('common.retry')}
        </button>
      </li>
    );
  if (!data) return <li className="h-40 animate-pulse rounded-2xl bg-sand/70" aria-hidden="true" />;
  return data.items.map((review, i) => (
    <li key={review.id} ref={i === 0 ? first : undefined}>
      <ReviewItem review={review} first={i === 0} />
    </li>
  ));
}

/** Sorts the list; a new order starts again from its first page. */
function SortSelect({ sort, onSort }: { sort: ReviewSort; onSort: (sort: ReviewSort) => void }) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-3 text-sm font-semibold text-ink">
      {t('reviews.sortLabel')}
      <select
        value={sort}
        onChange={(e) => onSort(e.target.value as ReviewSort)}
        className="h-10 rounded-full border border-line bg-white px-4 text-sm font-semibold"
        data-testid="review-sort"
      >
        {reviewSorts.map((s) => (
          <option key={s} value={s}>
            {t(`reviews.sort.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The Reviews tab (loaded when first opened): the summary and the reviews from `first`, the page
 * the server rendered for the structured data (so it is already here), another order, and "Show
 * more" for the next page. `reviewCount` is the product's: none, and nothing is asked.
 */
export default function ReviewsTab({ first, reviewCount }: { first: ReviewsArgs; reviewCount: number }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<ReviewSort>(first.sort);
  const [pages, setPages] = useState(1);
  const args = { ...first, sort };
  const { data, currentData, isError, refetch } = useGetProductReviewsQuery(args, { skip: reviewCount === 0 });

  if (reviewCount === 0) return <NoReviews />;
  if (isError && !data)
    return (
      <div className="py-6 text-center">
        <p className="text-muted">{t('common.couldNotLoad')}</p>
        <button type="button" onClick={() => refetch()} className="btn btn-primary mt-4">
          {t('common.retry')}
        </button>
      </div>
    );
  if (!data) return <div className="h-64 animate-pulse rounded-2xl bg-sand/70" aria-busy="true" />;
  if (data.summary.count === 0) return <NoReviews />;
  const shown = Math.min(data.total, pages * args.pageSize);
  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_1fr] lg:items-start lg:gap-12">
      <h2 className="sr-only">{t('reviews.heading')}</h2>
      <ReviewSummary summary={data.summary} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SortSelect
            sort={sort}
            onSort={(s) => {
              setSort(s);
              setPages(1);
            }}
          />
          <p className="text-sm text-muted" aria-live="polite">
            {t('reviews.shown', { shown, total: data.total })}
          </p>
        </div>
        {data.items.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-sand/60 p-6 text-center text-muted">{t('reviews.noPhotos')}</p>
        ) : (
          <ul className={`mt-5 space-y-4 transition-opacity ${currentData ? '' : 'opacity-60'}`} aria-busy={!currentData} data-testid="review-list">
            {data.items.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
            {Array.from({ length: pages - 1 }, (_, i) => (
              <MoreReviews key={`${sort}-${i + 2}`} args={{ ...args, page: i + 2 }} />
            ))}
          </ul>
        )}
        {shown < data.total && (
          <div className="mt-6 text-center">
            <button type="button" onClick={() => setPages((n) => n + 1)} className="btn btn-ghost">
              {t('reviews.showMore')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
