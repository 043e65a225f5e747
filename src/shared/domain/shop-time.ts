import { numberLocale } from './currency.js';
import { cachedIntl } from './intl-cache.js';

/**
 * The shop's calendar days are Egypt's (Africa/Cairo: UTC+2, UTC+3 in summer since 2023). Egypt's
 * offsets are whole hours and its clock changes on the hour, so every UTC hour falls inside one
 * Cairo day: figures can be summed per UTC hour in SQL (same on SQLite and PostgreSQL) and the
 * hours assigned to Cairo days here, with the tz database deciding the offset.
 */
export const shopTimeZone = 'Africa/Cairo';

/**
 * An instant (ISO string, Date or epoch ms) as the shop's clock shows it: Cairo time, in the
 * language's words and Latin digits (numberLocale), with `options` choosing the parts.
 */
export function formatShopTime(at: string | Date | number, lng: string, options: Intl.DateTimeFormatOptions): string {
  const locale = numberLocale(lng);
  const format = cachedIntl(`time|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: shopTimeZone }));
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const HOUR = 3_600_000;

/** The Cairo calendar day (`YYYY-MM-DD`) of an instant. */
export function shopDay(at: Date | number): string {
  return dayFormat.format(at);
}

/** The `n` Cairo days ending with the one holding `now`, oldest first (`YYYY-MM-DD`). */
export function lastShopDays(now: Date, n: number): string[] {
  const [y, m, d] = shopDay(now).split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i--) days.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return days;
}

/** The first instant (UTC) of a Cairo day `YYYY-MM-DD`: its midnight, or 01:00 when DST starts then. */
export function shopDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  // Cairo is 2 or 3 hours ahead, so the day starts 3, 2 or (on a DST morning) 1 hour before UTC midnight.
  for (const back of [3, 2, 1]) {
    const at = utcMidnight - back * HOUR;
    if (shopDay(at) === day) return new Date(at);
  }
  return new Date(utcMidnight);
}
