// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { makeStore } from './store';
import { setUser } from './user-slice';

const NodeRequest = globalThis.Request;
/** Node's Request wants absolute URLs; the app's base query asks for `/api/...` as a browser would. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}
afterEach(() => vi.unstubAllGlobals());

/** A signed-in staff member's store whose next API call is answered `status` with `code`. */
function storeAnswering(status: number, code: string) {
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code, message: code } }), { status, headers: { 'content-type': 'application/json' } })),
  );
  const { store } = makeStore();
  store.dispatch(setUser({ id: 9, name: 'Mona Adel', email: 'mona@nasma.test', phone: null, role: 'orders' }));
  return store;
}

describe('a session the server ended', () => {
  it('signs the browser out at the next request answered 401 unauthenticated (removed from the staff, role changed)', async () => {
    const store = storeAnswering(401, 'unauthenticated');
    await store.dispatch(api.endpoints.getSettings.initiate());
    expect(store.getState().user.user).toBeNull();
  });

  it('keeps the user on a wrong password (401 bad_credentials) and on a refusal (403 forbidden)', async () => {
    for (const [status, code] of [
      [401, 'bad_credentials'],
      [403, 'forbidden'],
    ] as const) {
      const store = storeAnswering(status, code);
      await store.dispatch(api.endpoints.getSettings.initiate());
      expect(store.getState().user.user?.email, code).toBe('mona@nasma.test');
    }
  });
});
