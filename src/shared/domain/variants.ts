import type { Product, ProductVariant } from '../schemas/product.js';
import { compareSizes } from './vocabulary.js';

type WithVariants = Pick<Product, 'variants'>;

/** The distinct colours a product comes in, in catalogue order. */
export function variantColors(product: WithVariants): string[] {
  return [...new Set(product.variants.map((v) => v.color).filter((c): c is string => c !== null))];
}

/** The sizes on offer for a colour (or for all variants when the product has no colours), smallest first. */
export function variantSizes(product: WithVariants, color: string | null): string[] {
  const pool = variantColors(product).length ? product.variants.filter((v) => v.color === color) : product.variants;
  return [...new Set(pool.map((v) => v.size).filter((s): s is string => s !== null))].sort(compareSizes);
}

/** The variant with exactly this colour and size, if any. */
export function findVariant(product: WithVariants, color: string | null, size: string | null): ProductVariant | undefined {
  return product.variants.find((v) => v.color === color && v.size === size);
}

/** The choice a product page opens with: the first variant in stock, else the first variant. */
export function defaultChoice(product: WithVariants): { color: string | null; size: string | null } {
  const v = product.variants.find((x) => x.stock > 0) ?? product.variants[0];
  return { color: v?.color ?? null, size: v?.size ?? null };
}

/**
 * After the shopper picks a colour, keep the size if that colour has it, else take the colour's
 * first size in stock (or its first size).
 */
export function chooseColor(product: WithVariants, color: string, size: string | null): { color: string; size: string | null } {
  const sizes = variantSizes(product, color);
  if (sizes.length === 0) return { color, size: null };
  if (size !== null && sizes.includes(size)) return { color, size };
  const inStock = sizes.find((s) => (findVariant(product, color, s)?.stock ?? 0) > 0);
  return { color, size: inStock ?? sizes[0] ?? null };
}
