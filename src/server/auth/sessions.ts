import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sha256 } from '../hashing.js';
import { deleteSession, findSessionUser, insertSession } from '../repositories/session-repository.js';
import type { SessionUser } from '../../shared/schemas/auth.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** The database id of the session behind a cookie token. */
export const sessionIdOf = (token: string): string => sha256(token);

/** A new session for the user: a random token in the cookie, only its hash in the database. */
export async function startSession(db: Kysely<Database>, userId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertSession(db, { id: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY) });
  return token;
}

export async function endSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, sha256(token));
}

/** The user behind a session token, or null for a missing, unknown or expired one. */
export async function sessionUser(db: Kysely<Database>, token: string | undefined, now = new Date()): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const row = await findSessionUser(db, sha256(token));
  if (!row) return null;
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    await endSession(db, token);
    return null;
  }
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role };
}

/** HttpOnly, SameSite=Lax; Secure when the request came over TLS (directly or, with TRUST_PROXY, via the proxy). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
