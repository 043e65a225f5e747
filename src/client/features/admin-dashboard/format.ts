import { numberLocale } from '../../../shared/domain/currency';
import { formatShopTime } from '../../../shared/domain/shop-time';

/** `YYYY-MM-DD` (a Cairo day) as a short label such as `12 Nov`, Latin digits in Arabic too. */
export function dayLabel(day: string, lng: string, long = false): string {
  return new Intl.DateTimeFormat(numberLocale(lng), {
    day: 'numeric',
    month: long ? 'long' : 'short',
    ...(long ? { weekday: 'long', year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T00:00:00Z`));
}

/** An instant as Cairo date and time, e.g. `12 Nov, 14:05`. */
export function dateTime(iso: string, lng: string): string {
  return formatShopTime(iso, lng, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A plain count with grouping, Latin digits. */
export function count(n: number, lng: string): string {
  return new Intl.NumberFormat(numberLocale(lng)).format(n);
}
