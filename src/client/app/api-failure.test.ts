import { fetchBaseQuery, type BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { failureOf } from './api-failure';

/** The error RTK Query's fetchBaseQuery (the browser's base query) gives for what `fetchFn` answers. */
async function errorFor(fetchFn: () => Promise<Response>): Promise<unknown> {
  const baseQuery = fetchBaseQuery({ baseUrl: 'http://shop.test/api', fetchFn });
  const api = {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: () => {},
    getState: () => ({}),
    extra: undefined,
    endpoint: 'x',
    type: 'mutation',
  };
  const result = await baseQuery({ url: '/contact', method: 'POST', body: {} }, api as unknown as BaseQueryApi, {});
  return result.error;
}

describe('failureOf an RTK Query error', () => {
  it("reads the API's error shape: status, code and field codes", async () => {
    const error = await errorFor(async () => Response.json({ error: { code: 'validation', fields: { email: 'email_invalid' } } }, { status: 400 }));
    expect(failureOf(error)).toEqual({ status: 400, code: 'validation', fields: { email: 'email_invalid' }, details: undefined });
  });

  it("keeps the status of an answer that is not JSON (a proxy's error page), as a server failure", async () => {
    const error = await errorFor(async () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(failureOf(error)).toEqual({ status: 502, code: 'server', fields: {} });
  });

  it('says network when no answer came', async () => {
    const error = await errorFor(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(failureOf(error)).toEqual({ status: 0, code: 'network', fields: {} });
  });
});
