/** The listing's sort orders (specification: default, priceHighToLow, priceLowToHigh). */
export const sortValues = ['default', 'priceHighToLow', 'priceLowToHigh'] as const;
export type SortValue = (typeof sortValues)[number];
