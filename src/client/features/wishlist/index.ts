export { addToWishlist, removeFromWishlist, clearWishlist } from './wishlist-slice';
