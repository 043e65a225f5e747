import { z } from 'zod';
import { passwordProblem } from '../domain/passwords.js';
import { normalizeEgyptianMobile } from '../domain/phone.js';

const email = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'too_long')
  .refine((v) => z.email().safeParse(v).success, 'email_invalid')
  .transform((v) => v.toLowerCase());

/** Registration. `role` is not a field: anything else in the body is refused (strict). */
export const registerSchema = z
  .object({
    name: z.string({ error: 'required' }).trim().min(2, 'too_short').max(120, 'too_long'),
    email,
    phone: z
      .string()
      .trim()
      .max(20, 'too_long')
      .refine((v) => v === '' || normalizeEgyptianMobile(v) !== null, 'phone_invalid')
      .transform((v) => (v ? normalizeEgyptianMobile(v) : null))
      .optional(),
    password: z.string({ error: 'required' }).min(1, 'required'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, v.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: `password_${problem}` });
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z
  .object({
    email,
    password: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long'),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

/** What the browser learns about the signed-in person: a mirror, never a source of truth. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: 'customer' | 'admin';
}
