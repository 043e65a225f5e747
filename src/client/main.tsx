import { startTransition, StrictMode, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import './styles.css';
import { initI18n } from './app/i18n';
import { I18nProvider } from './app/i18n-view';
import { makeStore } from './app/store';
import { api, hydrateApi } from './app/api';
import { isAdminPath, shopRoutes, withAdmin } from './app/router';
import { Preloader } from './components/ui/preloader';
import { refreshSession } from './app/session';
import { mirrorCartToCookie } from './features/cart/cart-cookie-mirror';
import type { NavigationSource } from './app/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A page the server rendered carries its language and the API answers it used (src/server/ssr.ts).
const serverState = document.getElementById('server-state');
const serverLanguage = root.dataset.lng;

type Shop = ReturnType<typeof makeStore>;
let store: Shop['store'];
let persistor: Shop['persistor'];

/** The admin's route table, its own chunk (app/admin/routes.tsx). */
const adminRoute = async () => (await import('./app/admin/routes')).adminRoute;

/**
 * A new task: on a slow phone each step of the start is its own short task, so a tap or a frame
 * can come in between (Lighthouse's Total Blocking Time counts what a task runs over 50 ms).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The store, translations and the first page's chunk; returns what the first render waits for. */
async function setUp(): Promise<[Awaited<ReturnType<typeof initI18n>>, RouteObject[]]> {
  const i18nReady = initI18n();
  ({ store, persistor } = makeStore({ manualPersist: Boolean(serverState) }));
  // The persisted user is only a mirror: ask the server once the stored state is back.
  const unsubscribe = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    mirrorCartToCookie(store);
    void refreshSession(store.dispatch);
  });
  // Start downloading the first page's chunk now, alongside the translations, instead of after
  // them; once loaded, the route is resolved in place so the router starts (or hydrates) at once.
  const table = isAdminPath(window.location.pathname) ? adminRoute().then(withAdmin) : Promise.resolve(shopRoutes);
  const firstPage = table.then((routes) =>
    Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    ),
  );
  await nextTask();
  if (serverState) store.dispatch(hydrateApi(JSON.parse(serverState.textContent ?? '{}')));
  // The one action dispatched at start: fetch the shop's settings (name, phone, currency rates).
  void store.dispatch(api.util.prefetch('getSettings', undefined, {}));
  const [i18n, routes] = await Promise.all([i18nReady, table, firstPage.catch(() => undefined)]);
  return [i18n, routes];
}

// Without a server-rendered page, persistStore has already started restoring.
let restoring = !serverState;
function restoreStoredState(): void {
  if (restoring) return;
  restoring = true;
  persistor.persist();
}

/**
 * Rendered inside the app's Suspense boundary, so its effect runs once the page itself is on screen
 * (for a server-rendered page: hydrated). Then the shopper's stored state comes back, and the
 * document says the shop is live (`<html data-live>`): public/boot.js then repeats a button press
 * made before, and browser tests wait for it before clicking.
 */
function WhenLive({ onLive }: { onLive: () => void }) {
  useEffect(() => {
    // Live once the stored cart is back too: a press made now must add to it, not replace it.
    const markLive = () => {
      document.documentElement.dataset.live = 'true';
      onLive();
    };
    if (persistor.getState().bootstrapped) return markLive();
    const stop = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      stop();
      markLive();
    });
    // In a task of its own: the page it re-renders is not added to hydration's last task.
    const restore = setTimeout(restoreStoredState, 0);
    return () => {
      clearTimeout(restore);
      stop();
    };
  }, [onLive]);
  return null;
}

/**
 * The service worker (app/service-worker.ts), from its own chunk, a few seconds after the page has
 * wholly loaded: on a first visit over a slow link its downloads (the shell for offline use) must
 * not compete with the page's own pictures and scripts. Nothing of it is in the script a page needs
 * first. Production builds only (the development server has no /sw.js).
 */
let offlineStarted = false;
function startOfflineSupport(router: NavigationSource): void {
  if (offlineStarted || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  offlineStarted = true;
  const start = () => setTimeout(() => void import('./app/service-worker').then((m) => m.startServiceWorker(router, store)).catch(() => undefined), 3000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** What redux-persist's PersistGate did, without its module: the preloader until the stored state is back. */
function StoredStateGate({ children }: { children: ReactNode }) {
  const back = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return back ? children : <Preloader />;
}

async function start(): Promise<void> {
  // Evaluating the libraries was one task already: let the browser breathe before setting up.
  await nextTask();
  const [i18n, routes] = await setUp();
  await nextTask();
  let adminAdded = routes !== shopRoutes;
  const router = createBrowserRouter(routes, {
    // The first page's routes are all in the table: it starts (or hydrates) at once, without asking
    // patchRoutesOnNavigation first (react-router asks it before a first page with parameters
    // unless it is given hydration data).
    hydrationData: {},
    // A link into the admin from the storefront brings the admin's routes first.
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (adminAdded || !isAdminPath(path)) return;
      patch(null, [await adminRoute()]);
      adminAdded = true;
    },
  });
  const app = (
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<Preloader />}>
        <RouterProvider router={router} />
        <WhenLive onLive={() => startOfflineSupport(router)} />
      </Suspense>
    </I18nProvider>
  );
  if (serverState && serverLanguage === i18n.resolvedLanguage) {
    // Hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(
        root!,
        <StrictMode>
          <Provider store={store}>{app}</Provider>
        </StrictMode>,
      );
    });
    return;
  }
  // Not hydrating: the stored state is restored first, behind the preloader, as on any other page.
  restoreStoredState();
  createRoot(root!).render(
    <StrictMode>
      <Provider store={store}>
        <StoredStateGate>{app}</StoredStateGate>
      </Provider>
    </StrictMode>,
  );
}

void start();
