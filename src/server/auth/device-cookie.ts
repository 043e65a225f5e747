import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * OWASP's device cookie (decision 008): a browser that signed in to an account gets
 * `<user id>.<nonce>.<signature>`, an HMAC under a key derived from the shop secret. Presented
 * again at sign-in for the same account, its failures count against the cookie itself, not
 * against the account's limit for strangers.
 */
export const DEVICE_COOKIE = 'device';
/** Only the sign-in routes need it; no other request carries it. */
const COOKIE_PATH = '/api/auth';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const FORMAT = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const keys = new Map<string, Buffer>();
/** A key of its own, so a device signature can never pass for another of the shop's HMACs. */
function deviceKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createHmac('sha256', secret).update('nasma device cookie v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const sign = (secret: string, userId: number, nonce: string) => crypto.createHmac('sha256', deviceKey(secret)).update(`${userId}.${nonce}`).digest('base64url');

/** A new cookie value for the user, with a fresh random nonce. */
export function newDeviceCookie(secret: string, userId: number): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${sign(secret, userId, nonce)}`;
}

/** The nonce of a well-formed, correctly signed cookie issued for this user; null otherwise. */
export function deviceNonce(secret: string, value: string | undefined, userId: number): string | null {
  const match = value ? FORMAT.exec(value) : null;
  if (!match || Number(match[1]) !== userId) return null;
  const expected = Buffer.from(sign(secret, userId, match[2]!));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? match[2]! : null;
}

/** HttpOnly, SameSite=Lax, a year long; Secure when the request came over TLS. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}
