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
/** A key of its own per use (`label`), so one device signature can never pass for another of the shop's HMACs. */
function deviceKey(secret: string, label = 'nasma device cookie v1'): Buffer {
  const name = `${label}\u0000${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = crypto.createHmac('sha256', secret).update(label).digest();
    keys.set(name, key);
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

/**
 * The track-device cookie (issue 33): the sign-in device cookie's idea for orders. A browser that
 * placed an order, or tracked it, holds `<nonce>.<numbers>.<signature>` naming those orders (the
 * newest few). A wrong look-up of one of its own orders counts against that cookie alone, so
 * strangers guessing the order's phone cannot lock its owner out of `/track` for 15 minutes.
 */
export const TRACK_DEVICE_COOKIE = 'track-device';
/** The order routes: checkout and tracking answers set it, the track route reads it. */
const TRACK_COOKIE_PATH = '/api/orders';
/** The orders one cookie remembers, newest first. */
export const TRACKED_ORDERS_KEPT = 20;
const TRACK_FORMAT = /^([A-Za-z0-9_-]{22})\.((?:NSM-\d{6,9})(?:~NSM-\d{6,9}){0,19})\.([A-Za-z0-9_-]{43})$/;
const trackSign = (secret: string, nonce: string, numbers: string) =>
  crypto.createHmac('sha256', deviceKey(secret, 'nasma track device v1')).update(`${nonce}.${numbers}`).digest('base64url');

/** A well-formed, correctly signed track-device cookie's nonce and order numbers; null otherwise. */
export function trackDevice(secret: string, value: string | undefined): { nonce: string; numbers: string[] } | null {
  const match = value ? TRACK_FORMAT.exec(value) : null;
  if (!match) return null;
  const expected = Buffer.from(trackSign(secret, match[1]!, match[2]!));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return { nonce: match[1]!, numbers: match[2]!.split('~') };
}

/** Sets the track-device cookie with `number` first: the same nonce when the browser had a valid one, else a new one. */
export function rememberTrackedOrder(request: FastifyRequest, reply: FastifyReply, secret: string, number: string): void {
  const held = trackDevice(secret, request.cookies[TRACK_DEVICE_COOKIE]);
  const nonce = held?.nonce ?? crypto.randomBytes(16).toString('base64url');
  const numbers = [number, ...(held?.numbers ?? []).filter((n) => n !== number)].slice(0, TRACKED_ORDERS_KEPT).join('~');
  reply.setCookie(TRACK_DEVICE_COOKIE, `${nonce}.${numbers}.${trackSign(secret, nonce, numbers)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: TRACK_COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}
