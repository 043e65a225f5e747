import { CART_COOKIE, cartFromCookieLines, decodeCartCookie } from '../../../shared/domain/cart-cookie';
import type { CartProduct } from '../../../shared/domain/cart';
import type { ServerVisit } from '../../app/router';
import { hydrateApi } from '../../app/api';

/**
 * The server's render of `/cart` and `/checkout` (decision 025): the cart cookie's lines with the
 * products as the shop has them now, read through the product API in process. Only on the server.
 */
export async function loadCookieCart(visit: ServerVisit): Promise<void> {
  const lines = decodeCartCookie(visit.cookies[CART_COOKIE]);
  const ids = [...new Set(lines.map((line) => line.productId))];
  const answers = await Promise.all(ids.map((id) => visit.get(`/api/products/${id}?lng=${encodeURIComponent(visit.lng)}`)));
  const products = new Map<number, CartProduct>();
  for (const answer of answers) if (answer.status === 200) products.set((answer.data as CartProduct).id, answer.data as CartProduct);
  visit.dispatch(hydrateApi({ cart: { cartItems: cartFromCookieLines(lines, products) } }));
}
