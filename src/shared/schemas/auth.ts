import { z } from 'zod';
import { passwordProblem } from '../domain/passwords.js';
import { normalizeEgyptianMobile } from '../domain/phone.js';
import { customerSchema } from './checkout.js';
import { orderStatuses } from '../domain/order-status.js';
import { staffRoles } from '../domain/permissions.js';

export const email = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'too_long')
  .refine((v) => z.email().safeParse(v).success, 'email_invalid')
  .transform((v) => v.toLowerCase());

export const name = z.string({ error: 'required' }).trim().min(2, 'too_short').max(120, 'too_long');
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

/** `POST /api/auth/password-reset`: the address to send a reset link to (the answer is the same whether it has an account). */
export const passwordResetRequestSchema = z.object({ email }).strict();
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** An e-mailed link's token: 32 random bytes in base64url (43 characters). */
export const linkToken = z.string({ error: 'link_invalid' }).min(20, 'link_invalid').max(100, 'link_invalid');

/**
 * `POST /api/auth/password-reset/confirm`: the link's token and the new password. The password
 * rules that need the account's e-mail are checked by the server, which knows it.
 */
export const passwordResetSchema = z
  .object({
    token: linkToken,
    password: z
      .string({ error: 'required' })
      .min(1, 'required')
      .superRefine((v, ctx) => {
        const problem = passwordProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: `password_${problem}` });
      }),
  })
  .strict();
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** `POST /api/auth/register/verify`: the token of the link a registration was sent. */
export const signUpVerifySchema = z.object({ token: linkToken }).strict();

/** The answer of a request whose outcome is told by e-mail, the same for every address. */
export const acceptedAnswerSchema = z.object({ ok: z.literal(true) });

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
/** An address as the account page lists it. */
export const savedAddressSchema = z.object({
  id: z.number(),
  label: z.string(),
  name: z.string(),
  phone: z.string(),
  governorate: z.string(),
  city: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** What the browser learns about the signed-in person: a mirror, never a source of truth. */
export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['customer', ...staffRoles]),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `POST /api/auth/login`, `/register`, `PUT /api/account/profile`: the person as they are now. */
export const userAnswerSchema = z.object({ user: sessionUserSchema });
/** `GET /api/auth/me`: null when nobody is signed in. */
export const meAnswerSchema = z.object({ user: sessionUserSchema.nullable() });

/** One line of `GET /api/account/orders` (newest first, at most 100). Money in piastres. */
export const accountOrderRowSchema = z.object({ number: z.string(), status: z.enum(orderStatuses), total: z.number(), createdAt: z.string() });
export type AccountOrderRow = z.infer<typeof accountOrderRowSchema>;
