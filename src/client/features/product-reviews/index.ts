export { firstReviewsArgs, reviewsApi } from './reviews-api';
export { ReviewsPanel } from './reviews-panel';
