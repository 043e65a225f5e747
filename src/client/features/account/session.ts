import type { SessionUser } from '../../../shared/schemas/auth';
import { setSessionChecked } from '../../app/app-slice';
import { isApiFailure, type ApiFailure } from '../../app/api-failure';
import type { AppDispatch } from '../../app/store';
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

/** One JSON request to our API with the error shape unpacked; throws ApiFailure on non-2xx. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw { status: 0, code: 'network', fields: {} } satisfies ApiFailure;
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as { error?: { code?: string; fields?: Record<string, string> } };
  if (!res.ok) throw { status: res.status, code: data.error?.code ?? 'server', fields: data.error?.fields ?? {} } satisfies ApiFailure;
  return data as T;
}

export { isApiFailure, type ApiFailure };
