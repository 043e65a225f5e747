import { roundHalfUp } from './quote-line.js';
import { MAX_PRICE, type BulkChange, type BulkPriceChange } from '../schemas/admin-product.js';

/**
 * The rule of a bulk edit of products (issue 32, decision 041): what one change does to one
 * product. The server applies it to every selected product inside the edit's transaction; the
 * admin's dialog calls the same functions to preview "before → after" for the first products.
 * Money is integer piastres.
 */

/** What a bulk edit reads and writes of a product. Category ids ascending, tags lower-case and sorted. */
export interface BulkProduct {
  /** Piastres, before the product's discount. */
  price: number;
  /** Whole percent, 0 for none. */
  discount: number;
  /** ISO date-time the offer ends, or null. */
  offerEnd: string | null;
  /** The product's own stock (meaningful without variants). */
  stock: number;
  visible: boolean;
  categoryIds: number[];
  tags: string[];
  /** Piastres where the variant has a price of its own, else null (it costs the product's price). */
  variants: Array<{ color: string | null; size: string | null; price: number | null; stock: number }>;
}

/** Why one product refuses a change: the whole edit is refused and nothing changes. */
export type BulkProblem = 'price_out_of_range' | 'category_last' | 'too_many_categories' | 'too_many_tags';

/** Most categories and tags one product holds (as the product form allows). */
const MAX_CATEGORIES = 20;
const MAX_TAGS = 20;

/**
 * A price in piastres after a change by `percent` (two decimals at most), rounded half up to a
 * whole piastre, as the order quote rounds (`roundHalfUp`). Computed in basis points, so it is
 * exact: 45,000 at +10 % is 49,500, 12,345 at +10 % is 13,580 (13,579.5 rounded up).
 */
export function pricePlusPercent(price: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return roundHalfUp((price * (10_000 + basisPoints)) / 10_000);
}

/** True for a price the shop accepts: a whole number of piastres above 0, at most `MAX_PRICE`. */
export const priceAllowed = (price: number): boolean => Number.isInteger(price) && price >= 1 && price <= MAX_PRICE;

/**
 * A product's price and its variants' own prices (piastres) after a price change. A percentage
 * moves each by that percentage; a new price moves each variant's own price by the same amount
 * as the product's (a 30 ml bottle EGP 70 dearer stays EGP 70 dearer). A variant without a price
 * of its own keeps none: it follows the product.
 */
export function changedPrices(
  price: number,
  variantPrices: ReadonlyArray<number | null>,
  change: BulkPriceChange,
): { price: number; variantPrices: Array<number | null> } {
  if (change.mode === 'percent') {
    return {
      price: pricePlusPercent(price, change.percent),
      variantPrices: variantPrices.map((v) => (v === null ? null : pricePlusPercent(v, change.percent))),
    };
  }
  const by = change.price - price;
  return { price: change.price, variantPrices: variantPrices.map((v) => (v === null ? null : v + by)) };
}

const normalTag = (tag: string) => tag.trim().toLowerCase();

/**
 * One product after a bulk change, or the reason it refuses it: a price (its own or a variant's)
 * that would be 0 or less or above the highest price, no category left, or more categories or
 * tags than a product holds. A discount of 0 removes the offer's end too. Stock on a product with
 * variants sets each variant's stock; its own figure stays unused.
 */
export function applyBulkChange(product: BulkProduct, change: BulkChange): { product: BulkProduct } | { problem: BulkProblem } {
  const next: BulkProduct = { ...product, variants: product.variants.map((v) => ({ ...v })) };
  if (change.price) {
    const prices = changedPrices(
      product.price,
      product.variants.map((v) => v.price),
      change.price,
    );
    if (!priceAllowed(prices.price) || prices.variantPrices.some((p) => p !== null && !priceAllowed(p))) return { problem: 'price_out_of_range' };
    next.price = prices.price;
    next.variants.forEach((v, i) => (v.price = prices.variantPrices[i] ?? null));
  }
  if (change.discount !== undefined) {
    next.discount = change.discount;
    if (change.discount === 0) next.offerEnd = null;
  }
  if (change.stock !== undefined) {
    if (next.variants.length) for (const v of next.variants) v.stock = change.stock;
    else next.stock = change.stock;
  }
  if (change.categories) {
    const { mode, categoryIds } = change.categories;
    const current = new Set(mode === 'replace' ? [] : product.categoryIds);
    for (const id of categoryIds) {
      if (mode === 'remove') current.delete(id);
      else current.add(id);
    }
    next.categoryIds = [...current].sort((a, b) => a - b);
    if (next.categoryIds.length === 0) return { problem: 'category_last' };
    if (next.categoryIds.length > MAX_CATEGORIES) return { problem: 'too_many_categories' };
  }
  if (change.tags) {
    const removed = new Set(change.tags.remove.map(normalTag));
    const tags = new Set(product.tags.filter((t) => !removed.has(t)));
    for (const tag of change.tags.add) tags.add(normalTag(tag));
    next.tags = [...tags].sort();
    if (next.tags.length > MAX_TAGS) return { problem: 'too_many_tags' };
  }
  if (change.visible !== undefined) next.visible = change.visible;
  return { product: next };
}

/** A percentage as a bulk edit's label writes it: "+10%", "-15%", "+7.5%". */
const signedPercent = (percent: number) => `${percent > 0 ? '+' : ''}${percent}%`;

/**
 * The one label of a bulk edit, kept with each product's activity-log entry so they read as one
 * operation: "Bulk edit of 240 products: price +10%; hidden". English, as the log's other labels.
 */
export function bulkEditLabel(change: BulkChange, count: number): string {
  const parts: string[] = [];
  if (change.price)
    parts.push(change.price.mode === 'percent' ? `price ${signedPercent(change.price.percent)}` : `price ${(change.price.price / 100).toFixed(2)} EGP`);
  if (change.discount !== undefined) parts.push(change.discount ? `discount ${change.discount}%` : 'discount removed');
  if (change.stock !== undefined) parts.push(`stock ${change.stock}`);
  if (change.categories) parts.push(`categories ${change.categories.mode} ${change.categories.categoryIds.join(',')}`);
  if (change.tags) {
    const add = change.tags.add.map((t) => `+${normalTag(t)}`);
    const remove = change.tags.remove.map((t) => `-${normalTag(t)}`);
    parts.push(`tags ${[...add, ...remove].join(' ')}`);
  }
  if (change.visible !== undefined) parts.push(change.visible ? 'shown' : 'hidden');
  return `Bulk edit of ${count} product${count === 1 ? '' : 's'}: ${parts.join('; ')}`;
}
