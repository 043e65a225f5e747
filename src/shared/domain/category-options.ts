import { colorSwatches, sizeOrder } from './vocabulary.js';

/** The options a category lets its products use: colour and size keys, or null for any. */
export interface CategoryOptions {
  colors: readonly string[] | null;
  sizes: readonly string[] | null;
}

/**
 * The colours and sizes the product form offers (issue 35, point 7): those the product's categories
 * name (every one when no category is chosen, or when one of them allows any), and always the ones
 * the product already has; in the vocabulary's order.
 */
export function offeredOptions(
  categories: readonly CategoryOptions[],
  current: { colors: readonly string[]; sizes: readonly string[] },
): { colors: string[]; sizes: string[] } {
  const allColors = Object.keys(colorSwatches);
  const pick = (all: readonly string[], sets: (readonly string[] | null)[], kept: readonly string[]) => {
    if (sets.length === 0 || sets.some((set) => set === null)) return [...all];
    const allowed = new Set([...sets.flatMap((set) => set ?? []), ...kept]);
    return all.filter((key) => allowed.has(key));
  };
  return {
    colors: pick(
      allColors,
      categories.map((c) => c.colors),
      current.colors,
    ),
    sizes: pick(
      sizeOrder,
      categories.map((c) => c.sizes),
      current.sizes,
    ),
  };
}
