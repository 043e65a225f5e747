import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ar from '../../../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../../../public/locales/en/translation.json' with { type: 'json' };
import { buildTestApp } from '../../test-support.js';

describe('the app manifest and the offline page', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await buildTestApp('sqlite', { seedDemo: false, shopName: 'Nasma <b>&</b>' }));
  });
  afterAll(() => close());

  it('names the shop in the language asked for, right to left in Arabic, with any and maskable icons', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest?lng=ar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({ lang: 'ar', dir: 'rtl', display: 'standalone', scope: '/', description: ar.pwa.description });
    expect(manifest.name).toBe('Nasma <b>&</b>');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    // Without ?lng, the visitor's language; an unknown one is refused like any bad query.
    expect((await app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-language': 'fr-FR' } })).json().lang).toBe('fr');
    expect((await app.inject({ method: 'GET', url: '/manifest.webmanifest?lng=xx' })).statusCode).toBe(400);
  });

  it('writes the offline page in each language, without a script, and escapes the shop’s name', async () => {
    const page = await app.inject({ method: 'GET', url: '/offline?lng=ar' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain(ar.pwa.offline.title);
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Nasma &#60;b&#62;&#38;&#60;/b&#62;');
    expect(page.body).not.toContain('<b>');
    const english = await app.inject({ method: 'GET', url: '/offline?lng=en' });
    for (const text of [en.pwa.offline.title, en.pwa.offline.retry, en.pwa.offline.cart, en.pwa.offline.home]) expect(english.body).toContain(text);
  });
});
