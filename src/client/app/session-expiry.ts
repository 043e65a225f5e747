import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { setUser, type UserState } from './user-slice';

/**
 * Forgets the signed-in user when the server says their session is gone (401 `unauthenticated` on
 * any API call): it ended elsewhere, or the owner removed them from the staff or changed their
 * role, which ends every session of theirs at once (issue 32). The admin then shows its sign-in
 * form and an account page its signed-out state, at the next request rather than the next reload.
 * A wrong password is also a 401, with another code (`bad_credentials`), and signs nobody out.
 */
export const sessionExpiryMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (isRejectedWithValue(action)) {
    const failure = action.payload as { status?: unknown; data?: { error?: { code?: unknown } } } | undefined;
    const signedIn = (store.getState() as { user: UserState }).user.user !== null;
    if (signedIn && failure?.status === 401 && failure.data?.error?.code === 'unauthenticated') store.dispatch(setUser(null));
  }
  return result;
};
