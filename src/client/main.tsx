import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import './styles.css';
import { initI18n } from './app/i18n';
import { makeStore } from './app/store';
import { api } from './app/api';
import { router } from './app/router';
import { Preloader } from './components/ui/preloader';

initI18n();
const { store, persistor } = makeStore();
// The one action dispatched at start: fetch the shop's settings (name, phone, currency rates).
void store.dispatch(api.util.prefetch('getSettings', undefined, {}));

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
