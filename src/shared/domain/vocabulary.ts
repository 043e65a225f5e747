/**
 * The catalogue's colour and size vocabulary. Products store these keys; the storefront shows
 * `colors.<key>` and `sizes.<key>` from the translation files and a swatch from `colorSwatches`.
 */
export const colorSwatches: Readonly<Record<string, string>> = {
  ivory: '#f4eddc',
  amber: '#b8742a',
  rose: '#d9a0a0',
  sage: '#a3b18a',
  charcoal: '#3a3a3a',
  lavender: '#b7a6d6',
  terracotta: '#c0674a',
  white: '#ffffff',
  black: '#1d1d1b',
  gold: '#c9a24a',
  walnut: '#6b4a2f',
  oak: '#b98d5a',
  blush: '#efc7c0',
  olive: '#6f7550',
  sand: '#d8c7a3',
  grey: '#9a9a96',
  blue: '#6f93b8',
  green: '#6e9a6a',
};

/** Sizes in the order a shopper expects to choose them. */
export const sizeOrder: readonly string[] = ['10ml', '15ml', '30ml', '50ml', '100ml', '200ml', '250ml', '300ml', '500ml', 'small', 'medium', 'large'];

/** Sorts size keys by `sizeOrder`; unknown sizes go last, alphabetically. */
export function compareSizes(a: string, b: string): number {
  const ia = sizeOrder.indexOf(a);
  const ib = sizeOrder.indexOf(b);
  if (ia === -1 && ib === -1) return a.localeCompare(b);
  if (ia === -1) return 1;
  if (ib === -1) return -1;
  return ia - ib;
}

/** A swatch colour for a colour key, or a neutral grey for keys the vocabulary lacks. */
export function swatchOf(color: string): string {
  return colorSwatches[color] ?? '#bdb8ad';
}
