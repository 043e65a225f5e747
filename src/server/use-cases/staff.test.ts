import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, registerThroughEmail, sessionCookie, startMailServer, testAdmin, testDatabases, type TestMailServer } from '../test-support.js';
import type { StaffInviteAnswer, StaffList } from '../../shared/schemas/staff.js';
import type { ActivityList } from '../../shared/schemas/audit.js';

/**
 * The merchant's team through the shop's API on each database (issue 32): the owner invites by
 * e-mail or, without e-mail, hands the link over; the invitee joins once with a role and sees only
 * what it allows; a role change or removal ends their sessions at once; the shop always keeps an
 * owner; every step is in the activity log with who did it.
 */
describe.each(testDatabases)('staff on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner = '';
  let ip = 0;
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: `10.33.${Math.floor(++ip / 250)}.${ip % 250}`, ...opts });
  const as = (cookie: string, opts: InjectOptions) => call({ ...opts, headers: { cookie, ...opts.headers } });
  const invite = async (email: string, role: string) => {
    const res = await as(owner, { method: 'POST', url: '/api/admin/staff/invites', payload: { email, name: 'Karim Adel', role } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffInviteAnswer>();
  };
  const tokenOf = (link: string | null) => new URL(link ?? '', 'http://x').searchParams.get('token') ?? '';
  const accept = (token: string, body: Record<string, unknown>) => call({ method: 'POST', url: '/api/auth/staff-invite/accept', payload: { token, ...body } });
  const me = async (cookie: string) => (await as(cookie, { method: 'GET', url: '/api/auth/me' })).json<{ user: { role: string } | null }>().user;
  const staff = async () => (await as(owner, { method: 'GET', url: '/api/admin/staff' })).json<StaffList>();
  const activity = async (query = '') => (await as(owner, { method: 'GET', url: `/api/admin/activity?kind=staff${query}` })).json<ActivityList>();

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: testAdmin.email, adminPassword: testAdmin.password, publicUrl: 'https://shop.example' });
    app = built.app;
    close = built.close;
    owner = sessionCookie(await call({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
  });
  afterAll(async () => close?.());

  it('lets an invited person join once as Orders staff, who can move orders and cannot open products, settings or staff', async () => {
    const { invite: open, link } = await invite('karim@example.com', 'orders');
    // No e-mail configured: the owner gets the link to hand over, on the shop's public address.
    expect(link).toMatch(/^https:\/\/shop\.example\/staff-invite\?token=[\w-]{40,}$/);
    expect(open).toMatchObject({ email: 'karim@example.com', role: 'orders', expired: false, invitedBy: testAdmin.email });
    expect((await staff()).invites.map((i) => i.email)).toContain('karim@example.com');
    const token = tokenOf(link);
    const shown = await call({ method: 'GET', url: `/api/auth/staff-invite?token=${token}` });
    expect(shown.json()).toMatchObject({ email: 'karim@example.com', role: 'orders', hasAccount: false });
    // A weak password or no name is refused, field by field, and the link still works.
    const weak = await accept(token, { name: 'Karim Adel', password: 'karim' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/^password_/);
    expect((await accept(token, { password: 'Packing-Slips-2026' })).json().error.fields).toEqual({ name: 'required' });
    const joined = await accept(token, { name: 'Karim Adel', password: 'Packing-Slips-2026' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user).toMatchObject({ email: 'karim@example.com', role: 'orders' });
    const karim = sessionCookie(joined);
    // Once only.
    expect((await accept(token, { name: 'Someone Else', password: 'Another-Pass-2026' })).json().error.code).toBe('link_invalid');
    expect((await call({ method: 'GET', url: `/api/auth/staff-invite?token=${token}` })).statusCode).toBe(400);
    // What the role may use, and nothing more.
    expect((await as(karim, { method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(200);
    for (const url of ['/api/admin/products', '/api/admin/settings', '/api/admin/staff', '/api/admin/activity', '/api/admin/orders.csv'])
      expect((await as(karim, { method: 'GET', url })).statusCode, url).toBe(403);
    const list = await staff();
    expect(list.members.find((m) => m.email === 'karim@example.com')?.role).toBe('orders');
    expect(list.invites.map((i) => i.email)).not.toContain('karim@example.com');
    // The log: invited by the owner, joined by Karim himself.
    const entries = (await activity()).items.filter((e) => e.label === 'karim@example.com');
    expect(entries.map((e) => [e.action, e.actor.email])).toEqual([
      ['joined', 'karim@example.com'],
      ['invited', testAdmin.email],
    ]);
  });

  it("ends a person's sessions at once when the owner changes their role or removes them", async () => {
    const { link } = await invite('salma@example.com', 'catalogue');
    const salma = sessionCookie(await accept(tokenOf(link), { name: 'Salma Nabil', password: 'Cedar-Shelves-2026' }));
    const id = (await staff()).members.find((m) => m.email === 'salma@example.com')!.id;
    expect((await as(salma, { method: 'GET', url: '/api/admin/products' })).statusCode).toBe(200);
    expect((await as(owner, { method: 'PUT', url: `/api/admin/staff/${id}/role`, payload: { role: 'manager' } })).statusCode).toBe(204);
    expect(await me(salma)).toBeNull();
    const again = sessionCookie(
      await call({ method: 'POST', url: '/api/auth/login', payload: { email: 'salma@example.com', password: 'Cedar-Shelves-2026' } }),
    );
    expect(await me(again)).toMatchObject({ role: 'manager' });
    expect((await as(again, { method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(200);
    expect((await as(owner, { method: 'DELETE', url: `/api/admin/staff/${id}` })).statusCode).toBe(204);
    expect(await me(again)).toBeNull();
    // Her account stays, a customer's: she signs in and the admin refuses her.
    const customer = sessionCookie(
      await call({ method: 'POST', url: '/api/auth/login', payload: { email: 'salma@example.com', password: 'Cedar-Shelves-2026' } }),
    );
    expect(await me(customer)).toMatchObject({ role: 'customer' });
    expect((await as(customer, { method: 'GET', url: '/api/admin/products' })).statusCode).toBe(403);
    expect((await staff()).members.map((m) => m.email)).not.toContain('salma@example.com');
    const log = await activity(`&subject=${id}`);
    expect(log.items.map((e) => [e.action, e.before, e.after])).toEqual([
      ['removed', { role: 'manager' }, { role: null }],
      ['role', { role: 'catalogue' }, { role: 'manager' }],
      ['joined', null, { role: 'catalogue' }],
    ]);
    // A former member stays in the person filter.
    expect(log.people.map((p) => p.email)).toContain('salma@example.com');
  });

  it('asks a customer who is invited for their own password: the link alone does not take an account over', async () => {
    const registered = await registerThroughEmail(
      app,
      { remoteAddress: '10.34.0.1' },
      { name: 'Mona Fathy', email: 'mona@example.com', password: 'Orange-Blossom-77' },
    );
    const shopping = sessionCookie(registered);
    const { link } = await invite('mona@example.com', 'catalogue');
    const token = tokenOf(link);
    expect((await call({ method: 'GET', url: `/api/auth/staff-invite?token=${token}` })).json()).toMatchObject({ hasAccount: true });
    const wrong = await accept(token, { password: 'Someone-Elses-Pass-1' });
    expect(wrong.statusCode).toBe(401);
    expect(await me(shopping)).toMatchObject({ role: 'customer' });
    const joined = await accept(token, { password: 'Orange-Blossom-77' });
    expect(joined.json().user).toMatchObject({ email: 'mona@example.com', role: 'catalogue', name: 'Mona Fathy' });
    // Her shopping session ended with the change of role.
    expect(await me(shopping)).toBeNull();
  });

  it('keeps at least one owner, refuses a second invitation of staff, and lets the owner withdraw or renew a link', async () => {
    const ownerId = (await staff()).members.find((m) => m.email === testAdmin.email)!.id;
    const demote = await as(owner, { method: 'PUT', url: `/api/admin/staff/${ownerId}/role`, payload: { role: 'manager' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('last_owner');
    expect((await as(owner, { method: 'DELETE', url: `/api/admin/staff/${ownerId}` })).json().error.code).toBe('last_owner');
    expect(
      (await as(owner, { method: 'POST', url: '/api/admin/staff/invites', payload: { email: testAdmin.email, name: 'Me Again', role: 'orders' } })).json().error
        .code,
    ).toBe('already_staff');
    const bad = await as(owner, { method: 'POST', url: '/api/admin/staff/invites', payload: { email: 'not-an-address', name: 'X', role: 'boss' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name', 'role']);

    // A second owner: now the first may step down.
    const { link } = await invite('nadia@example.com', 'owner');
    const nadia = sessionCookie(await accept(tokenOf(link), { name: 'Nadia Samir', password: 'Second-Owner-2026' }));
    expect((await as(nadia, { method: 'GET', url: '/api/admin/staff' })).statusCode).toBe(200);

    // Withdrawn, the link is dead; sent again, the old link is dead and the new one works.
    const first = await invite('omar@example.com', 'orders');
    expect((await as(owner, { method: 'DELETE', url: `/api/admin/staff/invites/${first.invite.id}` })).statusCode).toBe(204);
    expect((await accept(tokenOf(first.link), { name: 'Omar Hany', password: 'Withdrawn-Link-2026' })).json().error.code).toBe('link_invalid');
    const second = await invite('omar@example.com', 'orders');
    const renewed = (await as(owner, { method: 'POST', url: `/api/admin/staff/invites/${second.invite.id}/resend` })).json<StaffInviteAnswer>();
    expect(tokenOf(renewed.link)).not.toBe(tokenOf(second.link));
    expect((await accept(tokenOf(second.link), { name: 'Omar Hany', password: 'Renewed-Link-2026' })).json().error.code).toBe('link_invalid');
    // An expired link is refused too.
    await app.shop.db
      .updateTable('staff_invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', second.invite.id)
      .execute();
    expect((await accept(tokenOf(renewed.link), { name: 'Omar Hany', password: 'Renewed-Link-2026' })).json().error.code).toBe('link_invalid');
    expect((await staff()).invites.find((i) => i.id === second.invite.id)?.expired).toBe(true);
  });
});

describe.each(testDatabases)('a staff invitation by e-mail on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let mail: TestMailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    const built = await buildTestApp(name, {
      adminEmail: testAdmin.email,
      adminPassword: testAdmin.password,
      smtpUrl: mail.url,
      mailFrom: 'Nasma <shop@nasma.test>',
      outboxPollMs: 100,
    });
    app = built.app;
    close = built.close;
    await app.ready();
  });
  afterAll(async () => {
    await close?.();
    await mail?.close();
  });

  it('sends the link through the job queue in the language of the owner who invites, and answers no link', async () => {
    const owner = sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: testAdmin }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/staff/invites',
      headers: { cookie: owner, 'accept-language': 'ar' },
      payload: { email: 'hala@example.com', name: 'Hala Mostafa', role: 'orders' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StaffInviteAnswer>().link).toBeNull();
    const [sent] = await mail.waitFor(1, { where: (m) => m.to.includes('hala@example.com') });
    expect(sent!.parsed.subject).toContain('دعوة للانضمام');
    const link = /https?:\/\/[^\s"]+\/staff-invite\?token=([\w-]+)/.exec(sent!.parsed.text ?? '');
    expect(link).not.toBeNull();
    const joined = await app.inject({
      method: 'POST',
      url: '/api/auth/staff-invite/accept',
      payload: { token: link![1], name: 'Hala Mostafa', password: 'Mailed-Link-2026' },
    });
    expect(joined.json().user).toMatchObject({ email: 'hala@example.com', role: 'orders' });
  });
});
