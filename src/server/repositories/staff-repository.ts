import type { Kysely, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { StaffRole } from '../../shared/domain/permissions.js';
import type { StaffInvite, StaffMember } from '../../shared/schemas/staff.js';

type Q = Kysely<Database> | Transaction<Database>;

/** The staff, by name (on the partial index of staff accounts, migration 022). */
export async function listStaff(db: Q): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'created_at'])
    .where('role', '!=', 'customer')
    .orderBy('name')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role as StaffRole, createdAt: toIso(r.created_at) }));
}

/** A staff account (not a customer), or undefined. */
export async function findStaffMember(db: Q, id: number): Promise<{ id: number; name: string; email: string; role: StaffRole } | undefined> {
  const row = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', id).where('role', '!=', 'customer').executeTakeFirst();
  return row && { ...row, role: row.role as StaffRole };
}

/**
 * How many owners the shop has, their rows locked until the transaction ends on PostgreSQL (two
 * owners demoting each other at once wait for one another; SQLite runs one writer at a time).
 */
export async function lockOwners(trx: Transaction<Database>, dialect: 'sqlite' | 'postgres'): Promise<number[]> {
  const query = trx.selectFrom('users').select('id').where('role', '=', 'owner');
  const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((r) => r.id);
}

/** Sets an account's role and ends all its sessions at once (its next request is signed out). */
export async function setRoleAndEndSessions(trx: Transaction<Database>, id: number, role: 'customer' | StaffRole, now: string): Promise<void> {
  await trx.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
}

const inviteColumns = ['i.id', 'i.email', 'i.name', 'i.role', 'i.created_at', 'i.expires_at', 'u.email as invited_by'] as const;

function toInvite(
  r: { id: number; email: string; name: string; role: StaffRole; created_at: Date | string; expires_at: Date | string; invited_by: string | null },
  now: Date,
): StaffInvite {
  const expiresAt = toIso(r.expires_at);
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    createdAt: toIso(r.created_at),
    expiresAt,
    expired: Date.parse(expiresAt) <= now.getTime(),
    invitedBy: r.invited_by,
  };
}

/** Invitations neither used nor withdrawn, with the e-mail of who invited. */
const openInvites = (db: Q) =>
  db
    .selectFrom('staff_invites as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(inviteColumns)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null);

/** The open invitations, newest first (expired ones too: they can be sent again). */
export async function listOpenInvites(db: Q, now: Date): Promise<StaffInvite[]> {
  const rows = await openInvites(db).orderBy('i.created_at', 'desc').limit(200).execute();
  return rows.map((r) => toInvite(r, now));
}

export async function findOpenInvite(db: Q, id: number, now: Date): Promise<StaffInvite | undefined> {
  const row = await openInvites(db).where('i.id', '=', id).executeTakeFirst();
  return row && toInvite(row, now);
}

/** How many invitations are open (neither used nor withdrawn), expired ones included. */
export async function countOpenInvites(db: Q): Promise<number> {
  const { n } = await db
    .selectFrom('staff_invites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Withdraws the open invitations of an address (a new one replaces them), or one by id; returns how many. */
export async function revokeInvites(db: Q, by: { email: string } | { id: number }, now: string): Promise<number> {
  let query = db.updateTable('staff_invites').set({ revoked_at: now }).where('accepted_at', 'is', null).where('revoked_at', 'is', null);
  query = 'email' in by ? query.where('email', '=', by.email) : query.where('id', '=', by.id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertInvite(
  db: Q,
  invite: { email: string; name: string; role: StaffRole; tokenHash: string; invitedBy: number | null; now: string; expiresAt: string },
): Promise<number> {
  const { id } = await db
    .insertInto('staff_invites')
    .values({
      email: invite.email,
      name: invite.name,
      role: invite.role,
      token_hash: invite.tokenHash,
      invited_by: invite.invitedBy,
      created_at: invite.now,
      expires_at: invite.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A new token and expiry for an open invitation (sent again); false when it is no longer open. */
export async function renewInvite(db: Q, id: number, tokenHash: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The open, unexpired invitation a link's token hash names, or undefined. */
export async function findInviteByToken(db: Q, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_invites')
    .select(['id', 'email', 'name', 'role'])
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Marks an invitation used, once: false when another request used it first. */
export async function takeInvite(db: Q, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
