import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testDatabases } from '../../test-support.js';
import type { ContactMessage, MessagePage } from '../../../shared/schemas/admin-dashboard.js';

const admin = testAdmin;
let ipSeq = 0;
const freshIp = () => `10.5.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('admin messages API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  const ids: number[] = [];
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const list = async (query = '') => {
    const res = await call({ method: 'GET', url: `/api/admin/messages${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MessagePage>();
  };

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    cookie = sessionCookie(login);
    for (const subject of ['Gift wrapping', 'Delivery to Aswan', 'Refill for the reed diffuser']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: freshIp(),
        payload: { name: 'Mona Adel', email: 'mona@example.com', subject, message: `A question about ${subject.toLowerCase()}, please.` },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
  });
  afterAll(async () => close?.());

  it('is for the admin only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/messages/${ids[0]}` })).statusCode).toBe(401);
  });

  it('lists newest first with the unread count', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 25 });
    expect(page.items.map((m) => m.subject)).toEqual(['Refill for the reed diffuser', 'Delivery to Aswan', 'Gift wrapping']);
    expect(page.items[0]).toMatchObject({ name: 'Mona Adel', email: 'mona@example.com', handled: false });
    const small = await list('?page=2&pageSize=2');
    expect(small.items.map((m) => m.id)).toEqual([ids[0]]);
  });

  it('marks a message read and unread; the unread filter follows', async () => {
    const read = await call({ method: 'PATCH', url: `/api/admin/messages/${ids[1]}`, payload: { handled: true } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ContactMessage>()).toMatchObject({ id: ids[1], handled: true });
    const unread = await list('?filter=unread');
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    expect(unread.items.map((m) => m.id)).not.toContain(ids[1]);
    expect((await list()).total).toBe(3);

    const back = await call({ method: 'PATCH', url: `/api/admin/messages/${ids[1]}`, payload: { handled: false } });
    expect(back.json<ContactMessage>().handled).toBe(false);
    expect((await list('?filter=unread')).total).toBe(3);
  });

  it('deletes a message with 204; a missing one is 404', async () => {
    const res = await call({ method: 'DELETE', url: `/api/admin/messages/${ids[2]}` });
    expect(res.statusCode).toBe(204);
    expect((await list()).items.map((m) => m.id)).not.toContain(ids[2]);
    const again = await call({ method: 'DELETE', url: `/api/admin/messages/${ids[2]}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('message_not_found');
    const patch = await call({ method: 'PATCH', url: '/api/admin/messages/999999', payload: { handled: true } });
    expect(patch.statusCode).toBe(404);
  });

  it.each([
    ['?filter=spam', 'filter'],
    ['?pageSize=500', 'pageSize'],
  ])('%s gets 400', async (query, field) => {
    const res = await call({ method: 'GET', url: `/api/admin/messages${query}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('needs a boolean to mark a message', async () => {
    const res = await call({ method: 'PATCH', url: `/api/admin/messages/${ids[0]}`, payload: { handled: 'yes' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.handled).toBe('invalid_type');
  });
});
