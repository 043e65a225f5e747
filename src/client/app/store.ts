import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// `lib/storage` renders a blank page in a Vite production build; the ES module works.
import storage from 'redux-persist/es/storage';
import appReducer from './app-slice';
import { api } from './api';
import { toastListener } from './toast-listener';
import cartReducer from '../features/cart/cart-slice';
import wishlistReducer from '../features/wishlist/wishlist-slice';
import compareReducer from '../features/compare/compare-slice';
import currencyReducer from '../features/currency/currency-slice';
import userReducer from '../features/account/user-slice';

const rootReducer = combineReducers({
  app: appReducer,
  cart: cartReducer,
  wishlist: wishlistReducer,
  compare: compareReducer,
  currency: currencyReducer,
  user: userReducer,
  [api.reducerPath]: api.reducer,
});

/** Shopper state survives a reload under the key `flone`; loading flag and API cache do not. */
export const persistConfig = {
  key: 'flone',
  version: 1.1,
  storage,
  blacklist: ['app', api.reducerPath],
  timeout: 5000,
};

export function makeStore() {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(toastListener.middleware)
        .concat(api.middleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
