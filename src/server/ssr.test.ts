import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './test-support.js';
import { deferScripts } from './ssr.js';
import { warmPages } from './plugins/warm-pages.js';
import { languages } from '../shared/domain/languages.js';
import { contentChanged } from './use-cases/catalogue.js';
import { saveSettings } from './use-cases/settings.js';
import { systemContext } from './use-cases/use-case.js';
import type { ProductList } from '../shared/schemas/product.js';

/**
 * The server's side of rendering a page: which pages, which language, how the render's HTML, head
 * tags and state are put into the real index.html, and that a failing render falls back to the
 * plain page. The render itself is a stand-in module here (the built one is exercised by the
 * browser tests, which fail on any hydration mismatch).
 */
describe('server-rendered pages', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-ssr-'));
  const clientDir = path.join(dir, 'client');
  const entry = path.join(dir, 'entry-server.mjs');

  beforeAll(async () => {
    for (const lng of languages) {
      fs.mkdirSync(path.join(clientDir, 'locales', lng), { recursive: true });
      fs.writeFileSync(path.join(clientDir, 'locales', lng, 'translation.json'), JSON.stringify({ hello: `hello-${lng}` }));
    }
    // The real template, as Vite leaves its structure (with the translation files' version on its preload).
    const template = fs.readFileSync(path.resolve('index.html'), 'utf8');
    fs.writeFileSync(path.join(clientDir, 'index.html'), template.replace('/locales/en/translation.json"', '/locales/en/translation.json?v=t1"'));
    fs.writeFileSync(
      entry,
      `let renders = 0;
      export async function routeOf(url) {
        return { status: url.pathname === '/no-such-page' ? 404 : 200, serverRendered: !['/cart', '/my-account', '/no-such-page'].includes(url.pathname) };
      }
      export async function render(url, lng, resources, get) {
        renders += 1;
        if (url.pathname === '/about') throw new Error('boom');
        if (url.pathname === '/contact') return null;
        if (url.pathname === '/product/404') return { status: 404 };
        if (url.pathname === '/blog-standard') return { html: '<!--$!--><template data-msg="x"></template><!--/$-->', state: {} };
        const settings = (await get('/api/settings')).data;
        const match = /^\\/product\\/(\\d+)$/.exec(url.pathname);
        if (match) {
          const product = (await get('/api/products/' + match[1])).data;
          const stock = product.stock > 5 ? 'In stock' : product.stock > 0 ? 'Only ' + product.stock + ' left' : 'Sold out';
          return {
            html: '<title>' + product.name + '</title><!--$--><h1>' + product.name + '</h1><p>' + stock + '</p><p>render ' + renders + '</p><link rel="canonical" href="' + url.origin + '/product/' + product.id + '"/><!--/$-->',
            state: { api: { product } },
          };
        }
        return {
          html: '<title>Page ' + lng + '</title><meta name="description" content="About ' + lng + '"/><!--$--><h1>' + resources[lng].translation.hello + ' ' + settings.shopName + ' ' + url.href + '</h1><p>render ' + renders + '</p><!--/$-->',
          state: { api: { note: '</script><script>alert(1)</script>' } },
        };
      }`,
    );
    // The renders are counted: none in the background (warmPages is tested on its own below).
    const built = await buildTestApp('sqlite', { clientDir, ssrEntry: entry, warmPages: 0 });
    app = built.app;
    close = built.close;
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("turns the built template's module script and its preloads into one deferred loader", () => {
    const built = [
      '<head><link rel="preload" href="/locales/en/translation.json?v=abc" as="fetch" crossorigin="anonymous" />',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
      '<link rel="modulepreload" crossorigin href="/assets/b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
    ].join('\n');
    expect(deferScripts(built)('fr')).toBe(
      [
        '<head>',
        '<script src="/boot.js" defer data-entry="/assets/index-1.js" data-preload="/assets/a.js /assets/b.js" data-fetch="/locales/fr/translation.json?v=abc /locales/en/translation.json?v=abc"></script>',
        '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
      ].join('\n'),
    );
    // The page's own translations, then English (the fallback), by the build's version: once each.
    expect(deferScripts(built)('en')).toContain('data-fetch="/locales/en/translation.json?v=abc"');
    // A template without a module script (no client build) is left as it is.
    expect(deferScripts('<div id="root"></div>')('en')).toBe('<div id="root"></div>');
  });

  it("gives the loader the page language's texts for when the scripts never arrive, escaped, English where one is missing", () => {
    const resources = {
      en: { translation: { boot: { failed: 'Could not load', retry: 'Try again', close: 'Close' } } },
      ar: { translation: { boot: { failed: 'تعذّر "التحميل" <&>', retry: 'حاول مرة أخرى' } } },
    };
    const template = '<script type="module" crossorigin src="/assets/index-1.js"></script>';
    expect(deferScripts(template, resources)('en')).toContain(
      'data-fetch="/locales/en/translation.json" data-failed="Could not load" data-retry="Try again" data-close="Close"></script>',
    );
    expect(deferScripts(template, resources)('ar')).toContain(
      'data-failed="تعذّر &quot;التحميل&quot; &lt;&amp;>" data-retry="حاول مرة أخرى" data-close="Close"></script>',
    );
    // Translations without the group (as in the render test below) add nothing.
    expect(deferScripts(template, { en: { translation: {} } })('en')).not.toContain('data-failed');
  });

  it('puts the render into index.html: language, direction, head tags, state as an inert JSON block', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(
      '<div id="root" data-lng="en" data-origin="http://localhost"><!--$--><h1>hello-en Nasma http://localhost/</h1><p>render 1</p><!--/$--></div>',
    );
    // The render's title and description replace the template's defaults, inside <head>.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html.indexOf('<title>Page en</title>')).toBeLessThan(html.indexOf('</head>'));
    // The preloader is gone, and the state cannot close its block.
    expect(html).not.toContain('preloader-drop');
    expect(html).toContain(
      '<script type="application/json" id="server-state">{"api":{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}}</script>',
    );
    expect(html).not.toContain('<script>alert(1)');
    // Scripts wait behind the page's own resources: one deferred loader names what to fetch.
    expect(html).not.toContain('type="module"');
    expect(html).not.toMatch(/<link rel="preload"[^>]*as="fetch"/);
    expect(html).toContain(
      '<script src="/boot.js" defer data-entry="/src/client/main.tsx" data-preload="" data-fetch="/locales/en/translation.json?v=t1"></script>',
    );
    // The translations are fetched beside the scripts (decision 028), not carried in the page.
    expect(html).not.toContain('hello-en"');
  });

  it('serves the translation files asked for by the build version as immutable, others revalidated', async () => {
    const versioned = await app.inject({ method: 'GET', url: '/locales/ar/translation.json?v=t1' });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.json()).toEqual({ hello: 'hello-ar' });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Another build's version, or none, names no fixed content.
    for (const url of ['/locales/ar/translation.json?v=t0', '/locales/ar/translation.json', '/locales/ar/translation.json?x=1&v=t1x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  const rendered = async (url: string, headers: Record<string, string> = {}) =>
    /render (\d+)/.exec((await app.inject({ method: 'GET', url, headers })).body)?.[1];

  it('keeps a rendered page through sign-ins, sign-outs, newsletter and contact posts; a content change renders it anew', async () => {
    const first = await rendered('/shop-grid-standard?sort=priceLowToHigh');
    expect(await rendered('/shop-grid-standard?sort=priceLowToHigh')).toBe(first);
    // Another page, or the same page in another language, is rendered on its own.
    expect(await rendered('/shop-grid-standard?sort=priceHighToLow')).not.toBe(first);
    expect(await rendered('/shop-grid-standard?sort=priceLowToHigh&lng=ar')).not.toBe(first);
    for (const write of [
      { url: '/api/newsletter', payload: { email: 'cache@example.com' } },
      { url: '/api/auth/logout', payload: {} },
      { url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password-1' } },
      { url: '/api/contact', payload: { name: 'Salma', email: 'salma@example.com', message: 'Is the oud blend back soon?' } },
    ]) {
      await app.inject({ method: 'POST', ...write });
      expect(await rendered('/shop-grid-standard?sort=priceLowToHigh'), write.url).toBe(first);
    }
    // The merchant edits the catalogue or settings: every process's pages go (the version is in the key).
    await contentChanged(systemContext(app.shop, app.log));
    expect(Number(await rendered('/shop-grid-standard?sort=priceLowToHigh'))).toBeGreaterThan(Number(first));
  });

  it("shows the shop's settings as saved on the next page rendered: the settings answer renders share follows the page version", async () => {
    const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;
    const before = await app.shop.settings.current();
    expect(await page('/blog-no-sidebar')).toContain(`hello-en ${before.shopName} `);
    await saveSettings(systemContext(app.shop, app.log), { ...before, shopName: 'Nasma Zamalek' });
    // A page not rendered before, and another: both read the new name, neither the kept one.
    expect(await page('/blog-right-sidebar')).toContain('hello-en Nasma Zamalek ');
    expect(await page('/blog-no-sidebar')).toContain('hello-en Nasma Zamalek ');
    await saveSettings(systemContext(app.shop, app.log), before);
  });

  it('sends a kept page in bytes compressed once: brotli or gzip as the browser asks, the same bytes each time', async () => {
    const plain = await app.inject({ method: 'GET', url: '/shop-grid-standard?sort=newest' });
    const br = await app.inject({ method: 'GET', url: '/shop-grid-standard?sort=newest', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await app.inject({ method: 'GET', url: '/shop-grid-standard?sort=newest', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await app.inject({ method: 'GET', url: '/shop-grid-standard?sort=newest', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The cache keeps the brotli bytes, not the text: a client that takes no compression gets it made again, the same.
    const plainAgain = await app.inject({ method: 'GET', url: '/shop-grid-standard?sort=newest' });
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body).toBe(plain.body);
    expect(/render (\d+)/.exec(plainAgain.body)?.[1]).toBe(/render (\d+)/.exec(plain.body)?.[1]);
  });

  it('keys pages by the parameters a page reads, never tracking parameters, cookies or the session', async () => {
    const first = await rendered('/shop-grid-standard?category=candles');
    for (const url of [
      '/shop-grid-standard?category=candles&utm_source=facebook&utm_campaign=eid',
      '/shop-grid-standard?fbclid=abc&category=candles',
      '/shop-grid-standard?category=candles&gclid=xyz&whatever=1',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: 'sid=someone-elses-session; theme=dark' } });
      expect(/render (\d+)/.exec(res.body)?.[1], url).toBe(first);
      // The page is rendered without them: nothing of one visitor's campaign reaches another's page.
      expect(res.body).not.toMatch(/utm_|fbclid|gclid|whatever/);
    }
    // A cookie that changes the page (the language) gets its own page.
    const arabic = await app.inject({ method: 'GET', url: '/shop-grid-standard?category=candles', headers: { cookie: 'i18next=ar' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('re-renders a product page only when what it shows of stock changes, not on every sale', async () => {
    const products = (await app.inject({ method: 'GET', url: '/api/products?pageSize=100' })).json<ProductList>().items;
    const product = products.find((p) => p.variants.length === 0 && p.stock > 8)!;
    const setStock = async (stock: number) => {
      await app.shop.db.updateTable('products').set({ stock }).where('id', '=', product.id).execute();
      app.shop.catalog.stockChanged([product.id]);
    };
    await setStock(50);
    const url = `/product/${product.id}`;
    const first = await rendered(url);
    await setStock(40);
    expect(await rendered(url)).toBe(first);
    await setStock(3);
    const low = (await app.inject({ method: 'GET', url })).body;
    expect(low).toContain('Only 3 left');
    expect(/render (\d+)/.exec(low)?.[1]).not.toBe(first);
    await setStock(0);
    expect((await app.inject({ method: 'GET', url })).body).toContain('Sold out');
  });

  it('makes absolute URLs from PUBLIC_URL or an allowed host, never from a Host header it does not know', async () => {
    const res = await app.inject({ method: 'GET', url: '/product/1', headers: { host: 'evil.example' } });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain('href="http://localhost:3000/product/1"');
    const allowed = await app.inject({ method: 'GET', url: '/product/1', headers: { host: '127.0.0.1:4000' } });
    expect(allowed.body).toContain('href="http://127.0.0.1:4000/product/1"');
  });

  it("keeps the document whole whatever the shop's texts say ($`, $', $&, </script>)", async () => {
    const name = "Oud $` $' $& </script> blend";
    await app.shop.db.updateTable('products').set({ name_en: name }).where('id', '=', 1).execute();
    await contentChanged(systemContext(app.shop, app.log));
    const html = (await app.inject({ method: 'GET', url: '/product/1' })).body;
    const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toMatchObject({ api: { product: { id: 1, name } } });
    expect(html.match(/<html /g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/id="server-state"/g)).toHaveLength(1);
    expect(html).toContain(`<h1>${name}</h1>`);
  });

  it('renders the home, shop, first and best-rated product pages in the background after a start, kept for the first shoppers', async () => {
    const firstOf = async (sort: string) => (await app.inject({ method: 'GET', url: `/api/products?sort=${sort}&pageSize=2` })).json<ProductList>().items;
    const [first, bestRated] = [await firstOf('default'), await firstOf('rating')];
    // The best rated other than the first product (the shop may rate them alike).
    const rated = bestRated.find((p) => p.id !== first[0]!.id)!;
    const before = Number(await rendered('/warm-probe-1'));
    expect(await warmPages(app, 2)).toBe(4);
    // Four renders since, and this one.
    expect(Number(await rendered('/warm-probe-2'))).toBe(before + 5);
    // The first product's page, warmed in the third language, and the best rated's, in the fourth, are answered as kept.
    expect(Number(await rendered(`/product/${first[0]!.id}?lng=${languages[2]}`))).toBeLessThanOrEqual(before + 4);
    expect(Number(await rendered(`/product/${rated.id}?lng=${languages[3]}`))).toBeLessThanOrEqual(before + 4);
    expect(await warmPages(app, 0)).toBe(0);
  });

  it('picks the language as the browser would: ?lng, then the cookie, then Accept-Language by weight', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) => {
      const html = (await app.inject({ method: 'GET', url, headers })).body;
      return /<html lang="(\w+)" dir="(\w+)">/.exec(html)?.slice(1).join(' ');
    };
    expect(await lang('/?lng=ar')).toBe('ar rtl');
    expect(await lang('/?lng=fn')).toBe('fr ltr');
    expect(await lang('/', { cookie: 'i18next=de' })).toBe('de ltr');
    expect(await lang('/?lng=fr', { cookie: 'i18next=de' })).toBe('fr ltr');
    expect(await lang('/', { 'accept-language': 'ja;q=0.9, ar-EG;q=0.8, en;q=0.5' })).toBe('ar rtl');
    expect(await lang('/', { 'accept-language': 'en;q=0.4, de-DE' })).toBe('de ltr');
    expect(await lang('/', { 'accept-language': 'ja' })).toBe('en ltr');
    // A page in another language fetches its own translations, and English, the fallback.
    const arabic = (await app.inject({ method: 'GET', url: '/?lng=ar' })).body;
    expect(arabic).toContain('data-fetch="/locales/ar/translation.json?v=t1 /locales/en/translation.json?v=t1"');
  });

  it('answers 404 with the plain page (the browser shows why) for an unknown product or address', async () => {
    for (const url of ['/product/404', '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('preloader-drop');
      expect(res.body).not.toContain('server-state');
    }
    expect((await app.inject({ method: 'GET', url: '/cart' })).statusCode).toBe(200);
  });

  it('sends the plain page when the render throws, declines, or left a failed part behind', async () => {
    for (const url of ['/about', '/contact', '/blog-standard', '/cart']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('preloader-drop');
      expect(res.body, url).not.toContain('server-state');
      expect(res.body, url).not.toContain('data-msg');
    }
  });

  it('renders only the pages the entry says the router marks (the marks themselves: entry-server.test.ts)', async () => {
    for (const url of ['/cart', '/my-account']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('preloader-drop');
      expect(res.body, url).not.toContain('server-state');
    }
    expect((await app.inject({ method: 'GET', url: '/about-us-and-more' })).body).toContain('server-state');
  });
});
