import { z } from 'zod';
import { colorSwatches, sizeOrder } from '../domain/vocabulary.js';
import { idSchema } from './params.js';

/**
 * What the merchant edits about a product, as the admin form holds it and the server accepts it.
 * Error messages are stable field codes (`required`, `too_long`, ...) the client translates.
 * Money is integer piastres; discount a whole percent.
 */

/**
 * Languages a product is written in. English, the shop's default language, is required; a text left
 * empty in another shows the English one to its readers (catalog/product.ts, search, feeds).
 */
export const productLanguages = ['en', 'ar', 'fr', 'de'] as const;
/** The one language a product must be written in. */
export const defaultProductLanguage = 'en' satisfies (typeof productLanguages)[number];
export type ProductLanguage = (typeof productLanguages)[number];

const numberError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid');

const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'too_long');

/** Names: English required, the others optional. */
export const localizedNameSchema = (max: number) =>
  z.object({ en: requiredText(max), ar: optionalText(max), fr: optionalText(max).optional(), de: optionalText(max).optional() });

const localizedOptional = (max: number) =>
  z.object({ en: optionalText(max), ar: optionalText(max), fr: optionalText(max).optional(), de: optionalText(max).optional() });

/** Colour keys of the shared vocabulary (the storefront translates and swatches them). */
export const variantColors: readonly string[] = Object.keys(colorSwatches);
export const variantSizes: readonly string[] = sizeOrder;

/** Most pieces a single stock figure may hold; a typo guard, not a business rule. */
export const MAX_STOCK = 1_000_000;
/** Highest price accepted, in piastres (EGP 1,000,000). */
export const MAX_PRICE = 100_000_000;

const stockSchema = z.number({ error: numberError }).int('invalid').min(0, 'too_small').max(MAX_STOCK, 'too_big');
/**
 * The stock figure the merchant saw when the form opened. A stock figure is written only when it
 * differs from this one, and only if the database still holds this one: sales made meanwhile are
 * never overwritten by a save (decision 008). Absent for a new product or variant.
 */
const stockSeenSchema = z.number().int().min(0).optional();

export const adminVariantSchema = z.object({
  color: z
    .string()
    .refine((c) => variantColors.includes(c), 'unknown_color')
    .nullable(),
  size: z
    .string()
    .refine((s) => variantSizes.includes(s), 'unknown_size')
    .nullable(),
  stock: stockSchema,
  stockSeen: stockSeenSchema,
  /** Piastres; overrides the product price for this variant when set (bigger bottles cost more). */
  price: z.number({ error: numberError }).int('invalid').positive('too_small').max(MAX_PRICE, 'too_big').nullable(),
});
export type AdminVariantInput = z.infer<typeof adminVariantSchema>;

/** A picture base (URL without `-<width>.webp`) as the upload endpoint returned it. */
export const imageBaseSchema = z
  .string()
  .max(300, 'too_long')
  .regex(/^\/(images|uploads)\/[a-z0-9][a-z0-9/_-]*$/, 'image_invalid')
  .refine((b) => !b.includes('//') && !b.includes('..'), 'image_invalid');

/** A tag as the merchant types it: letters and digits first, then spaces, dashes and underscores too (stored lower-case). */
const tagSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'too_long')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'tag_format');

/** The product form's fields, each checked alone; `adminProductSchema` adds the rules across fields. */
const adminProductFields = z.object({
  sku: requiredText(40).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'sku_format'),
  name: localizedNameSchema(200),
  shortDescription: localizedOptional(600),
  fullDescription: localizedOptional(10_000),
  /** Piastres, above zero. */
  price: z.number({ error: numberError }).int('invalid').positive('too_small').max(MAX_PRICE, 'too_big'),
  /** Whole percent, 0 to 90. */
  discount: z.number({ error: numberError }).int('invalid').min(0, 'too_small').max(90, 'too_big'),
  /** ISO date-time when the offer ends, or null for none. */
  offerEnd: z.iso.datetime({ offset: true, error: 'invalid' }).nullable(),
  isNew: z.boolean(),
  visible: z.boolean(),
  categoryIds: z.array(z.number().int().positive()).min(1, 'category_required').max(20, 'too_many'),
  tags: z.array(tagSchema).max(20, 'too_many'),
  /** Picture bases in display order; the first is the thumbnail. */
  images: z.array(imageBaseSchema).max(12, 'too_many'),
  /** When true, stock lives on the variants and `stock` is ignored. */
  hasVariants: z.boolean(),
  stock: stockSchema,
  stockSeen: stockSeenSchema,
  variants: z.array(adminVariantSchema).max(300, 'too_many'),
});

export const adminProductSchema = adminProductFields.superRefine((p, ctx) => {
  if (!p.hasVariants) return;
  if (p.variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'variants_required' });
  const seen = new Set<string>();
  p.variants.forEach((v, i) => {
    if (v.color === null && v.size === null) ctx.addIssue({ code: 'custom', path: ['variants', i], message: 'variant_empty' });
    const key = `${v.color ?? ''}|${v.size ?? ''}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i], message: 'duplicate_variant' });
    seen.add(key);
  });
  const tags = p.tags.map((t) => t.toLowerCase());
  if (new Set(tags).size !== tags.length) ctx.addIssue({ code: 'custom', path: ['tags'], message: 'duplicate_tag' });
});
export type AdminProductInput = z.infer<typeof adminProductSchema>;

/** The figures a 409 `product_changed` answer carries: the stock as it is now. */
export interface CurrentStock {
  stock: number;
  variants: Array<{ color: string | null; size: string | null; stock: number }>;
}

/** GET /api/admin/products/:id: the form's values plus what the server decided. */
export const adminProductDetailSchema = adminProductFields.extend({ id: z.number(), slug: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** In stock, low (1-5 left), out, or to reorder (5 or fewer left and sold in the last 30 days). */
export const adminStockFilters = ['in', 'low', 'out', 'reorder'] as const;
export const adminProductSorts = ['newest', 'name', 'price_asc', 'price_desc', 'stock_asc', 'waiting'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

export { LOW_STOCK, reorderSince } from '../domain/cart.js';

/** Query of GET /api/admin/products. */
export const adminProductQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.coerce.number().int().positive().max(2147483647).optional(),
    stock: z.enum(adminStockFilters).optional(),
    status: z.enum(['visible', 'hidden']).optional(),
    sort: z.enum(adminProductSorts).default('newest'),
    page: z.coerce.number().int().min(1).max(10000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    lng: z.string().max(10).optional(),
  })
  .strict();
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

export const adminProductRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string(),
  /** Piastres. */
  price: z.number(),
  discount: z.number(),
  /** Sum over the variants when it has any. */
  stock: z.number(),
  visible: z.boolean(),
  /** URL of the 400 px picture, or null. */
  thumbnail: z.string().nullable(),
  categories: z.array(z.string()),
  /** Shoppers waiting for it to be back in stock (confirmed alerts, decision 046). */
  waiting: z.number(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductListSchema = z.object({ items: z.array(adminProductRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

// Bulk edit (issue 32, decision 041) -------------------------------------------------------------

/** Most products one bulk edit changes; a larger selection is refused whole. */
export const MAX_BULK_PRODUCTS = 10_000;
/** A bulk price change by percentage lies within these (−90 % to +500 %), never 0. */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;

/** The product list's filters (its query without sort and paging): what "all N matching this filter" selects. */
export const adminProductFilterSchema = adminProductQuerySchema.pick({ q: true, category: true, stock: true, status: true }).strict();
export type AdminProductFilter = z.infer<typeof adminProductFilterSchema>;

/**
 * Which products a bulk edit changes: these ids, or every product the list's filters match, resolved
 * by the server inside the edit's transaction. At most `MAX_BULK_PRODUCTS` either way.
 */
export const bulkSelectionSchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(MAX_BULK_PRODUCTS, 'bulk_too_many').optional(),
    filter: adminProductFilterSchema.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if ((s.ids === undefined) === (s.filter === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'selection_required' });
    else if (s.ids?.length === 0) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'bulk_empty' });
  });
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

/** A price change: a new price in piastres, or a percentage up or down (two decimals at most). */
export const bulkPriceChangeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('set'), price: z.number({ error: numberError }).int('invalid').positive('too_small').max(MAX_PRICE, 'too_big') }).strict(),
  z
    .object({
      mode: z.literal('percent'),
      percent: z
        .number({ error: numberError })
        .min(BULK_PERCENT_MIN, 'percent_out_of_range')
        .max(BULK_PERCENT_MAX, 'percent_out_of_range')
        .refine((p) => p !== 0, 'percent_zero')
        .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'percent_decimals'),
    })
    .strict(),
]);
export type BulkPriceChange = z.infer<typeof bulkPriceChangeSchema>;

/**
 * What a bulk edit sets on every selected product; any of the parts, at least one. `discount` 0
 * removes the discount (and its offer's end). `stock` on a product with variants sets each variant.
 */
export const bulkChangeSchema = z
  .object({
    price: bulkPriceChangeSchema.optional(),
    /** Whole percent, 0 (none) to 90. */
    discount: z.number({ error: numberError }).int('invalid').min(0, 'too_small').max(90, 'too_big').optional(),
    stock: z.number({ error: numberError }).int('invalid').min(0, 'stock_negative').max(MAX_STOCK, 'too_big').optional(),
    categories: z
      .object({
        mode: z.enum(['add', 'remove', 'replace']),
        categoryIds: z.array(z.number().int().positive()).min(1, 'category_required').max(20, 'too_many'),
      })
      .strict()
      .optional(),
    tags: z
      .object({ add: z.array(tagSchema).max(20, 'too_many'), remove: z.array(tagSchema).max(20, 'too_many') })
      .strict()
      .refine((t) => t.add.length + t.remove.length > 0, 'tags_required')
      .optional(),
    visible: z.boolean().optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'change_required');
export type BulkChange = z.infer<typeof bulkChangeSchema>;

/**
 * `POST /api/admin/products/bulk`: one change to many products. `expectedCount` is how many
 * products the merchant confirmed; when the selection no longer holds that many, nothing changes
 * (409 `bulk_selection_changed` with the count now).
 */
export const adminBulkEditSchema = z
  .object({
    selection: bulkSelectionSchema,
    change: bulkChangeSchema,
    expectedCount: z.number().int().min(1).max(MAX_BULK_PRODUCTS),
  })
  .strict();
export type AdminBulkEdit = z.infer<typeof adminBulkEditSchema>;

/** The answer of a bulk edit: how many products the selection held, and how many of them it changed. */
export const adminBulkResultSchema = z.object({ matched: z.number(), changed: z.number() });
export type AdminBulkResult = z.infer<typeof adminBulkResultSchema>;

/** Query of `POST /api/admin/uploads`: what the picture is for decides its widths. */
export const uploadQuerySchema = z.object({ kind: z.enum(['product', 'category']).default('product') }).strict();

/** A picture the upload endpoint stored: base for saving, url (smallest width) for previews. */
export const uploadedImageSchema = z.object({ base: z.string(), url: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

// Categories -------------------------------------------------------------------------------------

export const adminCategorySchema = z.object({
  name: localizedNameSchema(120),
  slug: requiredText(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug_format'),
  /** A picture base (uploaded with kind=category), or null. */
  image: imageBaseSchema.nullable(),
  sortOrder: z.number({ error: numberError }).int('invalid').min(0, 'too_small').max(10_000, 'too_big'),
  /** The colours its products may use (`[]` none); null or left out: any (issue 35, point 7). */
  colors: z
    .array(z.string().refine((c) => variantColors.includes(c), 'unknown_color'))
    .max(variantColors.length)
    .nullable()
    .optional(),
  /** The sizes its products may use (`[]` none); null or left out: any. */
  sizes: z
    .array(z.string().refine((s) => variantSizes.includes(s), 'unknown_size'))
    .max(variantSizes.length)
    .nullable()
    .optional(),
});
export type AdminCategoryInput = z.infer<typeof adminCategorySchema>;

export const adminCategoryDetailSchema = adminCategorySchema.extend({
  id: z.number(),
  /** Products (not deleted, hidden included) in this category. */
  productCount: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategoryDetailSchema>;

/** Query of `DELETE /api/admin/categories/:id`: where its products go. */
export const categoryDeleteQuerySchema = z.object({ moveTo: idSchema.optional() }).strict();

/** Answer of a create or an update: the id of what was saved. */
export const savedIdSchema = z.object({ id: z.number() });

/** A slug made of a name: lower-case Latin letters, digits and dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
}
