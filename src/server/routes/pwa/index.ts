import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageDir, languages } from '../../../shared/domain/languages.js';
import { offlinePagePath } from '../../../shared/domain/offline.js';
import { requestLanguage } from '../../request-language.js';
import { escapeXml } from '../../xml.js';

/** The shop's colours, as in styles.css: ink for the bar and the icon, ivory for the page. */
const themeColor = '#2b2e22';
const backgroundColor = '#fbf7f0';

const languageQuery = z.object({ lng: z.enum(languages).optional() });

/**
 * The installable shop (decision 048): the web app manifest and the offline page, each in the
 * language asked for (`?lng=`, as the page that links it is written), else the visitor's. Both name
 * the shop as its settings do now; the service worker fetches the offline page when it installs.
 */
const pwaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/manifest.webmanifest', { schema: { querystring: languageQuery } }, async (request, reply) => {
    const lng = requestLanguage(request, request.query.lng);
    const t = app.shop.labels.shop(lng);
    const { shopName } = await app.shop.settings.current();
    const manifest = {
      id: '/',
      name: shopName,
      short_name: shopName.length <= 12 ? shopName : shopName.split(/\s+/)[0]!.slice(0, 12),
      description: t('pwa.description'),
      lang: lng,
      dir: languageDir(lng),
      start_url: '/?source=app',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: themeColor,
      background_color: backgroundColor,
      categories: ['shopping', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    };
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language')
      .send(JSON.stringify(manifest));
  });

  app.get(offlinePagePath, { schema: { querystring: languageQuery } }, async (request, reply) => {
    const lng = requestLanguage(request, request.query.lng);
    const t = app.shop.labels.shop(lng);
    const { shopName } = await app.shop.settings.current();
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .header('X-Robots-Tag', 'noindex')
      .send(
        offlineHtml({
          lng,
          shopName,
          title: t('pwa.offline.title'),
          text: t('pwa.offline.text'),
          retry: t('pwa.offline.retry'),
          cart: t('pwa.offline.cart'),
          home: t('pwa.offline.home'),
        }),
      );
  });
};

interface OfflineTexts {
  lng: string;
  shopName: string;
  title: string;
  text: string;
  retry: string;
  cart: string;
  home: string;
}

/**
 * A page that needs nothing but itself: no script (it may stand for any address, where the app
 * would start another page), its styles inline, the shop's drop drawn in SVG. "Try again" loads the
 * address the shopper asked for (an empty link is the page's own address).
 */
function offlineHtml(p: OfflineTexts): string {
  const e = escapeXml;
  return `<!doctype html>
<html lang="${p.lng}" dir="${languageDir(p.lng)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${themeColor}">
<meta name="robots" content="noindex">
<title>${e(p.title)} | ${e(p.shopName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic","Noto Sans",sans-serif;background:${backgroundColor};color:${themeColor}}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{background:${themeColor};color:#fbf7f0;padding:14px 20px;display:flex;align-items:center;gap:10px;font-weight:600;letter-spacing:.02em}
header svg{width:28px;height:28px}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:32px 20px}
.card{max-width:540px;width:100%;background:#fff;border:1px solid #e3d9c6;border-radius:18px;padding:36px 28px;text-align:center;box-shadow:0 12px 40px -20px rgba(43,46,34,.35)}
.drop{width:64px;height:64px;margin:0 auto 18px}
h1{font-family:Georgia,"Noto Naskh Arabic",serif;font-weight:600;font-size:1.75rem;line-height:1.25;margin:0 0 12px}
p{margin:0 0 26px;line-height:1.65;color:#5e5c4d}
.actions{display:flex;flex-wrap:wrap;gap:10px;justify-content:center}
a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 22px;border-radius:999px;font-weight:600;text-decoration:none}
.primary{background:${themeColor};color:#fbf7f0}
.secondary{border:1px solid ${themeColor};color:${themeColor}}
a:focus-visible{outline:2px solid #b8741a;outline-offset:3px}
</style>
</head>
<body>
<header><svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 12c9 10 14 18 14 26a14 14 0 0 1-28 0c0-8 5-16 14-26z" fill="#d9a441"/><path d="M32 26c4 5 6 9 6 13a6 6 0 0 1-12 0c0-4 2-8 6-13z" fill="#fbf7f0"/></svg><span>${e(p.shopName)}</span></header>
<main>
<div class="card">
<svg class="drop" viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="31" fill="#f3eadb"/><path d="M32 12c9 10 14 18 14 26a14 14 0 0 1-28 0c0-8 5-16 14-26z" fill="#d9a441"/><path d="M20 46 44 18" stroke="${themeColor}" stroke-width="3.5" stroke-linecap="round"/></svg>
<h1>${e(p.title)}</h1>
<p>${e(p.text)}</p>
<div class="actions"><a class="primary" href="">${e(p.retry)}</a><a class="secondary" href="/cart">${e(p.cart)}</a><a class="secondary" href="/">${e(p.home)}</a></div>
</div>
</main>
</body>
</html>
`;
}

export default pwaRoutes;
