// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { settledStore } from './test-store';

const NodeRequest = globalThis.Request;
/** Node's Request wants absolute URLs; the app's base query asks for `/api/...` as a browser would. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}
afterEach(() => vi.unstubAllGlobals());

/** A signed-in staff member's store whose next API call is answered `status` with `code`. */
async function storeAnswering(status: number, code: string) {
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code, message: code } }), { status, headers: { 'content-type': 'application/json' } })),
  );
  return settledStore({ id: 9, name: 'Mona Adel', email: 'mona@nasma.test', phone: null, role: 'orders' });
}

describe('a session the server ended', () => {
  it('signs the browser out at the next request answered 401 unauthenticated (removed from the staff, role changed)', async () => {
    const store = await storeAnswering(401, 'unauthenticated');
    await store.dispatch(api.endpoints.getSettings.initiate());
    expect(store.getState().user.user).toBeNull();
  });

  it('keeps the user on a wrong password (401 bad_credentials) and on a refusal (403 forbidden)', async () => {
    for (const [status, code] of [
      [401, 'bad_credentials'],
      [403, 'forbidden'],
    ] as const) {
      const store = await storeAnswering(status, code);
      await store.dispatch(api.endpoints.getSettings.initiate());
      expect(store.getState().user.user?.email, code).toBe('mona@nasma.test');
    }
  });
});
