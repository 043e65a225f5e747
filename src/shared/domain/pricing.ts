import type { Product } from '../schemas/product.js';

/** Discounted price in piastres (`price - price*discount/100`, rounded) when discount > 0, else null. */
export function discountedPrice(price: number, discount: number): number | null {
  if (!(discount > 0)) return null;
  return Math.round(price - (price * discount) / 100);
}

/** The price a shopper pays, in piastres: the discounted price when there is one. */
export function effectivePrice(price: number, discount: number): number {
  return discountedPrice(price, discount) ?? price;
}

/**
 * The price a shopper is shown and pays for one unit, in piastres: an automatic offer's price for
 * one where it is certain (`productOffer`), else the price after the product's own discount, else
 * the list price. Cards, product pages and the product feeds show this one number.
 */
export function shownPrice(price: number, discount: number, offerPrice?: number | null): number {
  return offerPrice ?? effectivePrice(price, discount);
}

/** Price in piastres before discount of a variant (none: the product itself): its own price, else the product's. */
export function variantPrice(productPrice: number, variant: { price: number | null } | undefined): number {
  return variant?.price ?? productPrice;
}

/** Price in piastres before discount of a product line: the variant's own price, else the product's. */
export function listPrice(product: Pick<Product, 'price' | 'variants'>, color: string | null, size: string | null): number {
  return variantPrice(
    product.price,
    product.variants.find((v) => v.color === color && v.size === size),
  );
}

/** Unit price in piastres of a product line after discount. */
export function unitPrice(product: Pick<Product, 'price' | 'discount' | 'variants'>, color: string | null, size: string | null): number {
  return effectivePrice(listPrice(product, color, size), product.discount);
}

/** True while an offer's end (ISO date-time) lies after `now`. */
export function isOfferRunning(offerEnd: string | null, now: Date): boolean {
  if (!offerEnd) return false;
  const end = Date.parse(offerEnd);
  return Number.isFinite(end) && end > now.getTime();
}
