import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * E-mailed links of accounts (migration 015): password resets and registrations waiting for their
 * address to be confirmed. Callers pass the SHA-256 of a link's token, never the token.
 */

/** A new reset link for the user; the user's earlier links stop working (only the newest e-mail counts). */
export async function replaceResetLink(db: Q, link: { tokenHash: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', link.userId).execute();
  await db
    .insertInto('password_resets')
    .values({ token_hash: link.tokenHash, user_id: link.userId, created_at: link.now.toISOString(), expires_at: link.expiresAt.toISOString() })
    .execute();
}

/** The account a live reset link belongs to (its e-mail, for the password rules), or undefined. */
export async function findResetLink(db: Q, tokenHash: string, now: Date): Promise<{ userId: number; email: string } | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id as userId', 'users.email as email', 'password_resets.expires_at as expiresAt'])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || toIso(row.expiresAt) <= now.toISOString()) return undefined;
  return { userId: row.userId, email: row.email };
}

/**
 * Uses a reset link up: deletes every link of its account and answers the account's id, or
 * undefined when the link was already used (by a request a moment earlier) or has expired.
 */
export async function useResetLink(db: Q, tokenHash: string, now: Date): Promise<number | undefined> {
  const row = await db
    .deleteFrom('password_resets')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return undefined;
  await db.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
  return row.user_id;
}

export interface PendingSignUp {
  email: string;
  name: string;
  phone: string | null;
  passwordHash: string;
  language: string;
}

/** Keeps a registration until its link is used; an address's earlier pending registration is replaced. */
export async function replaceSignUp(db: Q, signUp: PendingSignUp & { tokenHash: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.deleteFrom('sign_ups').where('email', '=', signUp.email).execute();
  await db
    .insertInto('sign_ups')
    .values({
      token_hash: signUp.tokenHash,
      email: signUp.email,
      name: signUp.name,
      phone: signUp.phone,
      password_hash: signUp.passwordHash,
      language: signUp.language,
      created_at: signUp.now.toISOString(),
      expires_at: signUp.expiresAt.toISOString(),
    })
    .execute();
}

/** Takes a pending registration by its link (once), or undefined for a used, replaced or expired link. */
export async function takeSignUp(db: Q, tokenHash: string, now: Date): Promise<PendingSignUp | undefined> {
  const row = await db
    .deleteFrom('sign_ups')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .returning(['email', 'name', 'phone', 'password_hash', 'language'])
    .executeTakeFirst();
  return row && { email: row.email, name: row.name, phone: row.phone, passwordHash: row.password_hash, language: row.language };
}

/** Forgets links that ran out (called now and then; a used link is deleted when used). */
export async function deleteExpiredLinks(db: Q, now: Date): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now.toISOString()).execute();
  await db.deleteFrom('sign_ups').where('expires_at', '<=', now.toISOString()).execute();
}
