import { describe, expect, it } from 'vitest';
import {
  flagOfSuccess,
  isRefundable,
  isUnpaid,
  nextPaymentState,
  paymentStates,
  refundableAmount,
  wasPaidOnline,
  type PaymentEvent,
  type PaymentState,
} from './payments.js';

const refund = (amount: number, refundedBefore: number, total = 10_000): PaymentEvent => ({ kind: 'refunded', amount, refundedBefore, total });

describe('the payment state machine', () => {
  it('moves an unpaid order to paid, failed, expired, a new attempt or cash on delivery', () => {
    expect(nextPaymentState('awaiting_payment', { kind: 'succeeded' })).toBe('paid');
    expect(nextPaymentState('payment_failed', { kind: 'succeeded' })).toBe('paid');
    expect(nextPaymentState('awaiting_payment', { kind: 'failed' })).toBe('payment_failed');
    expect(nextPaymentState('awaiting_payment', { kind: 'expired' })).toBe('expired');
    expect(nextPaymentState('payment_failed', { kind: 'expired' })).toBe('expired');
    expect(nextPaymentState('payment_failed', { kind: 'retried' })).toBe('awaiting_payment');
    expect(nextPaymentState('payment_failed', { kind: 'switched_to_cod' })).toBe('cod');
    expect(nextPaymentState('awaiting_payment', { kind: 'switched_to_cod' })).toBe('cod');
  });

  it('a repeated or late answer moves nothing', () => {
    expect(nextPaymentState('paid', { kind: 'failed' })).toBeNull();
    expect(nextPaymentState('payment_failed', { kind: 'failed' })).toBeNull();
    expect(nextPaymentState('paid', { kind: 'succeeded' })).toBeNull();
    expect(nextPaymentState('expired', { kind: 'expired' })).toBeNull();
    expect(nextPaymentState('paid', { kind: 'retried' })).toBeNull();
    expect(nextPaymentState('cod', { kind: 'switched_to_cod' })).toBeNull();
    expect(nextPaymentState('expired', { kind: 'retried' })).toBeNull();
  });

  it('money after expiry is still received, and flagged; so is a second payment', () => {
    expect(nextPaymentState('expired', { kind: 'succeeded' })).toBe('paid');
    expect(flagOfSuccess('expired')).toBe('paid_after_expiry');
    expect(flagOfSuccess('paid')).toBe('paid_twice');
    expect(flagOfSuccess('awaiting_payment')).toBeNull();
  });

  it('refunds in part, then in whole, never more than was paid', () => {
    expect(nextPaymentState('paid', refund(2_500, 0))).toBe('partially_refunded');
    expect(nextPaymentState('partially_refunded', refund(7_500, 2_500))).toBe('refunded');
    expect(nextPaymentState('paid', refund(10_000, 0))).toBe('refunded');
    expect(nextPaymentState('partially_refunded', refund(7_501, 2_500))).toBeNull();
    expect(nextPaymentState('paid', refund(0, 0))).toBeNull();
    expect(nextPaymentState('refunded', refund(1, 10_000))).toBeNull();
    expect(nextPaymentState('cod', refund(100, 0))).toBeNull();
    expect(refundableAmount('partially_refunded', 10_000, 2_500)).toBe(7_500);
    expect(refundableAmount('cod', 10_000, 0)).toBe(0);
  });

  it('every state is unpaid, refundable or neither, never both', () => {
    for (const state of paymentStates as readonly PaymentState[]) expect(isUnpaid(state) && isRefundable(state)).toBe(false);
  });

  it('counts as paid online once the money came, refunded since or not', () => {
    expect(paymentStates.filter(wasPaidOnline)).toEqual(['paid', 'partially_refunded', 'refunded']);
  });
});
