/** The life of an order (issue 4): one state machine, used by the server and the admin UI. */
export const orderStatuses = ['awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatusValue = (typeof orderStatuses)[number];

/**
 * The moves an admin may make. An order paid online waits in `awaiting_payment` until its payment
 * moves it (payments.ts): paid → `confirmed`, switched to cash on delivery → `pending`, expired →
 * `cancelled`; by hand it can only be cancelled.
 */
const next: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  awaiting_payment: ['cancelled'],
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

/** Where a payment moves an order waiting for it: received → confirmed, cash on delivery chosen instead → pending. */
export const statusAfterPayment = { paid: 'confirmed', switchedToCod: 'pending', expired: 'cancelled' } as const satisfies Record<string, OrderStatusValue>;

/** Cancelling gives the stock back (once); a return is handled by the merchant by hand. */
export function restoresStock(to: OrderStatusValue): boolean {
  return to === 'cancelled';
}

export function isOrderStatus(value: unknown): value is OrderStatusValue {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
