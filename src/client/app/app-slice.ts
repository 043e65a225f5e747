import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Not persisted: a full-screen preloader shows while `isLoading` is true; `sessionChecked` turns
 * true once `GET /api/auth/me` has answered, so guards never act on a stale persisted user.
 */
const appSlice = createSlice({
  name: 'app',
  initialState: { isLoading: false, sessionChecked: false },
  reducers: {
    setLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
    setSessionChecked(state) {
      state.sessionChecked = true;
    },
  },
});

export const { setLoading, setSessionChecked } = appSlice.actions;
export default appSlice.reducer;
