import { z } from 'zod';
import { auditKinds } from '../domain/audit.js';

/** `GET /api/admin/activity?actor=&kind=&subject=&from=&to=&page=&pageSize=`: the activity log, newest first. */
export const activityQuerySchema = z
  .object({
    /** A person's account id. */
    actor: z.coerce.number().int().positive().optional(),
    kind: z.enum(auditKinds).optional(),
    /** One thing's history: its id within `kind` (a product id, an order number). Needs `kind`. */
    subject: z.string().trim().min(1).max(40).optional(),
    /** Cairo days, inclusive (YYYY-MM-DD). */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .refine((q) => q.subject === undefined || q.kind !== undefined, { path: ['subject'], message: 'subject_needs_kind' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to_before_from' });
export type ActivityQuery = z.input<typeof activityQuerySchema>;

const auditValue: z.ZodType<unknown> = z.unknown();

/** One admin change: who, from which address, when, what, and the changed fields before and after. */
export const activityEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), email: z.string().nullable(), role: z.string() }),
  address: z.string().nullable(),
  kind: z.enum(auditKinds),
  action: z.string(),
  subjectId: z.string().nullable(),
  label: z.string(),
  before: z.record(z.string(), auditValue).nullable(),
  after: z.record(z.string(), auditValue).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of the log. Matches are counted only so far (decision 014): `totalExact: false` means at least `total`. */
export const activityListSchema = z.object({
  items: z.array(activityEntrySchema),
  total: z.number(),
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** The people who appear in the log, for the person filter (at most 200, by e-mail). */
  people: z.array(z.object({ id: z.number(), email: z.string() })),
});
export type ActivityList = z.infer<typeof activityListSchema>;
