import type { SessionUser } from '../../shared/schemas/auth';
import { setSessionChecked } from './app-slice';
import type { AppDispatch } from './store';
import { setUser } from './user-slice';

/** Asks the server who is signed in and mirrors the answer; a network failure keeps what we had. */
export async function refreshSession(dispatch: AppDispatch): Promise<void> {
  try {
    const res = await fetch('/api/auth/me', { credentials: 'same-origin' });
    if (res.ok) dispatch(setUser(((await res.json()) as { user: SessionUser | null }).user));
  } catch {
    /* offline: the guards fall back on the persisted mirror, the server still decides */
  } finally {
    dispatch(setSessionChecked());
  }
}
