import { describe, expect, it } from 'vitest';
import {
  canMoveReturn,
  canReturn,
  isClosedReturn,
  parseReturnHistoryNote,
  returnHistoryNote,
  returnRefundAmount,
  returnableQuantities,
  returnStates,
} from './returns';

const delivered = '2026-11-01T10:00:00.000Z';
const order = {
  status: 'delivered',
  deliveredAt: delivered,
  lines: [
    { id: 1, quantity: 2 },
    { id: 2, quantity: 1 },
  ],
};
const day = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.parse(delivered) + ms);

describe('returns', () => {
  it('moves a return along its life, to refunded only as a return and to exchanged only as an exchange', () => {
    expect(canMoveReturn('return', 'requested', 'approved')).toBe(true);
    expect(canMoveReturn('return', 'requested', 'refused')).toBe(true);
    expect(canMoveReturn('return', 'approved', 'received')).toBe(true);
    expect(canMoveReturn('return', 'received', 'refunded')).toBe(true);
    expect(canMoveReturn('return', 'received', 'exchanged')).toBe(false);
    expect(canMoveReturn('exchange', 'received', 'exchanged')).toBe(true);
    expect(canMoveReturn('exchange', 'received', 'refunded')).toBe(false);
    expect(canMoveReturn('return', 'requested', 'received')).toBe(false);
    expect(canMoveReturn('return', 'approved', 'refused')).toBe(false);
    for (const closed of ['refused', 'refunded', 'exchanged'] as const) {
      expect(isClosedReturn(closed)).toBe(true);
      for (const to of returnStates) expect(canMoveReturn('return', closed, to) || canMoveReturn('exchange', closed, to)).toBe(false);
    }
  });

  it('opens the window at delivery for its days, and not at all with 0 days or before delivery', () => {
    const none = new Map<number, number>();
    expect(canReturn(order, at(0), 14, none)).toBeNull();
    expect(canReturn(order, at(14 * day - 1), 14, none)).toBeNull();
    expect(canReturn(order, at(14 * day), 14, none)).toBe('window_closed');
    expect(canReturn(order, at(day), 0, none)).toBe('returns_off');
    expect(canReturn({ ...order, status: 'shipped', deliveredAt: null }, at(day), 14, none)).toBe('not_delivered');
    expect(canReturn({ ...order, status: 'returned' }, at(day), 14, none)).toBe('not_delivered');
  });

  it('leaves for a new return only the units no open or finished return holds', () => {
    const taken = new Map([[1, 1]]);
    expect([...returnableQuantities(order, taken)]).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(
      canReturn(
        order,
        at(day),
        14,
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toBe('nothing_left');
  });

  it('refunds the returned units at their paid prices, never more than is left on the order', () => {
    const lines = [
      { unitPaid: 25000, quantity: 2 },
      { unitPaid: 9900, quantity: 1 },
    ];
    expect(returnRefundAmount(lines, 100000)).toBe(59900);
    expect(returnRefundAmount(lines, 30000)).toBe(30000);
    expect(returnRefundAmount(lines, 0)).toBe(0);
  });

  it('writes and reads the order history note of a step', () => {
    const note = returnHistoryNote('approved', 'R-NSM-100001-2');
    expect(parseReturnHistoryNote(note)).toEqual({ state: 'approved', number: 'R-NSM-100001-2' });
    expect(parseReturnHistoryNote('payment_expired')).toBeNull();
    expect(parseReturnHistoryNote('return:lost:R-NSM-1-1')).toBeNull();
    expect(parseReturnHistoryNote(null)).toBeNull();
  });
});
