import { CART_COOKIE_MAX_AGE, CART_PLACED_COOKIE, cartCookieHeaders, cartPlacedCookie, encodeCartCookie } from '../../../shared/domain/cart-cookie';
import type { CartItem } from '../../../shared/domain/cart';
import { forgetForm } from '../../app/checkout-draft';
import type { AppStore } from '../../app/store';
import { clearCart } from './cart-slice';

/**
 * Keeps the cart cookie a copy of the stored cart (decision 025), so the server renders /cart and
 * /checkout with the shopper's lines. Called once the stored state is back: before that the store
 * holds the server's lines or none, and writing them would overwrite the cookie. An order placed by
 * a checkout form without scripts left a mark: its cart (and typed form) are emptied here.
 */
export function mirrorCartToCookie(store: AppStore): void {
  if (document.cookie.split('; ').some((pair) => pair.startsWith(`${CART_PLACED_COOKIE}=`))) {
    store.dispatch(clearCart());
    forgetForm();
    document.cookie = cartPlacedCookie(0);
  }
  let written: CartItem[] | undefined;
  const write = () => {
    const items = store.getState().cart.cartItems;
    if (items === written) return;
    written = items;
    const value = items.length ? encodeCartCookie(items) : '';
    for (const cookie of cartCookieHeaders(value, value ? CART_COOKIE_MAX_AGE : 0)) document.cookie = cookie;
  };
  write();
  store.subscribe(write);
}
