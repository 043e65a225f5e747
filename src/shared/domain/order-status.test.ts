import { describe, expect, it } from 'vitest';
import { allowedTransitions, canTransition, orderStatuses, restoresStock, type OrderStatusValue } from './order-status.js';

const allowed: Array<[OrderStatusValue, OrderStatusValue]> = [
  ['awaiting_payment', 'cancelled'],
  ['pending', 'confirmed'],
  ['pending', 'cancelled'],
  ['confirmed', 'shipped'],
  ['confirmed', 'cancelled'],
  ['shipped', 'delivered'],
  ['delivered', 'returned'],
];

describe('order status machine', () => {
  it.each(allowed)('%s -> %s is allowed', (from, to) => expect(canTransition(from, to)).toBe(true));

  const forbidden = orderStatuses
    .flatMap((from) => orderStatuses.map((to) => [from, to] as [OrderStatusValue, OrderStatusValue]))
    .filter(([f, t]) => !allowed.some(([a, b]) => a === f && b === t));
  it.each(forbidden)('%s -> %s is refused', (from, to) => expect(canTransition(from, to)).toBe(false));

  it('ends in cancelled and returned', () => {
    expect(allowedTransitions('cancelled')).toEqual([]);
    expect(allowedTransitions('returned')).toEqual([]);
  });

  it('returns stock only on cancel', () => {
    expect(orderStatuses.filter(restoresStock)).toEqual(['cancelled']);
  });
});
