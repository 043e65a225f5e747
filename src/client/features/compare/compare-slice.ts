import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as rules from '../../../shared/domain/compare';
import type { ProductSummary as Product } from '../../../shared/schemas/product';

export interface CompareState {
  compareItems: Product[];
}

const compareSlice = createSlice({
  name: 'compare',
  initialState: { compareItems: [] } as CompareState,
  reducers: {
    addToCompare(state, action: PayloadAction<Product>) {
      state.compareItems = rules.addToCompare(state.compareItems, action.payload).list;
    },
    removeFromCompare(state, action: PayloadAction<number>) {
      state.compareItems = rules.removeFromCompare(state.compareItems, action.payload);
    },
  },
});

export const { addToCompare, removeFromCompare } = compareSlice.actions;
export default compareSlice.reducer;
