/** The life of an order (issue 4): one state machine, used by the server and the admin UI. */
export const orderStatuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatusValue = (typeof orderStatuses)[number];

const next: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

/** The statuses an order in `from` may move to, in the order the admin sees them. */
export function allowedTransitions(from: OrderStatusValue): readonly OrderStatusValue[] {
  return next[from];
}

export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return next[from].includes(to);
}

/** Cancelling gives the stock back (once); a return is handled by the merchant by hand. */
export function restoresStock(to: OrderStatusValue): boolean {
  return to === 'cancelled';
}

export function isOrderStatus(value: unknown): value is OrderStatusValue {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
