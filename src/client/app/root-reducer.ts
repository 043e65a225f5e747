import { combineReducers } from '@reduxjs/toolkit';
import appReducer from './app-slice';
import { api } from './api';
import cartReducer from '../features/cart/cart-slice';
import wishlistReducer from '../features/wishlist/wishlist-slice';
import compareReducer from '../features/compare/compare-slice';
import currencyReducer from './currency-slice';
import userReducer from './user-slice';
import checkoutReducer from '../features/checkout/checkout-slice';
import promotionsReducer from '../features/promotions/promotions-slice';

/** The shop's state; the browser's store persists part of it, the server's render starts from it bare. */
export const rootReducer = combineReducers({
  app: appReducer,
  cart: cartReducer,
  wishlist: wishlistReducer,
  compare: compareReducer,
  currency: currencyReducer,
  user: userReducer,
  checkout: checkoutReducer,
  promotions: promotionsReducer,
  [api.reducerPath]: api.reducer,
});
