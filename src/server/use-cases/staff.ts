import { AppError, notFound } from '../errors.js';
import { sha256 } from '../hashing.js';
import { newLinkToken } from '../auth/link-tokens.js';
import { enqueueMessage } from '../repositories/outbox-repository.js';
import { findUserWithHash } from '../repositories/user-repository.js';
import {
  countOpenInvites,
  findInviteByToken,
  findOpenInvite,
  findStaffMember,
  insertInvite,
  listOpenInvites,
  listStaff,
  lockOwners,
  renewInvite,
  revokeInvites,
  setRoleAndEndSessions,
  takeInvite,
} from '../repositories/staff-repository.js';
import type { StaffRole } from '../../shared/domain/permissions.js';
import type { Invitation, StaffInviteAnswer, StaffList } from '../../shared/schemas/staff.js';
import { audit } from './audit.js';
import { inTransaction, type TransactionContext, type UseCaseContext } from './use-case.js';

/** An invitation's link works for 7 days (issue 32). */
const INVITE_MS = 7 * 24 * 60 * 60 * 1000;
/** Open invitations at most: a typo'd address is withdrawn, not piled up. */
const MAX_OPEN_INVITES = 50;

const lastOwner = () => new AppError(409, 'last_owner', 'The shop needs at least one owner: make someone else an owner first.');
const staffNotFound = () => notFound('staff_not_found', 'This person is not on the staff.');
const inviteNotFound = () => notFound('invite_not_found', 'This invitation was used or withdrawn.');
const inviteInvalid = () => new AppError(400, 'link_invalid', 'This invitation was used, withdrawn or has expired. Ask the shop owner for a new one.');

/** The staff page: who is on the staff and the open invitations. */
export async function staffList(ctx: UseCaseContext): Promise<StaffList> {
  const [members, invites] = await Promise.all([listStaff(ctx.db), listOpenInvites(ctx.db, ctx.now)]);
  return { members, invites };
}

/**
 * Writes the invitation's e-mail (through the job queue) when the shop sends e-mail; without it,
 * returns the link for the owner to hand over.
 */
async function deliver(tx: TransactionContext, invite: { email: string; name: string; role: StaffRole }, token: string): Promise<string | null> {
  const path = `/staff-invite?token=${token}`;
  if (!tx.shop.config.smtpUrl) return `${tx.origin}${path}`;
  const who = tx.actor.email ?? tx.shop.config.shopName;
  await enqueueMessage(
    tx.trx,
    { kind: 'staff_invite', to: invite.email, language: tx.language, origin: tx.origin, name: invite.name, role: invite.role, invitedBy: who, link: path },
    tx.now,
  );
  tx.after.jobAdded();
  return null;
}

/** The owner invites a person by e-mail with a role; an earlier open invitation of the address is replaced. */
export async function inviteStaff(ctx: UseCaseContext, input: { email: string; name: string; role: StaffRole }): Promise<StaffInviteAnswer> {
  const existing = await findUserWithHash(ctx.db, { email: input.email });
  if (existing && existing.role !== 'customer') throw new AppError(409, 'already_staff', 'This person is already on the staff.', { email: 'already_staff' });
  if ((await countOpenInvites(ctx.db)) >= MAX_OPEN_INVITES)
    throw new AppError(409, 'too_many_invites', 'Too many invitations are open: withdraw the ones nobody will use.');
  const token = newLinkToken();
  return inTransaction(ctx, async (tx) => {
    const now = tx.now.toISOString();
    await revokeInvites(tx.trx, { email: input.email }, now);
    const id = await insertInvite(tx.trx, {
      ...input,
      tokenHash: sha256(token),
      invitedBy: tx.actor.userId,
      now,
      expiresAt: new Date(tx.now.getTime() + INVITE_MS).toISOString(),
    });
    await audit(tx, {
      kind: 'staff',
      action: 'invited',
      subjectId: existing?.id ?? null,
      label: input.email,
      before: null,
      after: { email: input.email, name: input.name, role: input.role },
    });
    const link = await deliver(tx, input, token);
    const invite = await findOpenInvite(tx.trx, id, tx.now);
    return { invite: invite!, link };
  });
}

/** Sends an open invitation again with a new link and 7 more days; the old link stops working. */
export async function resendInvite(ctx: UseCaseContext, id: number): Promise<StaffInviteAnswer> {
  const token = newLinkToken();
  return inTransaction(ctx, async (tx) => {
    const open = await findOpenInvite(tx.trx, id, tx.now);
    if (!open || !(await renewInvite(tx.trx, id, sha256(token), new Date(tx.now.getTime() + INVITE_MS).toISOString()))) throw inviteNotFound();
    await audit(tx, { kind: 'staff', action: 'invite-resent', subjectId: null, label: open.email, before: { expiresAt: open.expiresAt }, after: null });
    const link = await deliver(tx, open, token);
    return { invite: (await findOpenInvite(tx.trx, id, tx.now))!, link };
  });
}

/** Withdraws an open invitation: its link stops working. */
export async function withdrawInvite(ctx: UseCaseContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const open = await findOpenInvite(tx.trx, id, tx.now);
    if (!open || (await revokeInvites(tx.trx, { id }, tx.now.toISOString())) === 0) throw inviteNotFound();
    await audit(tx, {
      kind: 'staff',
      action: 'invite-withdrawn',
      subjectId: null,
      label: open.email,
      before: { email: open.email, role: open.role },
      after: null,
    });
  });
}

/**
 * Gives a person of the staff another role, or removes them from the staff (`customer`: their
 * account stays, for their own orders). Either ends their sessions at once. The shop keeps at least
 * one owner: the last one can be neither demoted nor removed.
 */
export async function setStaffRole(ctx: UseCaseContext, id: number, role: StaffRole | 'customer'): Promise<void> {
  await inTransaction(
    ctx,
    async (tx) => {
      const owners = await lockOwners(tx.trx, tx.shop.dialect);
      const member = await findStaffMember(tx.trx, id);
      if (!member) throw staffNotFound();
      if (member.role === role) return;
      if (member.role === 'owner' && owners.length <= 1) throw lastOwner();
      await setRoleAndEndSessions(tx.trx, id, role, tx.now.toISOString());
      await audit(tx, {
        kind: 'staff',
        action: role === 'customer' ? 'removed' : 'role',
        subjectId: id,
        label: member.email,
        before: { role: member.role },
        after: { role: role === 'customer' ? null : role },
      });
    },
    { retryConflicts: true },
  );
}

/** What an invitation's link shows before joining; throws `link_invalid` for a used, withdrawn or expired one. */
export async function invitation(ctx: UseCaseContext, token: string): Promise<Invitation> {
  const invite = await findInviteByToken(ctx.db, sha256(token), ctx.now);
  if (!invite) throw inviteInvalid();
  const account = await findUserWithHash(ctx.db, { email: invite.email });
  const settings = await ctx.shop.settings.current();
  return { email: invite.email, name: invite.name, role: invite.role, shopName: settings.shopName, hasAccount: account !== undefined };
}

/**
 * Joins the staff through an invitation's link, once. The caller checked the password: an address
 * that has an account proved it with that account's password (the link alone does not take an
 * account over); one that has none gets an account with `newAccount`'s name and password hash.
 * Returns the account's id.
 */
export async function acceptInvite(ctx: UseCaseContext, token: string, newAccount: { name: string; passwordHash: string } | null): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const invite = await findInviteByToken(tx.trx, sha256(token), tx.now);
    if (!invite || !(await takeInvite(tx.trx, invite.id, tx.now.toISOString()))) throw inviteInvalid();
    const now = tx.now.toISOString();
    const existing = await findUserWithHash(tx.trx, { email: invite.email });
    let id: number;
    if (existing) {
      id = existing.id;
      // Their role changes; their other sessions end (they were a customer's).
      await setRoleAndEndSessions(tx.trx, id, invite.role, now);
    } else {
      if (!newAccount) throw inviteInvalid();
      ({ id } = await tx.trx
        .insertInto('users')
        .values({
          email: invite.email,
          name: newAccount.name,
          password_hash: newAccount.passwordHash,
          role: invite.role,
          language: tx.language,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    // The person joining is who acts here.
    await audit(
      { ...tx, actor: { ...tx.actor, userId: id, role: invite.role, email: invite.email } },
      { kind: 'staff', action: 'joined', subjectId: id, label: invite.email, before: existing ? { role: existing.role } : null, after: { role: invite.role } },
    );
    return id;
  });
}
