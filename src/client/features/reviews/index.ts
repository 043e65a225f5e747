// What other features use of the reviews (the review page itself is a route of its own, loaded on demand).
export { ReviewOrderLink } from './review-order-link';
