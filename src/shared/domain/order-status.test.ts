import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, endsUnsold, isUndelivered, orderStatuses, restoresStock, type OrderStatusValue } from './order-status.js';

const allowed: Array<[OrderStatusValue, OrderStatusValue]> = [
  ['awaiting_payment', 'cancelled'],
  ['pending', 'confirmed'],
  ['pending', 'cancelled'],
  ['confirmed', 'shipped'],
  ['confirmed', 'cancelled'],
  ['shipped', 'delivered'],
  ['shipped', 'refused'],
  ['shipped', 'returned'],
];

describe('order status machine', () => {
  it.each(allowed)('%s -> %s is allowed', (from, to) => expect(canTransition(from, to)).toBe(true));

  const forbidden = orderStatuses
    .flatMap((from) => orderStatuses.map((to) => [from, to] as [OrderStatusValue, OrderStatusValue]))
    .filter(([f, t]) => !allowed.some(([a, b]) => a === f && b === t));
  it.each(forbidden)('%s -> %s is refused', (from, to) => expect(canTransition(from, to)).toBe(false));

  it('ends in delivered, cancelled, refused and returned (a return after delivery is the returns flow)', () => {
    for (const end of ['delivered', 'cancelled', 'refused', 'returned'] as const) expect(allowedTransitions(end)).toEqual([]);
    expect(allowedTransitions('shipped')).toEqual(['delivered', 'refused', 'returned']);
  });

  it('returns stock on cancel and on a parcel that came back', () => {
    expect(orderStatuses.filter(restoresStock)).toEqual(['cancelled', 'refused', 'returned']);
    expect(orderStatuses.filter(endsUnsold)).toEqual(['cancelled', 'refused', 'returned']);
    expect(orderStatuses.filter(isUndelivered)).toEqual(['refused', 'returned']);
  });
});
