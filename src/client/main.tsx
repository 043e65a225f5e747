import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { matchRoutes, RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import './styles.css';
import { initI18n } from './app/i18n';
import { makeStore } from './app/store';
import { api } from './app/api';
import { router, routes } from './app/router';
import { Preloader } from './components/ui/preloader';
import { refreshSession } from './features/account/session';

initI18n();
const { store, persistor } = makeStore();
// The persisted user is only a mirror: ask the server once the stored state is back.
const unsubscribe = persistor.subscribe(() => {
  if (!persistor.getState().bootstrapped) return;
  unsubscribe();
  void refreshSession(store.dispatch);
});
// The one action dispatched at start: fetch the shop's settings (name, phone, currency rates).
void store.dispatch(api.util.prefetch('getSettings', undefined, {}));

// Start downloading the first page's chunk now, alongside the translations, instead of after them.
for (const match of matchRoutes(routes, window.location) ?? []) {
  const lazy = match.route.lazy;
  if (typeof lazy === 'function') void lazy().catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<Preloader />} persistor={persistor}>
        <Suspense fallback={<Preloader />}>
          <RouterProvider router={router} />
        </Suspense>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
