import { z } from 'zod';
import { normalizePromotionCode, promotionKinds, promotionStatuses } from '../domain/promotion-codes.js';
import { idSchema } from './params.js';
import { localizedNameSchema, MAX_PRICE } from './admin-product.js';
import { checkoutLineSchema } from './checkout.js';

/**
 * Promotions on the wire (issue 30): the merchant's form, the admin's list, the offers the cart
 * quotes with, and the shopper's "Apply". Field errors are stable codes the client translates.
 */

/** A code as typed: trimmed, Arabic-Indic digits and any case accepted, stored normalised. */
export const promotionCodeSchema = z
  .string({ error: 'required' })
  .max(64, 'code_invalid')
  .transform((typed, ctx) => {
    const code = normalizePromotionCode(typed);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: typed.trim() ? 'code_invalid' : 'required' });
      return z.NEVER;
    }
    return code;
  });

const count = z.number({ error: 'invalid' }).int('invalid').positive('too_small').max(1_000_000, 'too_big').nullable();
const when = z.iso.datetime({ offset: true, error: 'invalid' }).nullable();

/** What the merchant sets: a code (or none: automatic), what it takes off, on what, and when. */
export const adminPromotionSchema = z
  .object({
    names: localizedNameSchema(120),
    /** Null or '': an automatic offer. */
    code: z.preprocess((v) => (v === '' || v === undefined ? null : v), promotionCodeSchema.nullable()),
    kind: z.enum(promotionKinds, { error: 'required' }),
    /** A whole percent (1-100), piastres, or 0 for free delivery. */
    value: z.number({ error: 'required' }).int('invalid').min(0, 'too_small').max(MAX_PRICE, 'too_big'),
    productIds: z.array(idSchema).max(500, 'too_many'),
    categoryIds: z.array(idSchema).max(100, 'too_many'),
    minSubtotal: z.number({ error: 'invalid' }).int('invalid').min(0, 'too_small').max(MAX_PRICE, 'too_big'),
    startsAt: when,
    endsAt: when,
    maxUses: count,
    perCustomer: count,
    firstOrderOnly: z.boolean(),
    withProductDiscounts: z.boolean(),
    combines: z.boolean(),
    paused: z.boolean(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && (p.value < 1 || p.value > 100)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'percent_range' });
    if (p.kind === 'amount' && p.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: 'too_small' });
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'ends_before_start' });
  })
  .transform((p) => (p.kind === 'free_delivery' ? { ...p, value: 0 } : p));
export type AdminPromotionInput = z.input<typeof adminPromotionSchema>;
export type AdminPromotion = z.output<typeof adminPromotionSchema>;

/** Orders that kept an offer, what it gave and those orders' revenue, in piastres. */
export const promotionUsageSchema = z.object({ orders: z.number(), discount: z.number(), revenue: z.number() });

export const adminPromotionDetailSchema = z.object({
  id: z.number(),
  names: z.object({ en: z.string(), ar: z.string(), fr: z.string().nullable(), de: z.string().nullable() }),
  code: z.string().nullable(),
  kind: z.enum(promotionKinds),
  value: z.number(),
  productIds: z.array(z.number()),
  categoryIds: z.array(z.number()),
  minSubtotal: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  perCustomer: z.number().nullable(),
  firstOrderOnly: z.boolean(),
  withProductDiscounts: z.boolean(),
  combines: z.boolean(),
  paused: z.boolean(),
  uses: z.number(),
  status: z.enum(promotionStatuses),
  usage: promotionUsageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromotionDetail = z.infer<typeof adminPromotionDetailSchema>;

export const adminPromotionListQuerySchema = z.object({
  status: z.enum(promotionStatuses).optional(),
  q: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminPromotionListSchema = z.object({ items: z.array(adminPromotionDetailSchema), total: z.number() });

/** `PATCH /api/admin/promotions/:id`: pause or resume. */
export const promotionPauseSchema = z.object({ paused: z.boolean() });

/** An offer as the cart and checkout quote with it (promotions.ts `PromotionRule`), its name in the page's language. */
export const promotionRuleSchema = z.object({
  id: z.number(),
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(promotionKinds),
  value: z.number(),
  productIds: z.array(z.number()),
  categories: z.array(z.string()),
  minSubtotal: z.number(),
  withProductDiscounts: z.boolean(),
  combines: z.boolean(),
});

/** `GET /api/promotions`: the automatic offers running now. */
export const offersSchema = z.object({ items: z.array(promotionRuleSchema) });

/** `POST /api/promotions/code`: is this code good for these lines (and this phone, when known)? */
export const codeCheckSchema = z.object({
  code: z.string({ error: 'required' }).max(64, 'code_invalid'),
  lines: z.array(checkoutLineSchema).max(50),
  phone: z.string().max(30).optional(),
});
/** Its answer: the code's offer, to quote with, and what it saves on these lines now (piastres). */
export const codeCheckResultSchema = z.object({ rule: promotionRuleSchema, saving: z.number() });
