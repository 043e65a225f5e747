// Returns and exchanges (issue 33, decision 043): the rules the shopper's form, the admin's page and
// the server's use cases all read.

export const returnKinds = ['return', 'exchange'] as const;
export type ReturnKind = (typeof returnKinds)[number];

/** A return's life: asked, then decided; an approved parcel is received, then refunded (a return) or exchanged (an exchange). */
export const returnStates = ['requested', 'approved', 'refused', 'received', 'refunded', 'exchanged'] as const;
export type ReturnState = (typeof returnStates)[number];

/** Why the shopper sends it back: a fixed list the merchant can count, with their own words beside it. */
export const returnReasons = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** How money comes back: handed back in cash (recorded), or through the payment provider for an order paid online. */
export const refundMethods = ['cash', 'provider'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Days after delivery a return may be asked, unless the merchant sets another number (0: returns off). */
export const DEFAULT_RETURN_WINDOW_DAYS = 14;
export const MAX_RETURN_WINDOW_DAYS = 365;
export const MAX_RETURN_PHOTOS = 3;
export const RETURN_NOTE_MAX = 500;

const next: Record<ReturnState, readonly ReturnState[]> = {
  requested: ['approved', 'refused'],
  approved: ['received'],
  received: ['refunded', 'exchanged'],
  refused: [],
  refunded: [],
  exchanged: [],
};

/** True when a return of `kind` may move from `from` to `to`: received becomes refunded for a return, exchanged for an exchange. */
export function canMoveReturn(kind: ReturnKind, from: ReturnState, to: ReturnState): boolean {
  if (!next[from].includes(to)) return false;
  if (to === 'refunded') return kind === 'return';
  if (to === 'exchanged') return kind === 'exchange';
  return true;
}

/** True for a state no step leaves. */
export const isClosedReturn = (state: ReturnState): boolean => next[state].length === 0;

/** True when a return in this state holds its lines' quantities (a refused one gives them back to ask again). */
export const holdsQuantities = (state: ReturnState): boolean => state !== 'refused';

/** When the window closes (ms since the epoch): `windowDays` whole days after the delivered moment. */
export function returnWindowEnd(deliveredAt: string | Date, windowDays: number): number {
  return new Date(deliveredAt).getTime() + windowDays * 24 * 60 * 60 * 1000;
}

/** The order as the return rule reads it: its status, when it was delivered, and its lines' quantities. */
export interface ReturnableOrder {
  status: string;
  deliveredAt: string | Date | null;
  lines: ReadonlyArray<{ id: number; quantity: number }>;
}

/** Per order line, the quantity already in a return that is not refused. */
export type TakenQuantities = ReadonlyMap<number, number>;

/** Per order line, how many units may still be asked back (its quantity less those in open or finished returns). */
export function returnableQuantities(order: ReturnableOrder, taken: TakenQuantities): Map<number, number> {
  return new Map(order.lines.map((l) => [l.id, Math.max(0, l.quantity - (taken.get(l.id) ?? 0))]));
}

/** Why a return cannot be asked now, or null when it can. */
export type ReturnRefusal = 'returns_off' | 'not_delivered' | 'window_closed' | 'nothing_left';

/**
 * Whether the order's shopper may ask a return now: returns are on (window > 0), the order is
 * delivered, `now` is within `windowDays` of its delivery, and some unit is not in a return yet.
 */
export function canReturn(order: ReturnableOrder, now: Date, windowDays: number, taken: TakenQuantities): ReturnRefusal | null {
  if (windowDays <= 0) return 'returns_off';
  if (order.status !== 'delivered' || !order.deliveredAt) return 'not_delivered';
  if (now.getTime() >= returnWindowEnd(order.deliveredAt, windowDays)) return 'window_closed';
  for (const left of returnableQuantities(order, taken).values()) if (left > 0) return null;
  return 'nothing_left';
}

/**
 * What the shop refunds for returned units (piastres): each line's paid unit price times the
 * units, never more than is left to give back on the order. Delivery is not refunded by default.
 */
export function returnRefundAmount(lines: ReadonlyArray<{ unitPaid: number; quantity: number }>, leftOnOrder: number): number {
  const due = lines.reduce((sum, l) => sum + l.unitPaid * l.quantity, 0);
  return Math.max(0, Math.min(due, leftOnOrder));
}

/** A return's number: the order's with its sequence on that order (`R-NSM-100001-1`). */
export const returnNumber = (orderNumber: string, sequence: number): string => `R-${orderNumber}-${sequence}`;

/** The history note a return's step leaves on its order: `return:<state>:<number>`, shown translated. */
export const returnHistoryNote = (state: ReturnState, number: string): string => `return:${state}:${number}`;

/** The state and number of a return's history note, or null for any other note. */
export function parseReturnHistoryNote(note: string | null): { state: ReturnState; number: string } | null {
  const m = note ? /^return:([a-z]+):(R-[\w-]+)$/.exec(note) : null;
  return m && (returnStates as readonly string[]).includes(m[1]!) ? { state: m[1] as ReturnState, number: m[2]! } : null;
}
