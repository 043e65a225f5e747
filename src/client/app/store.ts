import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { api } from './api';
import { toastMiddleware } from './toast-listener';
import { sessionExpiryMiddleware } from './session-expiry';
import { actionTapMiddleware } from './action-taps';
import { rootReducer } from './root-reducer';

/**
 * redux-persist's localStorage adapter, loaded when the stored state is first read (on a
 * server-rendered page, after hydration), not with the app. `lib/storage` renders a blank page in a
 * Vite production build; the ES module works.
 */
let webStorage: Promise<Storage> | null = null;
const local = () => (webStorage ??= import('redux-persist/es/storage').then((m) => m.default as Storage));
const storage: Storage = {
  getItem: (key: string) => local().then((s) => s.getItem(key)),
  setItem: (key: string, value: string) => local().then((s) => s.setItem(key, value)),
  removeItem: (key: string) => local().then((s) => s.removeItem(key)),
};

/** Shopper state survives a reload under the key `flone`; loading flag, checkout submission and API cache do not. */
export const persistConfig = {
  key: 'flone',
  version: 1.1,
  storage,
  blacklist: ['app', 'checkout', api.reducerPath],
  timeout: 5000,
};

/**
 * `manualPersist`: a page the server rendered is hydrated with the server's state first, and the
 * shopper's stored state (cart, currency...) comes back right after, by `persistor.persist()`.
 */
export function makeStore({ manualPersist = false } = {}) {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(toastMiddleware)
        .concat(api.middleware, sessionExpiryMiddleware, actionTapMiddleware),
  });
  // redux-persist 6 reads `manualPersist` but its types omit it.
  const persistor = persistStore(store, { manualPersist } as Parameters<typeof persistStore>[1]);
  return { store, persistor };
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
