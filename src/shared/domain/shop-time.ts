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

const cairoStamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: shopTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** Cairo's offset from UTC (ms) in each UTC hour met so far; a year of orders is 8,760 entries. */
const cairoOffsets = new Map<number, number>();

/**
 * `YYYY-MM-DD HH:mm`, Cairo time: what a spreadsheet sorts and a merchant reads. Cairo's offset is
 * whole hours and changes on the hour (above), so the time-zone database is asked once per
 * UTC hour, not once per row: a million rows took 16 s of formatting the other way.
 */
export function shopDateTime(iso: string): string {
  const at = Date.parse(iso);
  const hour = Math.floor(at / HOUR) * HOUR;
  let offset = cairoOffsets.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(cairoStamp.formatToParts(new Date(hour)).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - hour;
    if (cairoOffsets.size > 100_000) cairoOffsets.clear();
    cairoOffsets.set(hour, offset);
  }
  const local = new Date(at + offset).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/**
 * The instant a Cairo wall-clock time names (`YYYY-MM-DDTHH:mm`, as a datetime-local field gives
 * it), as an ISO string; null when the text is not such a time. In the hour skipped when summer
 * time starts, the later offset is taken.
 */
export function shopLocalToInstant(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== d) return null;
  // Cairo is 2 or 3 hours ahead: the instant whose Cairo time reads `local`.
  for (const ahead of [3, 2]) {
    const at = wall - ahead * HOUR;
    if (shopDateTime(new Date(at).toISOString()) === `${local.slice(0, 10)} ${local.slice(11, 16)}`) return new Date(at).toISOString();
  }
  return new Date(wall - 2 * HOUR).toISOString();
}

/** An instant as a Cairo datetime-local value (`YYYY-MM-DDTHH:mm`), for the admin's date fields. */
export function shopLocalOf(iso: string): string {
  return shopDateTime(iso).replace(' ', 'T');
}
