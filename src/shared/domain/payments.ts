/**
 * How an order is paid (issue 29, decision 036): cash on delivery, or online through Paymob by
 * card, mobile wallet or a kiosk code. One state machine for the order's payment, beside the
 * order's status (order-status.ts): the server moves it, the order page and the admin show it.
 */

/** The ways a shopper may pay; an online one is offered only when the shop has it configured. */
export const paymentMethods = ['cod', 'card', 'wallet', 'kiosk'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const onlineMethods = ['card', 'wallet', 'kiosk'] as const;
export type OnlineMethod = (typeof onlineMethods)[number];

export const isOnlineMethod = (method: string): method is OnlineMethod => (onlineMethods as readonly string[]).includes(method);

/**
 * The payment of an order. `cod`: the courier collects cash (nothing is paid online).
 * `awaiting_payment`: sent to Paymob, stock held until the payment's deadline.
 * `payment_failed`: the bank declined; the shopper may try again or switch to cash on delivery.
 * `expired`: not paid in time, the order cancelled and its stock given back.
 * `paid`, `partially_refunded`, `refunded`: money received, then given back in part or whole.
 */
export const paymentStates = ['cod', 'awaiting_payment', 'payment_failed', 'paid', 'expired', 'partially_refunded', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** Something the merchant must look at: money arrived for an order whose stock was already released, or an order paid twice. */
export const paymentFlags = ['paid_after_expiry', 'paid_twice'] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

/** What happened to an order's payment; `nextPaymentState` says where it leads. */
export type PaymentEvent =
  | { kind: 'succeeded' }
  | { kind: 'failed' }
  | { kind: 'expired' }
  | { kind: 'retried' }
  | { kind: 'switched_to_cod' }
  | { kind: 'refunded'; amount: number; refundedBefore: number; total: number };

/** Whether the order is still waiting for its money (a new attempt may start, or cash on delivery be chosen). */
export const isUnpaid = (state: PaymentState): boolean => state === 'awaiting_payment' || state === 'payment_failed';

/** Whether money was received and not all of it given back: what a refund may take from. */
export const isRefundable = (state: PaymentState): boolean => state === 'paid' || state === 'partially_refunded';

/**
 * The state an event moves a payment to, or null when it moves nothing (a repeated or late answer:
 * the caller records it and changes nothing). A success after expiry still records the money
 * (`paid`); the caller flags the order, since its stock was given back.
 */
export function nextPaymentState(from: PaymentState, event: PaymentEvent): PaymentState | null {
  switch (event.kind) {
    case 'succeeded':
      return isUnpaid(from) || from === 'expired' || from === 'cod' ? 'paid' : null;
    case 'failed':
      return from === 'awaiting_payment' ? 'payment_failed' : null;
    case 'expired':
      return isUnpaid(from) ? 'expired' : null;
    case 'retried':
      return isUnpaid(from) ? 'awaiting_payment' : null;
    case 'switched_to_cod':
      return isUnpaid(from) ? 'cod' : null;
    case 'refunded': {
      if (!isRefundable(from) || event.amount <= 0 || event.refundedBefore + event.amount > event.total) return null;
      return event.refundedBefore + event.amount === event.total ? 'refunded' : 'partially_refunded';
    }
  }
}

/** Whether the money was received online, whether or not some or all of it went back since (the dashboard's "paid online"). */
export const wasPaidOnline = (state: PaymentState): boolean => isRefundable(state) || state === 'refunded';

/** The amount (piastres) a refund may still give back of an order's total. */
export const refundableAmount = (state: PaymentState, total: number, refunded: number): number => (isRefundable(state) ? Math.max(0, total - refunded) : 0);

/** The flag a success raises: money for an order already expired, or a second payment of one already paid. */
export function flagOfSuccess(from: PaymentState): PaymentFlag | null {
  if (from === 'expired') return 'paid_after_expiry';
  if (from === 'paid' || from === 'partially_refunded' || from === 'refunded') return 'paid_twice';
  return null;
}
