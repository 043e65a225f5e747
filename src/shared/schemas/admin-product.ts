import { z } from 'zod';
import { colorSwatches, sizeOrder } from '../domain/vocabulary.js';
import { idSchema } from './params.js';

/**
 * What the merchant edits about a product, as the admin form holds it and the server accepts it.
 * Error messages are stable field codes (`required`, `too_long`, ...) the client translates.
 * Money is integer piastres; discount a whole percent.
 */

/** Languages a product is written in; English and Arabic are required, the others fall back to English. */
export const productLanguages = ['en', 'ar', 'fr', 'de'] as const;
export type ProductLanguage = (typeof productLanguages)[number];

const numberError = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid');

const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');
const optionalText = (max: number) => z.string().trim().max(max, 'too_long');

/** Names: en + ar required. */
export const localizedNameSchema = (max: number) =>
  z.object({ en: requiredText(max), ar: requiredText(max), fr: optionalText(max).optional(), de: optionalText(max).optional() });

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
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'required')
        .max(40, 'too_long')
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'tag_format'),
    )
    .max(20, 'too_many'),
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

export const adminStockFilters = ['in', 'low', 'out'] as const;
export const adminProductSorts = ['newest', 'name', 'price_asc', 'price_desc', 'stock_asc'] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

export { LOW_STOCK } from '../domain/cart.js';

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
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductListSchema = z.object({ items: z.array(adminProductRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const adminBulkSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1, 'required').max(500, 'too_many'),
    action: z.enum(['hide', 'show']),
  })
  .strict();
export type AdminBulkRequest = z.infer<typeof adminBulkSchema>;

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
