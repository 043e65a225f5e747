import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const YEAR = 365 * 24 * 3600;

/**
 * A random id for one browser, kept in its own cookie scoped to the routes that read it: what
 * tells one device's attempts or votes from another's behind the same address (promotion-code
 * guesses, "Was this helpful?"). Not a secret and not signed: it only ever limits what the device
 * itself may do, so a device that drops it gets a new one and starts again from nothing.
 */
export function anonymousDevice(request: FastifyRequest, reply: FastifyReply, cookie: { name: string; path: string }): string {
  const kept = request.cookies[cookie.name];
  if (kept && /^[\w-]{20,64}$/.test(kept)) return kept;
  const device = crypto.randomUUID();
  reply.setCookie(cookie.name, device, { path: cookie.path, httpOnly: true, sameSite: 'lax', maxAge: YEAR, secure: request.protocol === 'https' });
  return device;
}
