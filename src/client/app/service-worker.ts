import { offlineCaches } from '../../shared/domain/offline';
import type { AppStore } from './store';

/** What this module needs of the router: to hear of each navigation. */
export interface NavigationSource {
  subscribe(listener: (state: { navigation: { state: string } }) => void): () => void;
}

/** Updates are looked for at most this often (on a navigation, or when the tab comes back). */
const updateCheckMs = 60_000;
/** If a new build's worker has not taken over this long after being told to, the page loads anyway. */
const takeOverWaitMs = 3_000;

/**
 * The installable shop's page side (decision 048), started once the page is live, from its own chunk
 * (nothing here is in the script a page needs first):
 * - registers /sw.js;
 * - looks for a new build when the shopper navigates or comes back to the tab, at most once a minute;
 * - once a new build's worker waits, the next navigation lets it take over and loads the new
 *   address whole: the new page runs the new build's scripts only, never a mix;
 * - when someone signs out, the pages kept for offline reading are dropped with their session.
 */
export async function startServiceWorker(router: NavigationSource, store: AppStore): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const registration = (await navigator.serviceWorker.register('/sw.js', { scope: '/' })) as ServiceWorkerRegistration | undefined;
  // A browser that keeps service workers out (an enterprise policy, a test harness) may answer nothing.
  if (!registration) return;

  let lastCheck = Date.now();
  const lookForUpdate = () => {
    if (Date.now() - lastCheck < updateCheckMs) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  };

  /** Lets a waiting new build take over, then loads `href` whole; false when none waits. */
  const switchTo = (href: string): boolean => {
    const waiting = registration.waiting;
    if (!waiting || !navigator.serviceWorker.controller) return false;
    let gone = false;
    const go = () => {
      if (gone) return;
      gone = true;
      window.location.assign(href);
    };
    navigator.serviceWorker.addEventListener('controllerchange', go, { once: true });
    setTimeout(go, takeOverWaitMs);
    waiting.postMessage({ type: 'SKIP_WAITING' });
    return true;
  };

  // A link followed while a new build waits becomes a whole load of its address; before the
  // router's own handler (this listens in the capture phase on the document, above React's root).
  document.addEventListener(
    'click',
    (event) => {
      if (!registration.waiting || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (switchTo(url.href)) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );

  // Any other navigation (a form sent, a redirect): once the router has moved, the new build loads the address again.
  let address = window.location.href;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || window.location.href === address) return;
    address = window.location.href;
    if (!switchTo(address)) lookForUpdate();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') lookForUpdate();
  });

  // Signed out: the pages kept for reading offline go (they were the same for everyone, but a
  // shared phone should not keep what its last visitor read).
  let signedIn = store.getState().user.user !== null;
  store.subscribe(() => {
    const now = store.getState().user.user !== null;
    if (signedIn && !now) void caches.delete(offlineCaches.pages);
    signedIn = now;
  });
}
