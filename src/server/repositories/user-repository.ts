import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AddressInput, SavedAddress, SessionUser } from '../../shared/schemas/auth.js';
import { toIso } from '../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

const publicColumns = ['id', 'name', 'email', 'phone', 'role'] as const;

/** A user with the password hash, for sign-in and password changes only. */
export async function findUserWithHash(db: Q, by: { email: string } | { id: number }) {
  let q = db.selectFrom('users').select([...publicColumns, 'password_hash', 'language']);
  q = 'email' in by ? q.where('email', '=', by.email) : q.where('id', '=', by.id);
  return q.executeTakeFirst();
}

export async function emailExists(db: Q, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}

/** A new customer account; the role is never taken from the request. */
export async function createCustomer(
  db: Q,
  input: { name: string; email: string; phone: string | null; passwordHash: string; language: string },
): Promise<SessionUser> {
  const { id } = await db
    .insertInto('users')
    .values({
      email: input.email,
      name: input.name,
      phone: input.phone,
      password_hash: input.passwordHash,
      role: 'customer',
      language: input.language,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name: input.name, email: input.email, phone: input.phone, role: 'customer' };
}

export async function updateProfile(db: Q, id: number, input: { name: string; phone: string | null }): Promise<void> {
  await db.updateTable('users').set({ name: input.name, phone: input.phone, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Sets a new password hash and ends every other session of the user (a changed password locks others out). */
export async function updatePassword(db: Q, id: number, passwordHash: string, keepSessionId: string | null): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
  let del = db.deleteFrom('sessions').where('user_id', '=', id);
  if (keepSessionId) del = del.where('id', '!=', keepSessionId);
  await del.execute();
}

type AddressRow = { id: number; label: string; name: string; phone: string; governorate: string; city: string; address: string; is_default: number };
const toAddress = (r: AddressRow): SavedAddress => ({
  id: r.id,
  label: r.label,
  name: r.name,
  phone: r.phone,
  governorate: r.governorate,
  city: r.city,
  address: r.address,
  isDefault: r.is_default === 1,
});

export const MAX_ADDRESSES = 10;

export async function listAddresses(db: Q, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('user_addresses')
    .select(['id', 'label', 'name', 'phone', 'governorate', 'city', 'address', 'is_default'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAddress);
}

export type CleanAddress = Omit<AddressInput, 'isDefault'> & { isDefault?: boolean };

/** Adds or changes one of the user's addresses; the first one, or one marked default, becomes the default. */
export async function saveAddress(
  trx: Transaction<Database>,
  userId: number,
  input: CleanAddress,
  id: number | undefined,
  now: Date,
): Promise<SavedAddress | undefined> {
  {
    const count = await trx
      .selectFrom('user_addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const makeDefault = input.isDefault === true || Number(count.n) === 0;
    if (makeDefault) await trx.updateTable('user_addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute();
    const values = { label: input.label, name: input.name, phone: input.phone, governorate: input.governorate, city: input.city, address: input.address };
    let savedId = id;
    if (id) {
      const res = await trx
        .updateTable('user_addresses')
        .set({ ...values, ...(makeDefault ? { is_default: 1 } : {}) })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return undefined;
    } else {
      const row = await trx
        .insertInto('user_addresses')
        .values({ ...values, user_id: userId, is_default: makeDefault ? 1 : 0, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      savedId = row.id;
    }
    const saved = await trx
      .selectFrom('user_addresses')
      .select(['id', 'label', 'name', 'phone', 'governorate', 'city', 'address', 'is_default'])
      .where('id', '=', savedId!)
      .executeTakeFirstOrThrow();
    return toAddress(saved);
  }
}

export async function countAddresses(db: Q, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('user_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Deletes one of the user's addresses; when it was the default, the oldest remaining one takes over. */
export async function deleteAddress(trx: Transaction<Database>, userId: number, id: number): Promise<boolean> {
  {
    const row = await trx.selectFrom('user_addresses').select('is_default').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('user_addresses').where('id', '=', id).execute();
    if (row.is_default === 1) {
      const next = await trx.selectFrom('user_addresses').select('id').where('user_id', '=', userId).orderBy('id').executeTakeFirst();
      if (next) await trx.updateTable('user_addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
    }
    return true;
  }
}

/** A user's own orders, newest first. */
export async function listUserOrders(db: Q, userId: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['number', 'status', 'total', 'created_at'])
    .where('user_id', '=', userId)
    .where('number', 'is not', null)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ number: r.number ?? '', status: r.status, total: r.total, createdAt: toIso(r.created_at) }));
}

/**
 * Makes `email` an owner of the shop with this password hash: updates the account or creates it. For
 * ADMIN_EMAIL at start (which sets the same password at every start, so sessions stay) and
 * `npm run admin:create` (a new password: `endSessions` ends those made with the old one).
 */
export async function upsertAdmin(
  db: Q,
  input: { email: string; name: string; passwordHash: string; now: Date; endSessions?: boolean },
): Promise<'created' | 'updated'> {
  const email = input.email.toLowerCase();
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ role: 'owner', password_hash: input.passwordHash, updated_at: input.now.toISOString() })
      .where('id', '=', existing.id)
      .execute();
    if (input.endSessions) await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
    return 'updated';
  }
  await db
    .insertInto('users')
    .values({ email, name: input.name, password_hash: input.passwordHash, role: 'owner', created_at: input.now.toISOString() })
    .execute();
  return 'created';
}

/** The e-mail of the first owner, if the shop has one. */
export async function firstAdminEmail(db: Q): Promise<string | undefined> {
  const admin = await db.selectFrom('users').select('email').where('role', '=', 'owner').orderBy('id').executeTakeFirst();
  return admin?.email;
}

/** An account's e-mail address and language (where its messages go, in which words), or undefined. */
export async function findUserContact(db: Q, by: { id: number } | { email: string }): Promise<{ email: string; language: string } | undefined> {
  const query = db.selectFrom('users').select(['email', 'language']);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('email', '=', by.email.trim().toLowerCase())).executeTakeFirst();
}
