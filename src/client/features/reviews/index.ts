// What other features use of the reviews (the review page itself is a route of its own, loaded on demand).
export { ReviewOrderLink } from './review-order-link';
// The photo picker and its state, also the return request's (features/returns): same limits, one way to add photos.
export { PhotoPicker } from './photo-picker';
export { useReviewPhotos as usePhotoPicker } from './use-review-photos';
