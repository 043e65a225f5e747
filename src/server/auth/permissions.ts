import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../errors.js';
import { can, isPermission, type Permission } from '../../shared/domain/permissions.js';
import { requireUser } from './guards.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a signed-in user's role needs for this route (decision 030); every /api/admin route names one. */
    permission?: Permission;
  }
}

/** Every route whose URL starts with this is the admin's, and needs a permission. */
export const ADMIN_PREFIX = '/api/admin';

/** One row of the route table (`app.shop.routes`), as the permission matrix reads it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** As declared in the route's config: checked, not trusted (a route may name none). */
  permission?: unknown;
}

/**
 * Gives a route its permission check, when it is an admin route or names a permission: called by
 * the app's first onRoute hook, so no route registered later, wherever it is, escapes it. The check
 * is the route's first onRequest hook: it runs before the body is read. An admin route that names
 * no permission (or a name not in the list) answers 500 to everyone: a forgotten declaration locks
 * the route rather than opening it to every role.
 */
export function guardRoute(route: RouteOptions): void {
  const declared: unknown = route.config?.permission;
  if (!route.url.startsWith(ADMIN_PREFIX) && declared === undefined) return;
  const check = isPermission(declared) ? requirePermission(declared) : refuseUndeclared(route);
  route.onRequest = [check, ...[route.onRequest ?? []].flat()];
}

/** 401 without a session, 403 `forbidden` when the user's role lacks `permission`. */
function requirePermission(permission: Permission): onRequestHookHandler {
  return async function checkPermission(request, reply) {
    reply.header('Cache-Control', 'no-store');
    const user = await requireUser(request);
    if (!can(user.role, permission)) throw new AppError(403, 'forbidden', 'Your account may not do this.');
  };
}

function refuseUndeclared(route: RouteOptions): onRequestHookHandler {
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  return async function refuseUndeclaredPermission(_request, reply) {
    reply.header('Cache-Control', 'no-store');
    throw new Error(`${name} declares no known permission (config.permission, decision 030)`);
  };
}

/**
 * What is wrong with the route table's permissions, one line per route: an admin route that names
 * no permission, or a name that is not one. Empty when every admin route is covered. The
 * permission-matrix test runs it on the real app's table.
 */
export function permissionProblems(routes: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const { method, url, permission } of routes) {
    if (!url.startsWith(ADMIN_PREFIX) && permission === undefined) continue;
    if (permission === undefined) problems.push(`${method} ${url}: no permission declared`);
    else if (!isPermission(permission)) problems.push(`${method} ${url}: unknown permission ${JSON.stringify(permission)}`);
  }
  return problems;
}
