import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import * as rules from '../../../shared/domain/cart';
import type { CartItem, CartProduct } from '../../../shared/domain/cart';
import { hydrateApi } from '../../app/api';

export interface CartState {
  cartItems: CartItem[];
}

export interface AddToCartPayload {
  product: CartProduct;
  quantity?: number;
  selectedProductColor?: string | null;
  selectedProductSize?: string | null;
  /** Generated in `prepare` so the reducer stays pure. */
  cartItemId: string;
}

const initialState: CartState = { cartItems: [] };

/** Cart reducers: each one calls the shared cart rules; toasts are fired by the listener. */
const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addToCart: {
      reducer(state, action: PayloadAction<AddToCartPayload>) {
        const { cartItemId, ...input } = action.payload;
        state.cartItems = rules.addToCart(state.cartItems, input, () => cartItemId);
      },
      prepare(input: Omit<AddToCartPayload, 'cartItemId'>) {
        return { payload: { ...input, cartItemId: nanoid() } };
      },
    },
    decreaseQuantity(state, action: PayloadAction<string>) {
      state.cartItems = rules.decreaseQuantity(state.cartItems, action.payload);
    },
    setQuantity(state, action: PayloadAction<{ cartItemId: string; quantity: number }>) {
      state.cartItems = rules.setQuantity(state.cartItems, action.payload.cartItemId, action.payload.quantity);
    },
    removeFromCart(state, action: PayloadAction<string>) {
      state.cartItems = rules.removeFromCart(state.cartItems, action.payload);
    },
    clearCart(state) {
      state.cartItems = rules.clearCart();
    },
    /** Replaces the display cache with the server's current products (prices, stock). */
    refreshCart(state, action: PayloadAction<CartProduct[]>) {
      state.cartItems = rules.refreshCartProducts(state.cartItems, action.payload);
    },
  },
  extraReducers: (builder) => {
    // A page the server rendered from the cart cookie (/cart, /checkout: decision 025) starts from
    // the same lines, so hydration matches; the stored cart replaces them once it is back.
    builder.addMatcher(hydrateApi.match, (state, action) => (action.payload as { cart?: CartState }).cart ?? state);
  },
});

export const { addToCart, decreaseQuantity, setQuantity, removeFromCart, clearCart, refreshCart } = cartSlice.actions;
export default cartSlice.reducer;
