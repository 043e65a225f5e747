import { z } from 'zod';
import { passwordProblem } from '../domain/passwords.js';
import { normalizeEgyptianMobile } from '../domain/phone.js';
import { customerSchema } from './checkout.js';

const email = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'too_long')
  .refine((v) => z.email().safeParse(v).success, 'email_invalid')
  .transform((v) => v.toLowerCase());

const name = z.string({ error: 'required' }).trim().min(2, 'too_short').max(120, 'too_long');
const optionalPhone = z
  .string()
  .trim()
  .max(20, 'too_long')
  .refine((v) => v === '' || normalizeEgyptianMobile(v) !== null, 'phone_invalid')
  .transform((v) => (v ? normalizeEgyptianMobile(v) : null))
  .optional();

/**
 * Registration. Unknown keys such as `role` are dropped (zod strips them): every new account is a
 * customer, whatever the body says.
 */
export const registerSchema = z
  .object({
    name,
    email,
    phone: optionalPhone,
    password: z.string({ error: 'required' }).min(1, 'required'),
  })
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

/** The profile a shopper can change; the email is the sign-in name and stays. */
export const profileSchema = z.object({ name, phone: optionalPhone }).strict();
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long'),
    newPassword: z.string({ error: 'required' }).min(1, 'required'),
  })
  .strict();
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** A saved delivery address: the checkout's delivery fields plus a label such as Home or Work. */
export const addressSchema = customerSchema
  .pick({ phone: true, governorate: true, city: true, address: true })
  .extend({
    label: z.string({ error: 'required' }).trim().min(1, 'required').max(60, 'too_long'),
    name,
    isDefault: z.boolean().optional(),
  })
  .strict();
export type AddressInput = z.input<typeof addressSchema>;
export interface SavedAddress {
  id: number;
  label: string;
  name: string;
  phone: string;
  governorate: string;
  city: string;
  address: string;
  isDefault: boolean;
}

/** What the browser learns about the signed-in person: a mirror, never a source of truth. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: 'customer' | 'admin';
}
