import { listPrice } from './pricing.js';
import type { CartItem } from './cart.js';
import { quoteLine, subtotalOf } from './quote-line.js';
import type { PromotionLine } from './promotions.js';

// The cart's lines as the order quote reads them, and their totals (quote-line.ts); the whole
// cart's quote is quoteCart in quote.ts.

/**
 * A cart line as the quote reads it: its list price (variant's, else product's), the product's
 * discount and units, and what an offer's scope names (a cart stored before categories were kept
 * has none: only whole-order offers cover it until its products are refreshed).
 */
export function cartQuoteLine(item: CartItem): PromotionLine {
  return {
    listPrice: listPrice(item, item.selectedProductColor, item.selectedProductSize),
    discount: item.discount,
    quantity: item.quantity,
    productId: item.id,
    categories: item.categories ?? [],
  };
}

/** Line total in piastres: unit price (variant price, discount applied) times quantity. */
export function lineTotal(item: CartItem): number {
  return quoteLine(cartQuoteLine(item)).lineTotal;
}

/**
 * Sum of line totals in piastres (the quote's subtotal; delivery is not known here). Taken from the
 * lines alone, so the header's cart panel, in every page's first script, holds no more of the quote
 * than its line rule.
 */
export function cartSubtotal(cart: readonly CartItem[]): number {
  return subtotalOf(cart.map((item) => quoteLine(cartQuoteLine(item))));
}
