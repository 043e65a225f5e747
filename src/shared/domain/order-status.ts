/** The life of an order (issue 4): one state machine, used by the server and the admin UI. */
export const orderStatuses = ['awaiting_payment', 'pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'refused', 'returned'] as const;
export type OrderStatusValue = (typeof orderStatuses)[number];

/**
 * The moves an admin may make. An order paid online waits in `awaiting_payment` until its payment
 * moves it (payments.ts): paid → `confirmed`, switched to cash on delivery → `pending`, expired →
 * `cancelled`; by hand it can only be cancelled. A shipped parcel ends delivered, refused at the
 * door, or returned to the shop by the courier (issue 33, decision 042); a return after delivery is
 * the returns flow's, not a status move, so `delivered` ends here (older `returned` rows, which came
 * from delivered orders, still display).
 */
const next: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  awaiting_payment: ['cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'refused', 'returned'],
  delivered: [],
  cancelled: [],
  refused: [],
  returned: [],
};

/** The statuses an order in `from` may move to, in the order the admin sees them. */
export function allowedTransitions(from: OrderStatusValue): readonly OrderStatusValue[] {
  return next[from];
}

/** True when an admin may move an order from `from` to `to`. */
export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return next[from].includes(to);
}

/** Where a payment moves an order waiting for it: received → confirmed, cash on delivery chosen instead → pending. */
export const statusAfterPayment = { paid: 'confirmed', switchedToCod: 'pending', expired: 'cancelled' } as const satisfies Record<string, OrderStatusValue>;

/** Outcomes of a parcel that came back undelivered: the courier's reason is required with them. */
export const undeliveredStatuses = ['refused', 'returned'] as const satisfies readonly OrderStatusValue[];

/** True for a parcel that came back (refused at the door, returned to the shop by the courier). */
export function isUndelivered(status: OrderStatusValue): status is (typeof undeliveredStatuses)[number] {
  return (undeliveredStatuses as readonly string[]).includes(status);
}

/** Cancelling, a refused parcel and a parcel returned to the shop give the stock back (once: `stock_restored`). */
export function restoresStock(to: OrderStatusValue): boolean {
  return to === 'cancelled' || isUndelivered(to);
}

/** Orders that did not become a sale: no revenue, their promotions' uses given back (decision 042). */
export function endsUnsold(to: OrderStatusValue): boolean {
  return to === 'cancelled' || isUndelivered(to);
}

/** True when `value` is an order status. */
export function isOrderStatus(value: unknown): value is OrderStatusValue {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
