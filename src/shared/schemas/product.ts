import { z } from 'zod';

/** One size-independent picture of a product, in several widths (pixels), WebP. */
export const productImageSchema = z.object({
  /** URL of the largest rendition. */
  src: z.string(),
  /** `srcset` value listing every rendition with its width descriptor. */
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/**
 * A purchasable combination of colour and size with its own stock.
 * `price` is in piastres and overrides the product price when not null (bigger bottles cost more).
 */
export const productVariantSchema = z.object({
  id: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  stock: z.number().int().min(0),
  price: z.number().int().min(0).nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product as the storefront API sends it. Money in integer piastres (1 EGP = 100). */
export const productSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  fullDescription: z.string(),
  /** Piastres. */
  price: z.number().int().min(0),
  /** Percent, 0 to 90. */
  discount: z.number().int().min(0).max(90),
  /** ISO date-time when the offer ends, or null. */
  offerEnd: z.string().nullable(),
  isNew: z.boolean(),
  /** The average of its published reviews, 0 to 5 with one decimal; 0 with none (decision 038). */
  rating: z.number().min(0).max(5),
  /** How many published reviews it has. */
  reviewCount: z.number().int().min(0),
  saleCount: z.number().int().min(0),
  /** Category slugs. */
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  images: z.array(productImageSchema),
  /** Stock of a product without variants; the sum of variant stock otherwise. */
  stock: z.number().int().min(0),
  variants: z.array(productVariantSchema),
  createdAt: z.string(),
  /**
   * The merchant's automatic offer on this product, when one names it or its category (issue 30):
   * its name, and the price of one unit after it in piastres where that is certain, else null
   * (promotions.ts, `productOffer`). Absent when none does.
   */
  offer: z.object({ name: z.string(), price: z.number().int().min(0).nullable() }).optional(),
});
export type Product = z.infer<typeof productSchema>;

import { sortValues, type SortValue } from '../domain/sort.js';

export { sortValues, type SortValue };

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');

/** Query string of GET /api/products. Unknown keys are rejected so typos get a clear 400. */
export const productQuerySchema = z
  .object({
    category: z.string().trim().min(1).max(60).optional(),
    tag: z.string().trim().min(1).max(60).optional(),
    color: z.string().trim().min(1).max(60).optional(),
    size: z.string().trim().min(1).max(60).optional(),
    new: flag.optional(),
    sale: flag.optional(),
    q: z.string().trim().max(100).optional(),
    sort: z.enum(sortValues).default('default'),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(16),
    lng: z.string().max(10).optional(),
  })
  .strict();
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** A product as listings send it: its first picture only, and no long description (its page has both). */
export const productSummarySchema = productSchema.omit({ fullDescription: true });
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListSchema = z.object({
  items: z.array(productSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({
    categories: z.array(facetValueSchema),
    tags: z.array(facetValueSchema),
    colors: z.array(facetValueSchema),
    sizes: z.array(facetValueSchema),
  }),
  /** When a search found nothing: up to three product or category names, in the page's language, close to what was typed. */
  didYouMean: z.array(z.string()).max(3).optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** Query string of GET /api/products/suggest: what the shopper has typed so far. */
export const productSuggestQuerySchema = z
  .object({
    q: z.string().max(100).default(''),
    lng: z.string().max(10).optional(),
  })
  .strict();
export type ProductSuggestQuery = z.infer<typeof productSuggestQuerySchema>;

/** Answer of GET /api/products/suggest: at most six products, best first, in the listing's shape. */
export const productSuggestionsSchema = z.object({ items: z.array(productSummarySchema).max(6) });
export type ProductSuggestions = z.infer<typeof productSuggestionsSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  sortOrder: z.number().int(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
