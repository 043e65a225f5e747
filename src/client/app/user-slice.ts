import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../../shared/schemas/auth';

export type { SessionUser };

/**
 * A mirror of the server session, app-wide state (the header and guards read it), kept in `app` so
 * the storefront's first script holds nothing of the account feature; the server decides who is
 * signed in and with which role.
 */
export interface UserState {
  user: SessionUser | null;
}

const userSlice = createSlice({
  name: 'user',
  initialState: { user: null } as UserState,
  reducers: {
    setUser(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
    },
  },
});

export const { setUser } = userSlice.actions;
export default userSlice.reducer;
