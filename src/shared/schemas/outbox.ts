import { z } from 'zod';

/** Where a message stands (decision 021): waiting or being sent, sent, given up after its retries, or held (no SMTP server). */
export const outboxStatuses = ['pending', 'sent', 'failed', 'held'] as const;
export type OutboxStatusValue = (typeof outboxStatuses)[number];

/** Every kind of message the shop sends (server/messages/kinds.ts). */
export const messageKinds = [
  'order_received',
  'merchant_new_order',
  'order_status',
  'payment_received',
  'payment_failed',
  'refund_made',
  'low_stock_daily',
  'password_reset',
  'sign_up_link',
  'sign_up_taken',
  'staff_invite',
  'return_update',
  'stock_alert_confirm',
  'back_in_stock',
] as const;
export type MessageKindValue = (typeof messageKinds)[number];

/** `GET /api/admin/outbox?status=&kind=&page=&pageSize=`. */
export const outboxQuerySchema = z
  .object({
    status: z.enum(outboxStatuses).optional(),
    kind: z.enum(messageKinds).optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

/** One message in the admin's list; instants are ISO strings. */
export const outboxEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(messageKinds),
  recipient: z.string(),
  language: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  /** The last failed attempt's error (SMTP's answer), or null. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** "Send again" takes it: not pending, and not a sent message whose secret link was blanked. */
  resendable: z.boolean(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

const perStatus = <T extends z.ZodType>(value: T) => z.object({ pending: value, sent: value, failed: value, held: value });

/**
 * A page of the outbox, newest first. Matches are counted only so far (decision 014):
 * `totalExact: false` means at least `total` match; a status count marked not exact means "more
 * than" it. `sending` is false when the shop has no SMTP server and holds its messages.
 */
export const outboxListSchema = z.object({
  items: z.array(outboxEntrySchema),
  total: z.number(),
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  counts: perStatus(z.number()),
  countsExact: perStatus(z.boolean()),
  sending: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/**
 * `GET /api/admin/outbox/:id/preview`: the message as it is (or would be) sent now. `linkRemoved`:
 * a sent password reset or sign-up link, whose link was blanked once sent (it shows empty).
 */
export const outboxPreviewSchema = z.object({
  id: z.number(),
  kind: z.enum(messageKinds),
  status: z.enum(outboxStatuses),
  recipient: z.string(),
  language: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  linkRemoved: z.boolean(),
});
export type OutboxPreview = z.infer<typeof outboxPreviewSchema>;

/** `POST /api/admin/outbox/:id/resend`: the message is pending again and leaves at once. */
export const outboxResendSchema = z.object({ ok: z.literal(true), status: z.literal('pending') });
