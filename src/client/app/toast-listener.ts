import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
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

/**
 * Fires the toasts of specification section 8 by comparing the state before and after an action;
 * reducers stay pure and never show anything.
 */
export const toastListener = createListenerMiddleware();
const t = (key: KeyIn<'toast'>, options?: { count: number }) => i18n.t(key, options);

toastListener.startListening({
  actionCreator: addToCart,
  effect: (action, api) => {
    // Replaying the rule on the previous state says what happened without reducer side effects.
    const before = (api.getOriginalState() as Slices).cart.cartItems;
    const { cartItemId, ...input } = action.payload;
    const { status } = addToCartOutcome(before, input, () => cartItemId);
    if (status === 'added') showToast('success', t('toast.addedToCart'));
    else if (status === 'outOfStock') showToast('warning', t('toast.outOfStock'));
    else {
      const stock = lineStock(input.product, input.selectedProductColor ?? null, input.selectedProductSize ?? null);
      showToast('warning', t('toast.onlyInStock', { count: stock }));
    }
  },
});

toastListener.startListening({
  actionCreator: decreaseQuantity,
  effect: (action, api) => {
    const after = (api.getState() as Slices).cart.cartItems;
    const removed = !after.some((l) => l.cartItemId === action.payload);
    if (removed) showToast('error', t('toast.removedFromCart'));
    else showToast('warning', t('toast.decrementedFromCart'));
  },
});

toastListener.startListening({
  actionCreator: setQuantity,
  effect: (action, api) => {
    const line = (api.getState() as Slices).cart.cartItems.find((l) => l.cartItemId === action.payload.cartItemId);
    if (line && line.quantity < action.payload.quantity) showToast('warning', t('toast.onlyInStock', { count: line.quantity }));
  },
});

toastListener.startListening({
  actionCreator: removeFromCart,
  effect: () => showToast('error', t('toast.removedFromCart')),
});

toastListener.startListening({
  actionCreator: addToWishlist,
  effect: (action, api) => {
    const before = (api.getOriginalState() as Slices).wishlist.wishlistItems;
    if (before.some((p) => p.id === action.payload.id)) showToast('info', t('toast.alreadyInWishlist'));
    else showToast('success', t('toast.addedToWishlist'));
  },
});

toastListener.startListening({
  matcher: isAnyOf(removeFromWishlist),
  effect: () => showToast('error', t('toast.removedFromWishlist')),
});

toastListener.startListening({
  actionCreator: addToCompare,
  effect: () => showToast('success', t('toast.addedToCompare')),
});

toastListener.startListening({
  actionCreator: removeFromCompare,
  effect: () => showToast('error', t('toast.removedFromCompare')),
});
