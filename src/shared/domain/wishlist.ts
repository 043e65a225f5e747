import { addUnique, removeById } from './lists.js';

/** Wishlist add: a product already there is ignored ("Product already in wishlist"). */
export const addToWishlist = addUnique;
/** Wishlist remove by product id. */
export const removeFromWishlist = removeById;
/** An empty wishlist. */
export function clearWishlist<T>(): T[] {
  return [];
}
