import { z } from 'zod';

/** A newsletter sign-up. The error messages are stable codes the client translates. */
export const newsletterSchema = z
  .object({
    email: z
      .string({ error: 'email_required' })
      .trim()
      .min(1, 'email_required')
      .max(254, 'too_long')
      .refine((v) => z.email().safeParse(v).success, 'email_invalid')
      .transform((v) => v.toLowerCase()),
  })
  .strict();
