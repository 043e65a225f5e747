import { z } from 'zod';

const text = (min: number, max: number) => z.string({ error: 'required' }).trim().min(1, 'required').min(min, 'too_short').max(max, 'too_long');

/** The contact form, validated alike in the browser and on the server. Errors are stable codes. */
export const contactSchema = z
  .object({
    name: text(2, 120),
    email: z
      .string({ error: 'required' })
      .trim()
      .min(1, 'required')
      .max(254, 'too_long')
      .refine((v) => z.email().safeParse(v).success, 'email_invalid')
      .transform((v) => v.toLowerCase()),
    subject: text(3, 200),
    message: text(10, 5000),
  })
  .strict();
export type ContactInput = z.input<typeof contactSchema>;
