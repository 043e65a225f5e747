import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, registerThroughEmail, sessionCookie, testAdmin, testDatabases } from '../test-support.js';
import { can, rolePermissions, type Permission } from '../../shared/domain/permissions.js';
import { ADMIN_PREFIX, permissionProblems, type RouteEntry } from './permissions.js';

let ipSeq = 0;
/** Each request from its own address, so the per-address limits stay out of the way. */
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A request to `route` with an id no row has, so that a role let through changes nothing. */
function requestTo(route: RouteEntry, cookie?: string): InjectOptions {
  return {
    method: route.method as InjectOptions['method'],
    url: route.url.replace(/:[a-zA-Z]+/g, '999999'),
    payload: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
    headers: cookie ? { cookie } : {},
    remoteAddress: freshIp(),
  };
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res);
}

/** Signs up a shopper whose role the test then sets in the database; the session reads the role on each request. */
async function staffMember(app: FastifyInstance, email: string) {
  const res = await registerThroughEmail(app, { remoteAddress: freshIp() }, { name: 'Nour Samy', email, password: 'jasmine-garden-42' });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = sessionCookie(res);
  const id = res.json<{ user: { id: number } }>().user.id;
  // The stored value is what the check reads (an unknown one too: it holds nothing).
  const setRole = (role: string) =>
    app.shop.db
      .updateTable('users')
      .set({ role: role as 'owner' })
      .where('id', '=', id)
      .execute();
  return { cookie, setRole };
}

// The matrix is generated from the route table: a new admin route is in it without anyone adding it.
describe.each(testDatabases)('the permission matrix of every admin route on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let adminRoutes: RouteEntry[];

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    await app.ready();
    adminRoutes = app.shop.routes.filter((r) => r.url.startsWith(ADMIN_PREFIX));
  });
  afterAll(async () => close?.());

  it('finds every admin route declaring a permission of the list', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(permissionProblems(app.shop.routes)).toEqual([]);
  });

  it('answers 401 without a session and 403 to a customer, before reading the body, with no-store', async () => {
    const { cookie } = await staffMember(app, 'shopper@example.com');
    for (const route of adminRoutes) {
      const anonymous = await app.inject(requestTo(route));
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
      expect(anonymous.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
      // Fastify adds a HEAD route beside each GET: it gets the same check.
      if (route.method === 'GET') expect((await app.inject({ ...requestTo(route), method: 'HEAD' })).statusCode, `HEAD ${route.url}`).toBe(401);
      const customer = await app.inject(requestTo(route, cookie));
      expect(customer.statusCode, `${route.method} ${route.url} customer`).toBe(403);
      expect(customer.json().error.code).toBe('forbidden');
    }
  });

  it('lets the admin past the check of every admin route', async () => {
    const cookie = await signIn(app, testAdmin.email, testAdmin.password);
    for (const route of adminRoutes) {
      const res = await app.inject(requestTo(route, cookie));
      const label = `${route.method} ${route.url} admin: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect([401, 403], label).not.toContain(res.statusCode);
      // A route refused for naming no permission answers 500 (fail closed): the admin must not see that either.
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });

  it("gives each staff role exactly its permissions' routes", async () => {
    const { cookie, setRole } = await staffMember(app, 'staff@example.com');
    for (const role of Object.keys(rolePermissions)) {
      await setRole(role);
      for (const route of adminRoutes) {
        const res = await app.inject(requestTo(route, cookie));
        const allowed = can(role, route.permission as Permission);
        const label = `${role} ${route.method} ${route.url} (${String(route.permission)}): ${res.statusCode}`;
        if (allowed) {
          expect([401, 403], label).not.toContain(res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
        } else expect(res.statusCode, label).toBe(403);
      }
    }
  });
});

describe('the permission matrix on a route that forgets its permission (fixture)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const built = await buildTestApp('sqlite', { adminEmail: testAdmin.email, adminPassword: testAdmin.password });
    app = built.app;
    close = built.close;
    // Registered as a careless new admin route would be: no permission, or a misspelt one.
    app.get('/api/admin/forgotten', async () => ({ secret: 'every order' }));
    app.post('/api/admin/misspelt', { config: { permission: 'orders.udpate' as Permission } }, async () => ({ secret: 'changed' }));
    // Outside /api/admin, a route that declares a permission is checked all the same.
    app.get('/api/reports/elsewhere', { config: { permission: 'orders.export' } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => close?.());

  it('reports each route the matrix would fail on', () => {
    expect(permissionProblems(app.shop.routes)).toEqual([
      'GET /api/admin/forgotten: no permission declared',
      'POST /api/admin/misspelt: unknown permission "orders.udpate"',
    ]);
  });

  it('keeps such a route shut to everyone, the admin included (fail closed)', async () => {
    const cookie = await signIn(app, testAdmin.email, testAdmin.password);
    for (const [method, url] of [
      ['GET', '/api/admin/forgotten'],
      ['POST', '/api/admin/misspelt'],
    ] as const) {
      for (const headers of [{}, { cookie }]) {
        const res = await app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined, remoteAddress: freshIp() });
        expect(res.statusCode, `${method} ${url}`).toBe(500);
        expect(res.body).not.toContain('secret');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('checks a declared permission outside /api/admin too', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/reports/elsewhere', remoteAddress: freshIp() })).statusCode).toBe(401);
    const cookie = await signIn(app, testAdmin.email, testAdmin.password);
    expect((await app.inject({ method: 'GET', url: '/api/reports/elsewhere', headers: { cookie }, remoteAddress: freshIp() })).statusCode).toBe(200);
  });
});
