import type { Product } from '../schemas/product.js';

/** What the cart keeps of a product: a display cache; the server recomputes everything at checkout. */
export type CartProduct = Pick<Product, 'id' | 'slug' | 'sku' | 'name' | 'price' | 'discount' | 'images' | 'stock' | 'variants' | 'categories'>;

/** A cart line: the product plus quantity, its own id and the chosen options (specification names). */
export interface CartItem extends CartProduct {
  cartItemId: string;
  quantity: number;
  selectedProductColor: string | null;
  selectedProductSize: string | null;
}

export interface AddToCartInput {
  product: CartProduct;
  quantity?: number;
  selectedProductColor?: string | null;
  selectedProductSize?: string | null;
}

export type AddStatus = 'added' | 'capped' | 'outOfStock';

/** Most units of one product and options in one order (a line, after repeats are merged). */
export const MAX_LINE_QUANTITY = 99;
/** Most units in one order, all lines together. */
export const MAX_ORDER_QUANTITY = 999;

/** What checkout merges: a product, its options and a number of units. */
export interface OrderLineRequest {
  productId: number;
  color?: string | null | undefined;
  size?: string | null | undefined;
  quantity: number;
}

/** What checkout sends of the cart's lines: ids, options (only for a product sold in options) and units, nothing else. */
export function checkoutLinesOf(items: readonly CartItem[]): Array<{ productId: number; color: string | null; size: string | null; quantity: number }> {
  return items.map((i) => ({
    productId: i.id,
    color: i.variants.length ? i.selectedProductColor : null,
    size: i.variants.length ? i.selectedProductSize : null,
    quantity: i.quantity,
  }));
}

/** Lines with the same key are the same product with the same options. */
export function orderLineKey(line: Pick<OrderLineRequest, 'productId' | 'color' | 'size'>): string {
  return `${line.productId}|${line.color ?? ''}|${line.size ?? ''}`;
}

/**
 * Lines for the same product and options merged into one (units summed), in first-seen order, so
 * stock is checked once and the per-line cap holds however the request splits a line.
 */
export function mergeOrderLines<T extends OrderLineRequest>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = orderLineKey(line);
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, quantity: prev.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/** True when the product is sold in colour/size variants. */
export function hasVariations(product: Pick<Product, 'variants'>): boolean {
  return product.variants.length > 0;
}

/** Units available for a product line: the matching variant's stock, or the product's own. */
export function lineStock(product: Pick<Product, 'stock' | 'variants'>, color: string | null, size: string | null): number {
  if (!hasVariations(product)) return product.stock;
  return product.variants.find((v) => v.color === color && v.size === size)?.stock ?? 0;
}

/** At or below this many units (and above zero) stock is low: the shop says how many are left, the admin flags it. */
export const LOW_STOCK = 5;

/** A product running low (LOW_STOCK or fewer, none included) that sold in this many days is one to reorder. */
export const REORDER_DAYS = 30;
/** The first UTC day (`YYYY-MM-DD`) whose sales make a product running low one to reorder. */
export const reorderSince = (now = Date.now()): string => new Date(now - REORDER_DAYS * 86_400_000).toISOString().slice(0, 10);

/**
 * What a shopper is shown of a stock figure: 0 (sold out), the exact count when it is low, or
 * 'plenty' (just "In stock"). Pages are cached while what they show of stock stays the same.
 */
export function shownStock(stock: number): number | 'plenty' {
  if (stock <= 0) return 0;
  return stock <= LOW_STOCK ? stock : 'plenty';
}

/** A whole number of units from untrusted input: invalid or < 1 becomes 1, fractions are floored. */
function units(quantity: number | undefined): number {
  if (quantity === undefined || !Number.isFinite(quantity) || quantity < 1) return 1;
  return Math.floor(quantity);
}

/** Does `line` hold this product with these options? Products without variants match by id only. */
function sameLine(line: CartItem, product: CartProduct, color: string | null, size: string | null): boolean {
  if (line.id !== product.id) return false;
  if (!hasVariations(product)) return true;
  return line.selectedProductColor === color && line.selectedProductSize === size;
}

/**
 * Adds to the cart (specification section 4): a matching line's quantity rises by `quantity` (or
 * 1), otherwise a new line with `newId()`; never above the line's stock. Says what happened.
 */
export function addToCartOutcome(cart: CartItem[], input: AddToCartInput, newId: () => string): { cart: CartItem[]; status: AddStatus } {
  const { product } = input;
  const color = hasVariations(product) ? (input.selectedProductColor ?? null) : null;
  const size = hasVariations(product) ? (input.selectedProductSize ?? null) : null;
  const stock = lineStock(product, color, size);
  const wanted = units(input.quantity);
  if (stock <= 0) return { cart, status: 'outOfStock' };
  const index = cart.findIndex((line) => sameLine(line, product, color, size));
  const current = index >= 0 ? (cart[index]?.quantity ?? 0) : 0;
  const quantity = Math.min(stock, MAX_LINE_QUANTITY, current + wanted);
  if (quantity <= current) return { cart, status: 'capped' };
  const status: AddStatus = quantity - current < wanted ? 'capped' : 'added';
  if (index >= 0) {
    return { cart: cart.map((line, i) => (i === index ? { ...line, ...product, quantity } : line)), status };
  }
  const line: CartItem = { ...product, cartItemId: newId(), quantity, selectedProductColor: color, selectedProductSize: size };
  return { cart: [...cart, line], status };
}

/** Adds to the cart; see `addToCartOutcome`. */
export function addToCart(cart: CartItem[], input: AddToCartInput, newId: () => string): CartItem[] {
  return addToCartOutcome(cart, input, newId).cart;
}

/** Lowers a line's quantity by 1; a line with quantity 1 is removed. */
export function decreaseQuantity(cart: CartItem[], cartItemId: string): CartItem[] {
  const line = cart.find((l) => l.cartItemId === cartItemId);
  if (!line) return cart;
  if (line.quantity <= 1) return removeFromCart(cart, cartItemId);
  return cart.map((l) => (l.cartItemId === cartItemId ? { ...l, quantity: l.quantity - 1 } : l));
}

/** Sets a line's quantity, clamped to 1..min(stock, MAX_LINE_QUANTITY) (removal is its own action). */
export function setQuantityOutcome(cart: CartItem[], cartItemId: string, quantity: number): { cart: CartItem[]; capped: boolean } {
  const line = cart.find((l) => l.cartItemId === cartItemId);
  if (!line) return { cart, capped: false };
  const stock = lineStock(line, line.selectedProductColor, line.selectedProductSize);
  const wanted = units(quantity);
  const next = Math.max(1, Math.min(wanted, stock, MAX_LINE_QUANTITY));
  const capped = next < wanted;
  if (next === line.quantity) return { cart, capped };
  return { cart: cart.map((l) => (l.cartItemId === cartItemId ? { ...l, quantity: next } : l)), capped };
}

/** Sets a line's quantity; see `setQuantityOutcome`. */
export function setQuantity(cart: CartItem[], cartItemId: string, quantity: number): CartItem[] {
  return setQuantityOutcome(cart, cartItemId, quantity).cart;
}

/** Deletes the line with this `cartItemId`. */
export function removeFromCart(cart: CartItem[], cartItemId: string): CartItem[] {
  return cart.filter((l) => l.cartItemId !== cartItemId);
}

/** An empty cart. */
export function clearCart(): CartItem[] {
  return [];
}

/**
 * Replaces each line's product cache with the server's current copy and re-caps quantities to the
 * new stock. Lines whose product is gone are dropped; lines now at stock 0 stay (quantity kept) so
 * the cart can say they are out of stock.
 */
export function refreshCartProducts(cart: CartItem[], fresh: CartProduct[]): CartItem[] {
  const byId = new Map(fresh.map((p) => [p.id, p]));
  const out: CartItem[] = [];
  for (const line of cart) {
    const product = byId.get(line.id);
    if (!product) continue;
    const stock = lineStock(product, line.selectedProductColor, line.selectedProductSize);
    out.push({ ...line, ...product, quantity: stock > 0 ? Math.min(line.quantity, stock) : line.quantity });
  }
  return out;
}

/** Badge count: distinct lines, not total quantity (specification section 9). */
export function badgeCount(list: readonly unknown[]): number {
  return list.length;
}
