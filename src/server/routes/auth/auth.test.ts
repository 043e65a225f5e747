import { testPromotion } from '../../../shared/domain/test-products.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  buildTestApp,
  fileUpload,
  registerThroughEmail,
  sessionCookie,
  startMailServer,
  testAdmin,
  testDatabases,
  type TestMailServer,
} from '../../test-support.js';
import sharp from 'sharp';
import type { ProductList } from '../../../shared/schemas/product.js';
import { newDeviceCookie } from '../../auth/device-cookie.js';
import { enqueueMessage, findOutboxMessage } from '../../repositories/outbox-repository.js';
import { csvUpload } from '../../use-cases/test-import-support.js';

/** The `device=...` pair of a response's device cookie, ready for a `cookie` header; '' when none was set. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const raw = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('device='));
  return raw ? String(raw).split(';')[0]! : '';
}

const admin = testAdmin;
const address = { label: 'Home', name: 'Salma Fathy', phone: '01005550123', governorate: 'GIZ', city: 'Dokki', address: '14 Tahrir Street, flat 7' };
const customerFields = {
  fullName: 'Salma Fathy',
  phone: '01005550123',
  governorate: 'GIZ',
  city: 'Dokki',
  address: '14 Tahrir Street, flat 7',
  paymentMethod: 'cod',
};

let ipSeq = 0;
/** Each caller from its own address unless a test says otherwise, so per-address limits stay out of the way. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('sessions, roles and accounts on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let productId: number;

  const call = (opts: InjectOptions & { cookie?: string }) =>
    app.inject({ remoteAddress: freshIp(), ...opts, headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers } });
  /** Registers through the e-mailed link: `res` is the link's answer (201, signed in), or the form's refusal. */
  const register = async (email: string, extra: Record<string, unknown> = {}) => {
    const res = await registerThroughEmail(app, { remoteAddress: freshIp() }, { name: 'Salma Fathy', email, password: 'jasmine-garden-42', ...extra });
    return { res, cookie: sessionCookie(res) };
  };
  const login = async (email: string, password: string, remoteAddress = freshIp()) => {
    const res = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
    return { res, cookie: sessionCookie(res) };
  };
  const placeOrder = (cookie?: string) =>
    call({
      method: 'POST',
      url: '/api/orders',
      cookie,
      headers: { 'idempotency-key': `auth-test-${Date.now()}-${++ipSeq}` },
      payload: { ...customerFields, lines: [{ productId, quantity: 1 }] },
    });

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const list = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>();
    productId = list.items.find((p) => p.variants.length === 0 && p.stock > 20)!.id;
  });
  afterAll(async () => close?.());

  it('registers a customer whatever role the body claims, signs in with a new session id, and signs out on the server', async () => {
    const { res, cookie } = await register('salma@example.com', { role: 'owner' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'salma@example.com', role: 'customer' });
    const setCookie = String([res.headers['set-cookie']].flat()[0]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const me = await call({ method: 'GET', url: '/api/auth/me', cookie });
    expect(me.json().user.role).toBe('customer');
    expect((await call({ method: 'GET', url: '/api/admin/orders', cookie })).statusCode).toBe(403);

    const again = await login('salma@example.com', 'jasmine-garden-42');
    expect(again.res.statusCode).toBe(200);
    expect(again.cookie).not.toBe(cookie);

    expect((await call({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/api/auth/me', cookie })).json().user).toBeNull();
    expect((await call({ method: 'GET', url: '/api/account/orders', cookie })).statusCode).toBe(401);
  });

  it('refuses weak passwords and bad fields with field codes', async () => {
    const short = await register('short@example.com', { password: 'abc' });
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json().error.fields).toMatchObject({ password: 'password_too_short' });
    const common = await register('common@example.com', { password: 'password123' });
    expect(common.res.json().error.fields).toMatchObject({ password: 'password_too_common' });
    const badEmail = await register('not-an-email');
    expect(badEmail.res.json().error.fields).toMatchObject({ email: 'email_invalid' });
  });

  it('without e-mail (no SMTP_URL), makes the account at once and refuses a taken address', async () => {
    await register('taken@example.com');
    const taken = await register('TAKEN@example.com');
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json().error.fields).toMatchObject({ email: 'email_taken' });
  });

  it('limits failed sign-ins per account across addresses, and per address', async () => {
    await register('target@example.com');
    for (let i = 0; i < 5; i++) expect((await login('target@example.com', `wrong-${i}-password`)).res.statusCode).toBe(401);
    // The right password from yet another address is still refused while the account is locked.
    const locked = await login('target@example.com', 'jasmine-garden-42');
    expect(locked.res.statusCode).toBe(429);
    expect(locked.res.json().error.code).toBe('too_many_attempts');

    // One address trying many accounts hits the per-address limit; a forged X-Forwarded-For does not reset it.
    const ip = '10.200.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `nobody${i}@example.com`, password: 'whatever-it-is' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  /** A sign-in attempt from its own address, claiming yet another one in X-Forwarded-For. */
  const signIn = (email: string, password: string, cookie?: string) =>
    call({ method: 'POST', url: '/api/auth/login', cookie, headers: { 'x-forwarded-for': `198.51.100.${ipSeq % 250}` }, payload: { email, password } });

  it('locks strangers out of an account after 5 wrong passwords whatever address they claim; a forged device cookie counts as none', async () => {
    const owner = await register('stranger-target@example.com');
    const userId = owner.res.json().user.id as number;
    const other = await register('stranger-other@example.com');
    for (let i = 0; i < 5; i++) expect((await signIn('stranger-target@example.com', `wrong-${i}-password`)).statusCode).toBe(401);

    const locked = await signIn('stranger-target@example.com', 'jasmine-garden-42');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookie(locked)).toBe('');

    // Device cookies that are not this account's valid, signed cookie: no allowance of their own.
    const real = deviceCookie(owner.res).slice('device='.length);
    const [, nonce, signature] = real.split('.');
    const forged = [
      `device=${userId}.${nonce}`,
      `device=${userId}.${nonce}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`,
      `device=${newDeviceCookie('not-the-shop-secret', userId)}`,
      deviceCookie(other.res),
      `device=${userId}.${'x'.repeat(22)}.${'y'.repeat(43)}`,
    ];
    for (const cookie of forged) {
      const res = await signIn('stranger-target@example.com', 'jasmine-garden-42', cookie);
      expect(res.statusCode, cookie).toBe(429);
    }
    // The browser that registered holds the real one, and is let in.
    expect((await signIn('stranger-target@example.com', 'jasmine-garden-42', deviceCookie(owner.res))).statusCode).toBe(200);
  });

  it("lets the owner's browser in with its device cookie while strangers are locked out, and locks a device that fails too often", async () => {
    await register('owner-device@example.com');
    const first = await signIn('owner-device@example.com', 'jasmine-garden-42');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    expect(device).toMatch(/^device=\d+\.[\w-]{22}\.[\w-]{43}$/);
    const setCookie = String([first.headers['set-cookie']].flat().find((c) => String(c).startsWith('device=')));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(setCookie).not.toMatch(/Secure/i);

    for (let i = 0; i < 5; i++) expect((await signIn('owner-device@example.com', `stranger-guess-${i}`)).statusCode).toBe(401);
    expect((await signIn('owner-device@example.com', 'jasmine-garden-42')).statusCode).toBe(429);

    // The owner's browser still signs in, and gets a new device cookie.
    const owner = await signIn('owner-device@example.com', 'jasmine-garden-42', device);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(sessionCookie(owner)).not.toBe('');
    const renewed = deviceCookie(owner);
    expect(renewed).not.toBe('');
    expect(renewed).not.toBe(device);

    // Its own typos are its own: five are allowed, then the device is locked like a stranger.
    for (let i = 0; i < 5; i++) expect((await signIn('owner-device@example.com', `owner-typo-${i}`, renewed)).statusCode).toBe(401);
    expect((await signIn('owner-device@example.com', 'jasmine-garden-42', renewed)).statusCode).toBe(429);
  });

  it("counts a device's failures against that device only", async () => {
    await register('typist@example.com');
    const device = deviceCookie(await signIn('typist@example.com', 'jasmine-garden-42'));
    // A typo forgiven by the next success on the device, then five failures that lock the device.
    expect((await signIn('typist@example.com', 'jasmine-garden-4', device)).statusCode).toBe(401);
    const again = await signIn('typist@example.com', 'jasmine-garden-42', device);
    expect(again.statusCode).toBe(200);
    const renewed = deviceCookie(again);
    for (let i = 0; i < 5; i++) expect((await signIn('typist@example.com', `typo-${i}-password`, renewed)).statusCode).toBe(401);
    // Other clients were not charged for them; the locked device now counts as one of them.
    expect((await signIn('typist@example.com', 'jasmine-garden-42')).statusCode).toBe(200);
    expect((await signIn('typist@example.com', 'jasmine-garden-42', renewed)).statusCode).toBe(200);
  });

  it('answers 401 to anonymous and 403 to customers on every admin endpoint and method', async () => {
    const { cookie } = await register('matrix@example.com');
    const adminRoutes = app.shop.routes.filter((r) => r.url.startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThan(5);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, '1');
      const method = route.method as InjectOptions['method'];
      const payload = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await call({ method, url, payload });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const customer = await call({ method, url, payload, cookie });
      expect(customer.statusCode, `${route.method} ${route.url} customer`).toBe(403);
    }
    // The admin gets a 2xx from every one of them, with a real request for each.
    const signedIn = await login(admin.email, admin.password);
    expect(signedIn.res.json().user.role).toBe('owner');
    const as = (method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>) =>
      call({ method, url, payload: payload as InjectOptions['payload'], headers, cookie: signedIn.cookie });
    const placed = (await placeOrder()).json().order.number as string;
    const orderId = (await as('GET', `/api/admin/orders?q=${placed}`)).json().items[0].id as number;
    await call({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Mona Adel', email: 'mona@example.com', subject: 'Gift wrapping', message: 'Do you wrap candles as gifts?' },
    });
    const messageId = (await as('GET', '/api/admin/messages')).json().items[0].id as number;
    const category = (
      await as('POST', '/api/admin/categories', { name: { en: 'Matrix', ar: 'مصفوفة', fr: '', de: '' }, slug: 'matrix', image: null, sortOrder: 9 })
    ).json();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b8741a' } })
      .png()
      .toBuffer();
    const upload = fileUpload(png, 'a.png');
    const editable = (await as('GET', `/api/admin/products/${productId}`)).json();
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...productInput } = editable;
    const settings = (await as('GET', '/api/admin/settings')).json();
    // A message the shop (without an SMTP server here) holds: "send again" takes it.
    await enqueueMessage(app.shop.db, { kind: 'sign_up_taken', to: 'matrix-mail@example.com', language: 'en', origin: 'http://localhost', name: 'M' });
    app.shop.outbox.wake();
    const outboxId = (await as('GET', '/api/admin/outbox?kind=sign_up_taken')).json().items[0].id as number;
    const categoryId = category.id ?? (await as('GET', '/api/admin/categories')).json().items.find((c: { slug: string }) => c.slug === 'matrix').id;
    const promotion = (code: string | null) => testPromotion({ names: { en: 'Matrix offer', ar: 'عرض' }, code, paused: true });
    const promotionId = (await as('POST', '/api/admin/promotions', promotion('MATRIX1'))).json().id as number;
    // A buyer's review waiting for the merchant (written as the review link's submission would).
    const line = await app.shop.db.selectFrom('order_lines').select(['id', 'product_id']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const review = await app.shop.db
      .insertInto('reviews')
      .values({
        product_id: line.product_id,
        order_id: orderId,
        order_line_id: line.id,
        user_id: null,
        rating: 5,
        title: 'Matrix',
        body: 'A review for the route matrix.',
        display_name: 'Mona A.',
        language: 'en',
        status: 'pending',
        has_photos: 0,
        replaces_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    /** A return of the order's first line in `state` (written as the steps before it would leave it): its id. */
    let returns = 0;
    const returnIn = async (state: 'requested' | 'approved' | 'received', kind: 'return' | 'exchange' = 'return') => {
      const now = new Date().toISOString();
      const { id } = await app.shop.db
        .insertInto('returns')
        .values({ order_id: orderId, number: `R-MATRIX-${++returns}`, kind, state, reason: 'other', note: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.shop.db
        .insertInto('return_lines')
        .values({ return_id: id, order_line_id: line.id, quantity: 1, ...(state === 'received' ? { received_at: now } : {}) })
        .execute();
      return id;
    };

    /** A new person of the staff (invited, then joined through the link): their account id. */
    const staffMember = async (email: string) => {
      const invited = await as('POST', '/api/admin/staff/invites', { email, name: 'Matrix Person', role: 'orders' });
      const token = new URL(invited.json().link).searchParams.get('token');
      const joined = await call({
        method: 'POST',
        url: '/api/auth/staff-invite/accept',
        payload: { token, name: 'Matrix Person', password: 'Matrix-Staff-2026' },
      });
      return joined.json().user.id as number;
    };
    /** An import's preview of the shop's own export (every product unchanged): its run's id. */
    const importRun = async () => {
      const exported = await as('GET', '/api/admin/products.csv');
      const { payload, headers } = csvUpload(exported.body);
      return (await as('POST', '/api/admin/product-imports', payload, headers)).json().id as number;
    };
    const invitation = async (email: string) =>
      (await as('POST', '/api/admin/staff/invites', { email, name: 'Matrix Person', role: 'orders' })).json().invite.id as number;

    const cases: Record<string, () => ReturnType<typeof call>> = {
      'GET /api/admin/dashboard': () => as('GET', '/api/admin/dashboard'),
      'GET /api/admin/orders': () => as('GET', '/api/admin/orders'),
      'GET /api/admin/orders.csv': () => as('GET', '/api/admin/orders.csv'),
      'GET /api/admin/orders/:id': () => as('GET', `/api/admin/orders/${orderId}`),
      'POST /api/admin/orders/:id/status': () => as('POST', `/api/admin/orders/${orderId}/status`, { status: 'confirmed' }),
      'POST /api/admin/orders/:id/confirmation': () => as('POST', `/api/admin/orders/${orderId}/confirmation`, { answer: 'no_answer' }),
      'POST /api/admin/orders/:id/refunds': () => as('POST', `/api/admin/orders/${orderId}/refunds`, { amount: 100, reason: 'test' }),
      'POST /api/admin/orders/:id/reviewed': async () => {
        // Only a flagged order can be marked reviewed: flagged here as the checkout's rules would.
        await app.shop.db.updateTable('orders').set({ review_reasons: '["total_above"]', reviewed_at: null }).where('id', '=', orderId).execute();
        return as('POST', `/api/admin/orders/${orderId}/reviewed`);
      },
      'GET /api/admin/risk/rules': () => as('GET', '/api/admin/risk/rules'),
      'PUT /api/admin/risk/rules': () => as('PUT', '/api/admin/risk/rules', { flagRefusedBefore: true, flagRepeatWithinHour: false, flagTotalAbove: null }),
      'GET /api/admin/risk/blocked': () => as('GET', '/api/admin/risk/blocked'),
      'POST /api/admin/risk/blocked': () => as('POST', '/api/admin/risk/blocked', { kind: 'phone', value: '01005550777' }),
      'DELETE /api/admin/risk/blocked/:id': async () => {
        const made = (await as('POST', '/api/admin/risk/blocked', { kind: 'email', value: 'matrix-block@example.com' })).json().id as number;
        return as('DELETE', `/api/admin/risk/blocked/${made}`);
      },
      'GET /api/admin/messages': () => as('GET', '/api/admin/messages'),
      'PATCH /api/admin/messages/:id': () => as('PATCH', `/api/admin/messages/${messageId}`, { handled: true }),
      'DELETE /api/admin/messages/:id': () => as('DELETE', `/api/admin/messages/${messageId}`),
      'GET /api/admin/categories': () => as('GET', '/api/admin/categories'),
      'POST /api/admin/categories': () =>
        as('POST', '/api/admin/categories', { name: { en: 'Matrix two', ar: 'مصفوفة ٢', fr: '', de: '' }, slug: 'matrix-two', image: null, sortOrder: 10 }),
      'GET /api/admin/categories/:id': () => as('GET', `/api/admin/categories/${categoryId}`),
      'PUT /api/admin/categories/:id': () =>
        as('PUT', `/api/admin/categories/${categoryId}`, { name: { en: 'Matrix', ar: 'مصفوفة', fr: '', de: '' }, slug: 'matrix', image: null, sortOrder: 3 }),
      'DELETE /api/admin/categories/:id': () => as('DELETE', `/api/admin/categories/${categoryId}`),
      'GET /api/admin/products': () => as('GET', '/api/admin/products'),
      'GET /api/admin/products.csv': () => as('GET', '/api/admin/products.csv'),
      'GET /api/admin/products/:id': () => as('GET', `/api/admin/products/${productId}`),
      'POST /api/admin/products': () => as('POST', '/api/admin/products', { ...productInput, sku: 'MATRIX-1' }),
      'PUT /api/admin/products/:id': () => as('PUT', `/api/admin/products/${productId}`, productInput),
      'POST /api/admin/products/bulk': () =>
        as('POST', '/api/admin/products/bulk', { selection: { ids: [productId] }, change: { visible: true }, expectedCount: 1 }),
      'DELETE /api/admin/products/:id': async () => {
        const created = await as('POST', '/api/admin/products', { ...productInput, sku: 'MATRIX-2' });
        return as('DELETE', `/api/admin/products/${created.json().id}`);
      },
      'POST /api/admin/uploads': () => as('POST', '/api/admin/uploads', upload.payload, upload.headers),
      'GET /api/admin/search-stats': () => as('GET', '/api/admin/search-stats'),
      'GET /api/admin/settings': () => as('GET', '/api/admin/settings'),
      'PUT /api/admin/settings': () => as('PUT', '/api/admin/settings', settings),
      'GET /api/admin/promotions': () => as('GET', '/api/admin/promotions'),
      'POST /api/admin/promotions': () => as('POST', '/api/admin/promotions', promotion('MATRIX2')),
      'GET /api/admin/promotions/:id': () => as('GET', `/api/admin/promotions/${promotionId}`),
      'PUT /api/admin/promotions/:id': () => as('PUT', `/api/admin/promotions/${promotionId}`, promotion('MATRIX1')),
      'PATCH /api/admin/promotions/:id': () => as('PATCH', `/api/admin/promotions/${promotionId}`, { paused: true }),
      'DELETE /api/admin/promotions/:id': async () => {
        const created = await as('POST', '/api/admin/promotions', promotion('MATRIX3'));
        return as('DELETE', `/api/admin/promotions/${created.json().id}`);
      },
      'GET /api/admin/promotions/:id/orders.csv': () => as('GET', `/api/admin/promotions/${promotionId}/orders.csv`),
      'GET /api/admin/reviews': () => as('GET', '/api/admin/reviews'),
      'GET /api/admin/reviews/settings': () => as('GET', '/api/admin/reviews/settings'),
      'PUT /api/admin/reviews/settings': () => as('PUT', '/api/admin/reviews/settings', { autoPublish: false }),
      'POST /api/admin/reviews/:id/publish': () => as('POST', `/api/admin/reviews/${review.id}/publish`),
      'PUT /api/admin/reviews/:id/reply': () => as('PUT', `/api/admin/reviews/${review.id}/reply`, { text: 'Thank you!' }),
      'POST /api/admin/reviews/:id/reject': () => as('POST', `/api/admin/reviews/${review.id}/reject`, { reason: 'Matrix reason' }),
      'GET /api/admin/returns': () => as('GET', '/api/admin/returns?state=requested'),
      'GET /api/admin/returns/settings': () => as('GET', '/api/admin/returns/settings'),
      'PUT /api/admin/returns/settings': () => as('PUT', '/api/admin/returns/settings', { windowDays: 14 }),
      'GET /api/admin/returns/:id': async () => as('GET', `/api/admin/returns/${await returnIn('requested')}`),
      'GET /api/admin/orders/:id/returns': () => as('GET', `/api/admin/orders/${orderId}/returns`),
      'POST /api/admin/returns/:id/approve': async () => as('POST', `/api/admin/returns/${await returnIn('requested')}/approve`, { note: '' }),
      'POST /api/admin/returns/:id/refuse': async () => as('POST', `/api/admin/returns/${await returnIn('requested')}/refuse`, { note: 'Matrix reason' }),
      'POST /api/admin/returns/:id/receive': async () =>
        as('POST', `/api/admin/returns/${await returnIn('approved')}/receive`, { restock: [{ lineId: line.id, quantity: 1 }] }),
      'POST /api/admin/returns/:id/refund': async () => as('POST', `/api/admin/returns/${await returnIn('received')}/refund`, { method: 'cash', amount: 100 }),
      'POST /api/admin/returns/:id/exchange': async () => as('POST', `/api/admin/returns/${await returnIn('received', 'exchange')}/exchange`),
      'GET /api/admin/activity': () => as('GET', '/api/admin/activity'),
      'POST /api/admin/product-imports': async () => {
        const exported = await as('GET', '/api/admin/products.csv');
        const { payload, headers } = csvUpload(exported.body);
        return as('POST', '/api/admin/product-imports', payload, headers);
      },
      'GET /api/admin/product-imports/:id': async () => as('GET', `/api/admin/product-imports/${await importRun()}`),
      'GET /api/admin/product-imports/:id/rows': async () => as('GET', `/api/admin/product-imports/${await importRun()}/rows?view=unchanged`),
      'POST /api/admin/product-imports/:id/apply': async () => as('POST', `/api/admin/product-imports/${await importRun()}/apply`),
      'GET /api/admin/products/:id/history': () => as('GET', `/api/admin/products/${productId}/history`),
      'GET /api/admin/orders/:id/history': () => as('GET', `/api/admin/orders/${orderId}/history`),
      'GET /api/admin/staff': () => as('GET', '/api/admin/staff'),
      'POST /api/admin/staff/invites': () =>
        as('POST', '/api/admin/staff/invites', { email: 'matrix-invite@example.com', name: 'Matrix Person', role: 'catalogue' }),
      'POST /api/admin/staff/invites/:id/resend': async () => as('POST', `/api/admin/staff/invites/${await invitation('matrix-resend@example.com')}/resend`),
      'DELETE /api/admin/staff/invites/:id': async () => as('DELETE', `/api/admin/staff/invites/${await invitation('matrix-withdraw@example.com')}`),
      'PUT /api/admin/staff/:id/role': async () => as('PUT', `/api/admin/staff/${await staffMember('matrix-role@example.com')}/role`, { role: 'manager' }),
      'DELETE /api/admin/staff/:id': async () => as('DELETE', `/api/admin/staff/${await staffMember('matrix-remove@example.com')}`),
      'GET /api/admin/outbox': () => as('GET', '/api/admin/outbox'),
      'GET /api/admin/outbox/:id/preview': () => as('GET', `/api/admin/outbox/${outboxId}/preview`),
      'POST /api/admin/outbox/:id/resend': async () => {
        await vi.waitFor(async () => expect((await findOutboxMessage(app.shop.db, outboxId))?.status).toBe('held'), { timeout: 5_000 });
        return as('POST', `/api/admin/outbox/${outboxId}/resend`);
      },
    };
    const registered = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(cases).sort()).toEqual([...new Set(registered)].sort());
    for (const [route, run] of Object.entries(cases)) {
      const res = await run();
      // This shop has no Paymob: past the permission check, the refund finds nothing paid online.
      if (route === 'POST /api/admin/orders/:id/refunds') {
        expect(res.json().error.code, route).toBe('refund_impossible');
        continue;
      }
      expect(res.statusCode, `${route} admin: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route} admin: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: admin.email, password: admin.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
  });

  it("links a signed-in shopper's order to the account; nobody else reads it, a guest needs the token", async () => {
    const a = await register('owner@example.com');
    const b = await register('other@example.com');
    const placed = await placeOrder(a.cookie);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, accessToken } = placed.json();

    const mine = await call({ method: 'GET', url: '/api/account/orders', cookie: a.cookie });
    expect(mine.json().items.map((o: { number: string }) => o.number)).toContain(order.number);
    expect((await call({ method: 'GET', url: `/api/account/orders/${order.number}`, cookie: a.cookie })).statusCode).toBe(200);

    expect((await call({ method: 'GET', url: `/api/account/orders/${order.number}`, cookie: b.cookie })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/account/orders', cookie: b.cookie })).json().items).toEqual([]);
    expect((await call({ method: 'GET', url: `/api/orders/${order.number}` })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: `/api/orders/${order.number}?token=${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `/api/orders/${order.number}?token=${accessToken}` })).statusCode).toBe(200);

    const guest = await placeOrder();
    expect((await call({ method: 'GET', url: '/api/account/orders', cookie: a.cookie })).json().items).toHaveLength(1);
    expect(guest.statusCode).toBe(201);
  });

  it('keeps profile and addresses per account, and a password change ends the other sessions', async () => {
    const { cookie } = await register('addr@example.com');
    const other = await register('addr2@example.com');
    const profile = await call({ method: 'PUT', url: '/api/account/profile', cookie, payload: { name: 'Salma F.', phone: '+20 111 222 3344' } });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user).toMatchObject({ name: 'Salma F.', phone: '01112223344', role: 'customer' });
    expect((await call({ method: 'PUT', url: '/api/account/profile', cookie, payload: { name: 'X', role: 'owner' } })).statusCode).toBe(400);

    const bad = await call({ method: 'POST', url: '/api/account/addresses', cookie, payload: { ...address, governorate: 'XXX', phone: '123' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['governorate', 'phone']));
    const first = await call({ method: 'POST', url: '/api/account/addresses', cookie, payload: address });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().address.isDefault).toBe(true);
    const second = await call({ method: 'POST', url: '/api/account/addresses', cookie, payload: { ...address, label: 'Work', isDefault: true } });
    const list = (await call({ method: 'GET', url: '/api/account/addresses', cookie })).json().items;
    expect(list.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    const id = second.json().address.id;
    expect((await call({ method: 'PUT', url: `/api/account/addresses/${id}`, cookie: other.cookie, payload: address })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/account/addresses/${id}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/account/addresses', cookie: other.cookie })).json().items).toEqual([]);
    expect((await call({ method: 'DELETE', url: `/api/account/addresses/${id}`, cookie })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/api/account/addresses', cookie })).json().items[0]).toMatchObject({ label: 'Home', isDefault: true });

    const elsewhere = await login('addr@example.com', 'jasmine-garden-42');
    const wrong = await call({
      method: 'POST',
      url: '/api/account/password',
      cookie,
      payload: { currentPassword: 'not-it-at-all', newPassword: 'cedar-smoke-77' },
    });
    expect(wrong.json().error.fields).toMatchObject({ currentPassword: 'password_wrong' });
    const weak = await call({ method: 'POST', url: '/api/account/password', cookie, payload: { currentPassword: 'jasmine-garden-42', newPassword: 'short' } });
    expect(weak.json().error.fields).toMatchObject({ newPassword: 'password_too_short' });
    const changed = await call({
      method: 'POST',
      url: '/api/account/password',
      cookie,
      payload: { currentPassword: 'jasmine-garden-42', newPassword: 'cedar-smoke-77' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/api/auth/me', cookie })).json().user?.email).toBe('addr@example.com');
    expect((await call({ method: 'GET', url: '/api/auth/me', cookie: elsewhere.cookie })).json().user).toBeNull();
    expect((await login('addr@example.com', 'cedar-smoke-77')).res.statusCode).toBe(200);
  });
});

describe('session and device cookies behind a TLS proxy', () => {
  it('is Secure when TRUST_PROXY is set and the proxy says the request came over https, and not otherwise', async () => {
    const built = await buildTestApp('sqlite', { adminEmail: admin.email, adminPassword: admin.password, trustProxy: 1 });
    try {
      const signIn = (proto?: string) =>
        built.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.50.0.1',
          headers: proto ? { 'x-forwarded-proto': proto } : {},
          payload: { email: admin.email, password: admin.password },
        });
      const secure = await signIn('https');
      expect(secure.statusCode).toBe(200);
      // The session cookie and the device cookie (decision 008) alike.
      expect([secure.headers['set-cookie']].flat().map(String)).toEqual([
        expect.stringMatching(/^sid=.*;\s*Secure/i),
        expect.stringMatching(/^device=.*;\s*Secure/i),
      ]);
      const plain = await signIn();
      expect([plain.headers['set-cookie']].flat().map(String)).toEqual([expect.not.stringMatching(/Secure/i), expect.not.stringMatching(/Secure/i)]);
    } finally {
      await built.close();
    }
  });
});

describe.each(testDatabases)('registration with e-mail on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let mail: TestMailServer;
  const ask = (email: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      headers: { 'accept-language': language },
      payload: { name: 'Someone Else', email, password: 'other-garden-77' },
    });
  const mailsTo = (address: string, count: number) => mail.waitFor(count, { where: (m) => m.to.includes(address) });
  const tokenIn = (text: string | undefined) => /\/verify-email\?token=([\w-]{43})/.exec(text ?? '')?.[1] ?? '';

  beforeAll(async () => {
    mail = await startMailServer();
    ({ app, close } = await buildTestApp(name, { smtpUrl: mail.url, outboxPollMs: 50 }));
  });
  afterAll(async () => {
    await close?.();
    await mail?.close();
  });

  it('answers a taken and a new address alike, and tells each by e-mail: a link for the new, a warning for the taken', async () => {
    // An account made through its e-mailed link, in English.
    expect((await ask('taken@example.com')).statusCode).toBe(202);
    const [first] = await mailsTo('taken@example.com', 1);
    const made = await app.inject({ method: 'POST', url: '/api/auth/register/verify', payload: { token: tokenIn(first!.parsed.text) } });
    expect(made.statusCode, made.body).toBe(201);

    const taken = await ask('TAKEN@example.com', 'ar');
    const fresh = await ask('fresh@example.com', 'ar');
    expect([taken.statusCode, fresh.statusCode]).toEqual([202, 202]);
    expect(taken.body).toBe(fresh.body);
    expect(sessionCookie(taken)).toBe('');
    expect(sessionCookie(fresh)).toBe('');

    // The owner is warned in the account's language, with no link that makes anything.
    const warning = (await mailsTo('taken@example.com', 2))[1]!;
    expect(tokenIn(warning.parsed.text)).toBe('');
    expect(warning.parsed.text).toContain('/forgot-password');
    expect(warning.parsed.html).toContain('dir="ltr"');
    // The new address gets its link, in the language it registered in; no account exists until it is used.
    const [invitation] = await mailsTo('fresh@example.com', 1);
    expect(invitation!.parsed.html).toContain('dir="rtl"');
    const token = tokenIn(invitation!.parsed.text);
    expect(token).not.toBe('');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: freshIp(),
          payload: { email: 'fresh@example.com', password: 'other-garden-77' },
        })
      ).statusCode,
    ).toBe(401);

    // The link makes the account (in the language it was asked in) and signs it in, once.
    const verified = await app.inject({ method: 'POST', url: '/api/auth/register/verify', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(201);
    expect(verified.json().user).toMatchObject({ email: 'fresh@example.com', name: 'Someone Else', role: 'customer' });
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(verified) } })).json().user.email).toBe(
      'fresh@example.com',
    );
    const again = await app.inject({ method: 'POST', url: '/api/auth/register/verify', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('link_invalid');
    const user = await app.shop.db.selectFrom('users').select('language').where('email', '=', 'fresh@example.com').executeTakeFirstOrThrow();
    expect(user.language).toBe('ar');
    // The sent link is not kept in the outbox.
    expect(JSON.stringify(await app.shop.db.selectFrom('outbox').select('payload').execute())).not.toContain(token);
  });
});
