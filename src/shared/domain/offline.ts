/**
 * The installable shop's rules (decision 048), read by the service worker (src/client/sw), the page
 * that registers it (app/service-worker.ts) and the server (routes/pwa).
 */

/** The caches the service worker keeps besides Workbox's precache of the build. */
export const offlineCaches = {
  /** Pages the shop renders the same for everyone, as last seen: shown when the network fails. */
  pages: 'nasma-pages',
  /** Product and category pictures, first come first kept, bounded. */
  pictures: 'nasma-pictures',
  /** Code of pages other than the shell's, kept when a page first loads it (its name is its content's hash). */
  scripts: 'nasma-scripts',
  /** The offline page in each language, fetched when a new service worker installs. */
  offline: 'nasma-offline',
} as const;

/** How long a page waits for the network before the last copy is shown instead. */
export const pageNetworkTimeoutSeconds = 4;
/** At most this many pages and pictures are kept; the least recently used go first. */
export const keptPages = 60;
export const keptPictures = 200;
export const keptScripts = 120;
/** A kept picture is fetched again after 30 days. */
export const pictureMaxAgeSeconds = 30 * 24 * 60 * 60;

/** The offline page, in a language: `${offlinePagePath}?lng=ar`. */
export const offlinePagePath = '/offline';

/**
 * Pages the browser draws from what it keeps itself (the cart, the wishlist, the comparison, the
 * account's stored mirror, the checkout form), so without a network they open from the app's shell
 * (the build's index.html, precached) instead of the offline page. The server never renders them
 * for everyone, and the service worker never keeps their server-rendered copy, which may be a
 * person's own (their cart, their checkout).
 */
export const shellPages = ['/cart', '/checkout', '/wishlist', '/compare', '/my-account', '/login-register', '/track'] as const;

/** Addresses the service worker leaves to the network alone: the API, feeds, the admin's files, itself. */
export const networkOnlyPrefixes = ['/api/', '/feeds/', '/sw.js', '/manifest.webmanifest'] as const;

/** Whether a page address opens from the app's shell when offline. */
export function isShellPage(pathname: string): boolean {
  return shellPages.some((p) => pathname === p || pathname.startsWith(`${p}/`)) || pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Whether a page's answer may be kept for the shopper's next visit without a network: never a personal one. */
export function mayKeepPage(response: { status: number; headers: { get(name: string): string | null } }): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\b(no-store|private)\b/.test(cacheControl);
}
