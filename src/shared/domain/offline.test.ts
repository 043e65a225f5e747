import { describe, expect, it } from 'vitest';
import { isShellPage, mayKeepPage } from './offline';

const answer = (status: number, cacheControl: string | null) => ({
  status,
  headers: { get: (name: string) => (name === 'cache-control' ? cacheControl : null) },
});

describe('what the service worker keeps', () => {
  it('keeps a page the same for everyone, never a personal one or a failure', () => {
    expect(mayKeepPage(answer(200, 'no-cache'))).toBe(true);
    expect(mayKeepPage(answer(200, null))).toBe(true);
    expect(mayKeepPage(answer(200, 'private, no-store'))).toBe(false);
    expect(mayKeepPage(answer(200, 'no-store'))).toBe(false);
    expect(mayKeepPage(answer(404, 'no-cache'))).toBe(false);
    expect(mayKeepPage(answer(503, null))).toBe(false);
  });

  it('opens the browser’s own pages from the shell, and the admin, but not the catalogue', () => {
    for (const path of ['/cart', '/checkout', '/wishlist', '/compare', '/my-account', '/login-register', '/admin', '/admin/orders/4'])
      expect(isShellPage(path), path).toBe(true);
    for (const path of ['/', '/product/12', '/shop-grid-standard', '/order/N-1', '/cartography', '/administration'])
      expect(isShellPage(path), path).toBe(false);
  });
});
