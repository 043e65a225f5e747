import { z } from 'zod';
import { staffRoles } from '../domain/permissions.js';
import { email, linkToken, name } from './auth.js';

const role = z.enum(staffRoles, { error: 'required' });

/** One person of the staff, as the staff page lists them. */
export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet used or withdrawn; `expired` once its 7 days are over (send it again). */
export const staffInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  invitedBy: z.string().nullable(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** `GET /api/admin/staff`: the staff, by name, and the open invitations, newest first. */
export const staffListSchema = z.object({ members: z.array(staffMemberSchema), invites: z.array(staffInviteSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** `POST /api/admin/staff/invites`: who to invite, and the role they join with. */
export const staffInviteInputSchema = z.object({ email, name, role }).strict();
export type StaffInviteInput = z.input<typeof staffInviteInputSchema>;

/**
 * The answer to an invitation (made or sent again): the invitation, and its link when the shop has
 * no e-mail to send it (the owner hands it over); null when it went by e-mail.
 */
export const staffInviteAnswerSchema = z.object({ invite: staffInviteSchema, link: z.string().nullable() });
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswerSchema>;

/** `PUT /api/admin/staff/:id/role`. */
export const staffRoleInputSchema = z.object({ role }).strict();

/** `GET /api/staff-invite?token=`: what the invitee sees before joining; `hasAccount` asks for their password instead of a new one. */
export const invitationSchema = z.object({ email: z.string(), name: z.string(), role: z.enum(staffRoles), shopName: z.string(), hasAccount: z.boolean() });
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationQuerySchema = z.object({ token: linkToken }).strict();

/**
 * `POST /api/staff-invite/accept`: the link's token and a password. For an address that has no
 * account, a new password (the shop's rules) and the name to show; for one that has, its password.
 */
export const acceptInviteSchema = z
  .object({
    token: linkToken,
    name: name.optional(),
    password: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long'),
  })
  .strict();
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
