/**
 * The alternative home pages (`/home-<key>`) of the specification: the router makes a route of
 * each, and the home feature configures each (its test fails on one missing or extra), so a
 * variant's key is written here once.
 */
export const homeVariantKeys = [
  'fashion-two',
  'fashion-three',
  'fashion-four',
  'fashion-five',
  'fashion-six',
  'fashion-seven',
  'fashion-eight',
  'kids-fashion',
  'cosmetics',
  'furniture',
  'furniture-two',
  'furniture-three',
  'furniture-four',
  'furniture-five',
  'furniture-six',
  'furniture-seven',
  'electronics',
  'electronics-two',
  'electronics-three',
  'book-store',
  'book-store-two',
  'plants',
  'flower-shop',
  'flower-shop-two',
  'organic-food',
  'organic-food-two',
  'onepage-scroll',
  'grid-banner',
  'auto-parts',
  'cake-shop',
  'handmade',
  'pet-food',
  'medical-equipment',
  'christmas',
  'black-friday',
  'black-friday-two',
  'valentines-day',
] as const;

/** The key of an alternative home page, the part of its address after `/home-`. */
export type HomeVariantKey = (typeof homeVariantKeys)[number];
