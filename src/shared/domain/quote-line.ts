import { effectivePrice } from './pricing.js';

// A quote's line rule and its subtotal (quote.ts holds the rest of the order's quote). Apart, so the
// header's cart panel, in every page's first script, takes the line rule without the delivery fees
// and adjustments only the cart and checkout pages show.

/** One line to quote: a unit's price before the product's discount, that discount and a number of units. */
export interface QuoteLineInput {
  /** Piastres for one unit before the product's own discount (the variant's price, else the product's). */
  listPrice: number;
  /** The product's own discount, a whole percent (0: none). */
  discount: number;
  quantity: number;
}

/** A quoted line, in piastres: list and paid unit price, and the line's totals at each. */
export interface QuotedLine {
  listPrice: number;
  discount: number;
  unitPrice: number;
  quantity: number;
  listTotal: number;
  lineTotal: number;
}

/** One line quoted: its unit price after the product's own discount (pricing.ts) and both line totals, in piastres. */
export function quoteLine(line: QuoteLineInput): QuotedLine {
  const unitPrice = effectivePrice(line.listPrice, line.discount);
  return {
    listPrice: line.listPrice,
    discount: line.discount,
    unitPrice,
    quantity: line.quantity,
    listTotal: line.listPrice * line.quantity,
    lineTotal: unitPrice * line.quantity,
  };
}

/** Half up to a whole piastre, the quote's one rounding rule: amounts are clamped at 0 first, and on non-negative numbers `Math.round` is half up. */
export const roundHalfUp = (piastres: number): number => Math.round(Math.max(0, piastres));

/** The subtotal of quoted lines in piastres: the sum of their line totals, as every quote's subtotal is. */
export const subtotalOf = (quoted: readonly QuotedLine[]): number => quoted.reduce((sum, l) => sum + l.lineTotal, 0);
