import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { SessionUser } from '../../shared/schemas/auth.js';
import { SESSION_COOKIE, sessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, looked up once per request and only when a route asks. */
    currentUser(): Promise<SessionUser | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** Adds `request.currentUser()`; public routes that never ask cost no database query. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let user = cache.get(this);
    if (!user) {
      user = sessionUser(app.shop.db, this.cookies[SESSION_COOKIE]);
      cache.set(this, user);
    }
    return user;
  });
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in.');
  return user;
}
