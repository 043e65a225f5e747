/**
 * The listing's sort orders (specification: default, priceHighToLow, priceLowToHigh), and `rating`
 * (issue 31): the best average of published reviews first, more reviews first among equal
 * averages, products without reviews last.
 */
export const sortValues = ['default', 'priceHighToLow', 'priceLowToHigh', 'rating'] as const;
export type SortValue = (typeof sortValues)[number];
