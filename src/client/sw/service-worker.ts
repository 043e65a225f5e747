/// <reference lib="webworker" />
/**
 * The shop's service worker (decision 048), built by vite.config.ts into /sw.js with Workbox's
 * runtime modules. What it does:
 * - precaches this build's storefront: the shell (index.html, boot.js), the scripts and styles the
 *   storefront's pages load, their fonts, the icons and each language's shop texts; a new build is
 *   a new list, installed beside the old one and switched to at the page's next navigation;
 * - pages: the network first, with a short timeout, then the last copy kept of that page; a page
 *   the browser draws from what it keeps (cart, wishlist, checkout...) opens from the shell; any
 *   other page never seen shows the offline page in the shopper's language. A personal page (the
 *   server sends it `no-store`) is never kept;
 * - the code of other pages (its address names its content): kept when a page first loads it;
 * - pictures: from the cache first, at most a few hundred, a month each.
 * The API is never answered from a cache.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { languages, normalizeLanguage } from '../../shared/domain/languages';
import {
  isShellPage,
  keptPages,
  keptPictures,
  keptScripts,
  mayKeepPage,
  networkOnlyPrefixes,
  offlineCaches,
  offlinePagePath,
  pageNetworkTimeoutSeconds,
  pictureMaxAgeSeconds,
} from '../../shared/domain/offline';

/** This build's precache list, written in by the build (vite.pwa.ts). */
declare const __PRECACHE__: Array<{ url: string; revision: string | null }>;
declare const self: ServiceWorkerGlobalScope & {
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};

// The translations are asked for with the build's version (`?v=`): the precached copy answers them.
// No directory index and no clean URLs: `/` is the home page, from the network first, not the shell.
precacheAndRoute(__PRECACHE__, { ignoreURLParametersMatching: [/^v$/, /^utm_/, /^fbclid$/, /^gclid$/], cleanURLs: false, directoryIndex: '' });
cleanupOutdatedCaches();

const offlineUrl = (lng: string) => `${offlinePagePath}?lng=${lng}`;

self.addEventListener('install', (event) => {
  // The offline page in every language, as the shop names itself now; without cookies, so it holds
  // nothing of whoever installed it.
  event.waitUntil(
    caches
      .open(offlineCaches.offline)
      .then((cache) =>
        Promise.all(languages.map(async (lng) => cache.put(offlineUrl(lng), await fetch(offlineUrl(lng), { credentials: 'omit', cache: 'reload' })))),
      ),
  );
});

// The page says when to switch (app/service-worker.ts): at its next navigation, which it then makes
// a full load, so no page ever runs scripts from two builds.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/** The shopper's language: the shop's cookie where the browser lets a worker read it, else the browser's. */
async function shopperLanguage(): Promise<string> {
  const cookie = await self.cookieStore?.get('i18next').catch(() => null);
  return normalizeLanguage(cookie?.value ?? self.navigator.languages?.[0] ?? self.navigator.language);
}

async function offlinePage(): Promise<Response> {
  const cache = await caches.open(offlineCaches.offline);
  const page = (await cache.match(offlineUrl(await shopperLanguage()))) ?? (await cache.match(offlineUrl('en')));
  return page ?? Response.error();
}

const keptPagesFirst = new NetworkFirst({
  cacheName: offlineCaches.pages,
  networkTimeoutSeconds: pageNetworkTimeoutSeconds,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (mayKeepPage(response) ? response : null) },
    new ExpirationPlugin({ maxEntries: keptPages, purgeOnQuotaError: true }),
  ],
});
const networkOnly = new NetworkOnly();

const isPage = ({ request, url }: { request: Request; url: URL }) =>
  request.mode === 'navigate' && url.origin === self.location.origin && !networkOnlyPrefixes.some((p) => url.pathname.startsWith(p));

// A page the browser draws itself: the network (its answer may be a person's own, never kept), else the shell.
registerRoute(
  (options) => isPage(options) && isShellPage(options.url.pathname),
  async (options) => {
    try {
      return await networkOnly.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? offlinePage();
    }
  },
);
// Any other page: the network, else its last copy, else the offline page.
registerRoute(isPage, async (options) => {
  try {
    return await keptPagesFirst.handle(options);
  } catch {
    return offlinePage();
  }
});

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && /^\/(uploads|images)\//.test(url.pathname),
  new CacheFirst({
    cacheName: offlineCaches.pictures,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: keptPictures, maxAgeSeconds: pictureMaxAgeSeconds, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && ['script', 'style', 'font'].includes(request.destination),
  new CacheFirst({
    cacheName: offlineCaches.scripts,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: keptScripts, purgeOnQuotaError: true })],
  }),
);
