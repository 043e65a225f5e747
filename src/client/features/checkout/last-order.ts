import type { PlacedOrder } from '../../app/api';

const KEY = 'last-order';

/** The placed order's private page, `/order/:number?token=…` (no account needed). */
export const orderPath = (placed: PlacedOrder): string => `/order/${encodeURIComponent(placed.order.number)}?token=${encodeURIComponent(placed.accessToken)}`;

/** Keeps the order just placed for this tab, so the success page survives a reload. */
export function rememberOrder(placed: PlacedOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(placed));
  } catch {
    /* storage full or disabled: the page still has the navigation state */
  }
}

export function lastOrder(): PlacedOrder | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PlacedOrder | null;
  } catch {
    return null;
  }
}
