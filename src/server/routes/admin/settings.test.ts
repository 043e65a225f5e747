import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, sessionCookie, testAdmin, testCustomer, testDatabases } from '../../test-support.js';
import { governorates } from '../../../shared/domain/governorates.js';
import type { AdminSettings, PublicSettings } from '../../../shared/schemas/settings.js';

const admin = testAdmin;
let ipSeq = 0;
const freshIp = () => `10.6.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe.each(testDatabases)('admin settings API on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let cookie = '';
  const call = (opts: InjectOptions) => app.inject({ remoteAddress: freshIp(), ...opts, headers: { cookie, ...opts.headers } });
  const current = async () => (await call({ method: 'GET', url: '/api/admin/settings' })).json<AdminSettings>();
  const put = (payload: unknown) => call({ method: 'PUT', url: '/api/admin/settings', payload: payload as object });

  beforeAll(async () => {
    const built = await buildTestApp(name, { adminEmail: admin.email, adminPassword: admin.password });
    app = built.app;
    close = built.close;
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: admin });
    cookie = sessionCookie(login);
  });
  afterAll(async () => close?.());

  it('is for the admin only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/settings', payload: {} })).statusCode).toBe(401);
  });

  it('reads the seeded settings with a fee for each of the 27 governorates', async () => {
    const s = await current();
    expect(s.shopName).toBe('Nasma');
    expect(s.freeShippingThreshold).toBe(150000);
    expect(Object.keys(s.shippingFees).sort()).toEqual(governorates.map((g) => g.code).sort());
    expect(s.shippingFees.CAI).toBe(6000);
    expect(s.currencyRates.USD).toBeGreaterThan(0);
  });

  it.each([
    [{ shopName: '' }, 'shopName', 'required'],
    [{ email: 'nope' }, 'email', 'email_invalid'],
    [{ notificationEmail: 'orders at nasma' }, 'notificationEmail', 'email_invalid'],
    [{ phone: 'call me' }, 'phone', 'phone_invalid'],
    [{ currencyRates: { USD: 0, EUR: 0.02, GBP: 0.02 } }, 'currencyRates.USD', 'rate_positive'],
    [{ currencyRates: { USD: 48.5, EUR: 0.02, GBP: 0.02 } }, 'currencyRates.USD', 'rate_too_big'],
    [{ freeShippingThreshold: -1 }, 'freeShippingThreshold', 'amount_negative'],
    [{ freeShippingThreshold: 10.5 }, 'freeShippingThreshold', 'number_invalid'],
    [{ measurement: { ga4Id: 'UA-12345-1', metaPixelId: '' } }, 'measurement.ga4Id', 'measurement_id_invalid'],
    [{ measurement: { ga4Id: '', metaPixelId: 'pixel-42' } }, 'measurement.metaPixelId', 'pixel_id_invalid'],
  ])('%o gets 400 with the field code', async (change, field, code) => {
    const res = await put({ ...(await current()), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.fields[field]).toBe(code);
  });

  it("turns GA4 and Meta Pixel on for the storefront, and lets their hosts into the pages' security policy only then", async () => {
    const policy = async () => (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    const before = await current();
    expect(before.measurement).toEqual({ ga4Id: '', metaPixelId: '' });
    expect(await policy()).not.toContain('googletagmanager');
    expect(await policy()).not.toContain('facebook');

    const res = await put({ ...before, measurement: { ga4Id: ' g-ab12cd34ef ', metaPixelId: '123456789012345' } });
    expect(res.statusCode, res.body).toBe(200);
    // Tidied as GA4 writes it.
    expect(res.json<AdminSettings>().measurement).toEqual({ ga4Id: 'G-AB12CD34EF', metaPixelId: '123456789012345' });
    const pub = (await app.inject({ method: 'GET', url: '/api/settings' })).json<PublicSettings>();
    expect(pub.measurement).toEqual({ ga4Id: 'G-AB12CD34EF', metaPixelId: '123456789012345' });
    const csp = await policy();
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);

    // Meta Pixel off again: its host leaves the policy, GA4's stays.
    expect((await put({ ...before, measurement: { ga4Id: 'G-AB12CD34EF', metaPixelId: '' } })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/api/settings' });
    expect(await policy()).not.toContain('facebook');
    expect(await policy()).toContain('https://www.googletagmanager.com');
    expect((await put(before)).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/api/settings' });
    expect(await policy()).not.toContain('googletagmanager');
  });

  it('needs a fee for every governorate, none negative', async () => {
    const s = await current();
    const { ASN: _gone, ...rest } = s.shippingFees;
    const missing = await put({ ...s, shippingFees: rest });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields['shippingFees.ASN']).toBe('required');
    const negative = await put({ ...s, shippingFees: { ...s.shippingFees, LXR: -100 } });
    expect(negative.json().error.fields['shippingFees.LXR']).toBe('amount_negative');
  });

  it('tells the first owner of new orders until the merchant names another address, or none', async () => {
    const product = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json<{ items: Array<{ id: number; stock: number; variants: unknown[] }> }>()
      .items.find((p) => p.variants.length === 0 && p.stock > 5)!;
    const told = async () =>
      (await app.shop.db.selectFrom('outbox').select('id').where('kind', '=', 'merchant_new_order').where('recipient', '=', admin.email).execute()).length;
    const placeOne = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...testCustomer, lines: [{ productId: product.id, quantity: 1 }] }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const before = await told();
    await placeOne();
    expect(await told()).toBe(before + 1);
    // Saved empty: the merchant asked for no notifications, and gets none.
    const s = await current();
    expect((await put({ ...s, notificationEmail: '' })).statusCode).toBe(200);
    expect((await current()).notificationEmail).toBe('');
    await placeOne();
    expect(await told()).toBe(before + 1);
    expect((await put({ ...s, notificationEmail: admin.email })).statusCode).toBe(200);
  });

  it('saves a valid change, and the storefront and checkout see it at once', async () => {
    const before = await current();
    const next: AdminSettings = {
      ...before,
      shopName: 'Nasma Maadi',
      whatsapp: '+20 122 555 0101',
      email: 'shop@nasma.eg',
      notificationEmail: 'orders@nasma.eg',
      currencyRates: { USD: 0.021, EUR: 0.019, GBP: 0.016 },
      freeShippingThreshold: 0,
      shippingFees: { ...before.shippingFees, ALX: 4500 },
    };
    // Until the merchant gives one, new orders are told to the first owner (issue 34).
    expect(before.notificationEmail).toBe(testAdmin.email);
    const res = await put(next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(next);
    expect(await current()).toEqual(next);

    const pub = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(pub.json<PublicSettings>()).toMatchObject({
      shopName: 'Nasma Maadi',
      whatsapp: '+20 122 555 0101',
      email: 'shop@nasma.eg',
      currencyRates: { EGP: 1, USD: 0.021, EUR: 0.019, GBP: 0.016 },
      freeShippingThreshold: 0,
    });
    expect(pub.json<PublicSettings>().shippingFees.ALX).toBe(4500);
    // The merchant's own address for notifications is not the storefront's business.
    expect(pub.json()).not.toHaveProperty('notificationEmail');

    // Checkout charges the new Alexandria fee (free shipping is now off).
    const product = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' }))
      .json()
      .items.find((p: { variants: unknown[]; stock: number }) => !p.variants.length && p.stock > 0);
    const placed = await call({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', 'idempotency-key': `settings-${Date.now()}` },
      payload: JSON.stringify({
        fullName: 'Mona Adel',
        phone: '01005550199',
        governorate: 'ALX',
        city: 'Smouha',
        address: '12 Victor Emmanuel Square',
        paymentMethod: 'cod',
        lines: [{ productId: product.id, quantity: 1 }],
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.shippingFee).toBe(4500);
  });

  it('refuses unknown fields', async () => {
    const res = await put({ ...(await current()), admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.admin).toBe('unknown');
  });
});
