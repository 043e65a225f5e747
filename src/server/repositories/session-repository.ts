import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/** Stores a session by its id (the hash of the cookie token), valid until `expiresAt`. */
export async function insertSession(db: Q, session: { id: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, created_at: session.createdAt.toISOString(), expires_at: session.expiresAt.toISOString() })
    .execute();
}

export async function deleteSession(db: Q, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** The user of a session and when the session ends, or undefined for an unknown id. */
export async function findSessionUser(db: Q, id: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.phone', 'users.role', 'sessions.expires_at'])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}
