import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// `lib/storage` renders a blank page in a Vite production build; the ES module works.
import storage from 'redux-persist/es/storage';
import { api } from './api';
import { toastListener } from './toast-listener';
import { rootReducer } from './root-reducer';

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
        .prepend(toastListener.middleware)
        .concat(api.middleware),
  });
  // redux-persist 6 reads `manualPersist` but its types omit it.
  const persistor = persistStore(store, { manualPersist } as Parameters<typeof persistStore>[1]);
  return { store, persistor };
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
