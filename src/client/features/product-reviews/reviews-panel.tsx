import { lazy, Suspense } from 'react';
import { firstReviewsArgs } from './reviews-api';

const ReviewsTab = lazy(() => import('./reviews-tab'));

/**
 * The product page's Reviews tab. Its script (the list, the photo viewer, the votes) loads when
 * the tab is first opened, so the product page is no heavier before it is live.
 */
export function ReviewsPanel({ productId, reviewCount }: { productId: number; reviewCount: number }) {
  return (
    <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-sand/70" aria-busy="true" />}>
      <ReviewsTab first={firstReviewsArgs(productId)} reviewCount={reviewCount} />
    </Suspense>
  );
}
