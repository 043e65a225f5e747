import type { ApiFailure } from './api-failure';

/**
 * One JSON request to our API with the error shape unpacked; throws ApiFailure on non-2xx. For the
 * app's own wiring only: features and components call RTK Query endpoints (lint refuses this import there).
 */
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
  const data = (await res.json().catch(() => ({}))) as { error?: { code?: string; fields?: Record<string, string>; details?: unknown } };
  if (!res.ok)
    throw { status: res.status, code: data.error?.code ?? 'server', fields: data.error?.fields ?? {}, details: data.error?.details } satisfies ApiFailure;
  return data as T;
}
