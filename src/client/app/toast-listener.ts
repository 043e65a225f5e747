import type { Middleware, PayloadAction } from '@reduxjs/toolkit';
import { addToCartOutcome, lineStock } from '../../shared/domain/cart';
import { addToCart, decreaseQuantity, removeFromCart, setQuantity } from '../features/cart/cart-slice';
import { addToWishlist, removeFromWishlist } from '../features/wishlist/wishlist-slice';
import { addToCompare, removeFromCompare } from '../features/compare/compare-slice';
import { showToast } from '../components/ui/toast';
import type { CartState } from '../features/cart/cart-slice';
import type { KeyIn } from './translation-keys';
import { i18n } from './i18n';

interface Slices {
  cart: CartState;
  wishlist: { wishlistItems: Array<{ id: number }> };
}

type Toast<P> = (action: PayloadAction<P>, before: Slices, after: Slices) => void;
interface Watched<P> {
  match: (action: unknown) => action is PayloadAction<P>;
}

const toasts: Array<[Watched<never>, Toast<never>]> = [];
/** Shows a toast after `creator`'s action has been reduced, from the state before and after it. */
function on<P>(creator: Watched<P>, toast: Toast<P>): void {
  toasts.push([creator as Watched<never>, toast as Toast<never>]);
}

const t = (key: KeyIn<'toast'>, options?: { count: number }) => i18n.t(key, options);

/**
 * Fires the toasts of specification section 8 by comparing the state before and after an action;
 * reducers stay pure and never show anything. A plain Redux middleware: RTK's listener middleware
 * (its tasks, forks and cancellation, 2.5 KB compressed in every page's first script) did more
 * than these synchronous comparisons need.
 */
export const toastMiddleware: Middleware = (api) => (next) => (action) => {
  const found = toasts.find(([creator]) => creator.match(action));
  if (!found) return next(action);
  const before = api.getState() as Slices;
  const result = next(action);
  found[1](action as never, before, api.getState() as Slices);
  return result;
};

on(addToCart, (action, before) => {
  // Replaying the rule on the previous state says what happened without reducer side effects.
  const { cartItemId, ...input } = action.payload;
  const { status } = addToCartOutcome(before.cart.cartItems, input, () => cartItemId);
  if (status === 'added') showToast('success', t('toast.addedToCart'));
  else if (status === 'outOfStock') showToast('warning', t('toast.outOfStock'));
  else {
    const stock = lineStock(input.product, input.selectedProductColor ?? null, input.selectedProductSize ?? null);
    showToast('warning', t('toast.onlyInStock', { count: stock }));
  }
});

on(decreaseQuantity, (action, _before, after) => {
  const removed = !after.cart.cartItems.some((l) => l.cartItemId === action.payload);
  if (removed) showToast('error', t('toast.removedFromCart'));
  else showToast('warning', t('toast.decrementedFromCart'));
});

on(setQuantity, (action, _before, after) => {
  const line = after.cart.cartItems.find((l) => l.cartItemId === action.payload.cartItemId);
  if (line && line.quantity < action.payload.quantity) showToast('warning', t('toast.onlyInStock', { count: line.quantity }));
});

on(removeFromCart, () => showToast('error', t('toast.removedFromCart')));

on(addToWishlist, (action, before) => {
  if (before.wishlist.wishlistItems.some((p) => p.id === action.payload.id)) showToast('info', t('toast.alreadyInWishlist'));
  else showToast('success', t('toast.addedToWishlist'));
});

on(removeFromWishlist, () => showToast('error', t('toast.removedFromWishlist')));
on(addToCompare, () => showToast('success', t('toast.addedToCompare')));
on(removeFromCompare, () => showToast('error', t('toast.removedFromCompare')));
