import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Not persisted: a full-screen preloader shows while `isLoading` is true. */
const appSlice = createSlice({
  name: 'app',
  initialState: { isLoading: false },
  reducers: {
    setLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
  },
});

export const { setLoading } = appSlice.actions;
export default appSlice.reducer;
