import type { PlacedOrder } from '../../app/api';

const KEY = 'last-order';

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
