import { describe, expect, it } from 'vitest';
import { formatShopTime, lastShopDays, shopDay, shopDayStart } from './shop-time.js';

describe('shop time (Africa/Cairo)', () => {
  it('names the Cairo day of an instant, winter (UTC+2) and summer (UTC+3)', () => {
    expect(shopDay(new Date('2026-01-10T21:59:59Z'))).toBe('2026-01-10');
    expect(shopDay(new Date('2026-01-10T22:00:00Z'))).toBe('2026-01-11');
    expect(shopDay(new Date('2026-07-10T20:59:59Z'))).toBe('2026-07-10');
    expect(shopDay(new Date('2026-07-10T21:00:00Z'))).toBe('2026-07-11');
  });

  it('finds the first instant of a day', () => {
    expect(shopDayStart('2026-01-11').toISOString()).toBe('2026-01-10T22:00:00.000Z');
    expect(shopDayStart('2026-07-11').toISOString()).toBe('2026-07-10T21:00:00.000Z');
  });

  it('lists the last n days oldest first, across a month end', () => {
    const days = lastShopDays(new Date('2026-03-02T10:00:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-02-01');
    expect(days[29]).toBe('2026-03-02');
    expect(new Set(days).size).toBe(30);
  });
});

describe('formatShopTime', () => {
  it("shows an instant on the Cairo clock, whatever the machine's zone", () => {
    // 22:30 UTC on 31 Dec is already 00:30 on 1 Jan in Cairo (UTC+2 in winter).
    expect(
      formatShopTime('2025-12-31T22:30:00Z', 'en', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    ).toBe('01/01/2026, 00:30');
    expect(formatShopTime('2025-12-31T22:30:00Z', 'ar', { day: 'numeric', month: 'long' })).toBe('1 يناير');
  });
});
