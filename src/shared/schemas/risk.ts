import { z } from 'zod';
import { blockedKinds, blockedValue, courierReasons, riskReasons } from '../domain/order-risk.js';
import { maxSettingPiastres } from './settings.js';

/** `GET`/`PUT /api/admin/risk/rules`: the merchant's risk rules (decision 042); the amount in piastres, null for off. */
export const riskRulesSchema = z
  .object({
    flagRefusedBefore: z.boolean(),
    flagRepeatWithinHour: z.boolean(),
    flagTotalAbove: z.number({ error: 'number_invalid' }).int('number_invalid').min(1, 'amount_positive').max(maxSettingPiastres, 'amount_too_big').nullable(),
  })
  .strict();
export type RiskRulesInput = z.infer<typeof riskRulesSchema>;

/** A phone number's record with the shop: orders placed, delivered, refused at the door or returned to the shop. */
export const phoneRecordSchema = z.object({ orders: z.number(), delivered: z.number(), refused: z.number() });

/** An order's review: why it was flagged at checkout, and when and by whom it was marked reviewed (null while it waits). */
export const orderReviewSchema = z.object({
  reasons: z.array(z.enum(riskReasons)),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** One entry of the blocklist. */
export const blockedContactSchema = z.object({
  id: z.number(),
  kind: z.enum(blockedKinds),
  value: z.string(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockedContact = z.infer<typeof blockedContactSchema>;

/** `GET /api/admin/risk/blocked?q=&page=&pageSize=`, newest first. */
export const blockedListSchema = z.object({ items: z.array(blockedContactSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type BlockedList = z.infer<typeof blockedListSchema>;

/** `POST /api/admin/risk/blocked`: a phone number or e-mail address, in any written form, and why. */
export const blockContactSchema = z
  .object({
    kind: z.enum(blockedKinds, { error: 'kind_invalid' }),
    value: z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'too_long'),
    note: z.string().trim().max(300, 'too_long').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.value && blockedValue(v.kind, v.value) === null)
      ctx.addIssue({ code: 'custom', path: ['value'], message: v.kind === 'phone' ? 'phone_invalid' : 'email_invalid' });
  });
export type BlockContactInput = z.input<typeof blockContactSchema>;

/** `POST /api/admin/orders/:id/status` for a parcel that came back: the courier's reason is required then. */
export const courierReasonSchema = z.enum(courierReasons, { error: 'reason_required' });
