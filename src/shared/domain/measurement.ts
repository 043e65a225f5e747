import type { Product } from '../schemas/product.js';
import type { CartItem } from './cart.js';
import { unitPrice } from './pricing.js';
import { catalogueItemId } from './product-feed.js';

/** An item as the measurement events name it; money in piastres (the events send pounds). */
export interface MeasuredItem {
  id: string;
  name: string;
  /** What one unit costs the shopper, after the product's discount, in piastres. */
  price: number;
  quantity: number;
  /** The variant's colour and size as the shop keeps them ("amber / 50ml"), when it has options. */
  variant?: string;
  /** The product's first category slug. */
  category?: string;
}

const variantOf = (color: string | null | undefined, size: string | null | undefined) => [color, size].filter(Boolean).join(' / ') || undefined;

/** A product, or the variant chosen on its page, as one item. */
export function productItem(
  product: Pick<Product, 'id' | 'name' | 'price' | 'discount' | 'variants' | 'categories'>,
  color: string | null = null,
  size: string | null = null,
  quantity = 1,
): MeasuredItem {
  return {
    id: catalogueItemId(product.id, color, size),
    name: product.name,
    price: unitPrice(product, color, size),
    quantity,
    variant: variantOf(color, size),
    category: product.categories[0],
  };
}

/** The cart's lines as items (their prices as the cart shows them; checkout's quote has the final word). */
export const cartItems = (lines: readonly CartItem[]): MeasuredItem[] =>
  lines.map((line) => productItem(line, line.selectedProductColor, line.selectedProductSize, line.quantity));

/** A placed order's lines as items, at what each unit was charged. */
export const orderItems = (
  lines: ReadonlyArray<{ productId: number; name: string; color: string | null; size: string | null; unitPaid: number; quantity: number }>,
): MeasuredItem[] =>
  lines.map((line) => ({
    id: catalogueItemId(line.productId, line.color, line.size),
    name: line.name,
    price: line.unitPaid,
    quantity: line.quantity,
    variant: variantOf(line.color, line.size),
  }));

/** What the items come to, in piastres. */
export const itemsValue = (items: readonly MeasuredItem[]): number => items.reduce((sum, item) => sum + item.price * item.quantity, 0);
