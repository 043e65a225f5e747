import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PromotionRule } from '../../../shared/domain/promotions';

/**
 * The promotion code the shopper applied and its offer as the server described it: quoted with the
 * cart until it is removed or an order is placed with it. Checkout sends the code and the server
 * decides again. Kept with the shopper's stored state, as the cart is.
 */
export interface PromotionsState {
  coupon: { code: string; rule: PromotionRule } | null;
}

const initialState: PromotionsState = { coupon: null };

const promotionsSlice = createSlice({
  name: 'promotions',
  initialState,
  reducers: {
    /** The server accepted the code for the cart: its offer joins the cart's quote. */
    couponApplied(state, action: PayloadAction<{ code: string; rule: PromotionRule }>) {
      state.coupon = action.payload;
    },
    couponRemoved(state) {
      state.coupon = null;
    },
  },
});

export const { couponApplied, couponRemoved } = promotionsSlice.actions;
export default promotionsSlice.reducer;
