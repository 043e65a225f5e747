import { formatShopTime } from '../../../shared/domain/shop-time';

/** When a message came, in the shop's zone: short in the list, with year and weekday when read. */
export const when = (iso: string, lng: string, long = false) =>
  formatShopTime(iso, lng, {
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric', weekday: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  });
