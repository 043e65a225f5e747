import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as rules from '../../../shared/domain/wishlist';
import type { CartProduct } from '../../../shared/domain/cart';

export interface WishlistState {
  wishlistItems: CartProduct[];
}

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: { wishlistItems: [] } as WishlistState,
  reducers: {
    addToWishlist(state, action: PayloadAction<CartProduct>) {
      state.wishlistItems = rules.addToWishlist(state.wishlistItems, action.payload).list;
    },
    removeFromWishlist(state, action: PayloadAction<number>) {
      state.wishlistItems = rules.removeFromWishlist(state.wishlistItems, action.payload);
    },
    clearWishlist(state) {
      state.wishlistItems = rules.clearWishlist();
    },
  },
});

export const { addToWishlist, removeFromWishlist, clearWishlist } = wishlistSlice.actions;
export default wishlistSlice.reducer;
