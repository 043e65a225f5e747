import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteOrder, type AdjustmentRequest, type OrderQuote } from './quote.js';
import { effectivePrice } from './pricing.js';
import { governorateCodes, shippingFee } from './governorates.js';

/** The seeded shop: 1,500 EGP ships free, each governorate at its default fee (Cairo 60 EGP, Alexandria 70). */
const shop = { freeShippingThreshold: 150000, shippingFees: {} };
const cairo = { governorate: 'CAI' };

/** Every adjustment is counted once against list prices and the destination's fee. */
const reconciles = (q: OrderQuote) => q.listSubtotal + (q.delivery ?? 0) + q.adjustments.reduce((sum, a) => sum + a.amount, 0);

describe('quoteOrder: lines, subtotal, delivery and total in piastres', () => {
  it('prices a discounted line and delivers to Cairo at its fee', () => {
    const q = quoteOrder([{ listPrice: 20000, discount: 25, quantity: 2 }], cairo, shop);
    expect(q.lines).toEqual([{ listPrice: 20000, discount: 25, unitPrice: 15000, quantity: 2, listTotal: 40000, lineTotal: 30000 }]);
    expect(q).toMatchObject({ listSubtotal: 40000, subtotal: 30000, discounts: 0, delivery: 6000, shipping: 6000, fees: 0, total: 36000 });
    expect(q.freeShippingGap).toBe(120000);
    expect(q.adjustments).toEqual([{ kind: 'product_discount', amount: -10000, reason: 'product_discount', line: 0 }]);
  });

  it('adds lines without a discount at their list price and names no adjustment for them', () => {
    const q = quoteOrder(
      [
        { listPrice: 12500, discount: 0, quantity: 3 },
        { listPrice: 8000, discount: 10, quantity: 1 },
      ],
      { governorate: 'ALX' },
      shop,
    );
    // 3 × 125.00 + 72.00 = 447.00; Alexandria 70.00.
    expect(q).toMatchObject({ subtotal: 44700, shipping: 7000, total: 51700 });
    expect(q.adjustments).toEqual([{ kind: 'product_discount', amount: -800, reason: 'product_discount', line: 1 }]);
  });

  it('rounds the discounted unit price half up once, then multiplies', () => {
    // 99.99 at 33% is 66.9933 -> 66.99 a unit; three are 200.97, not round(299.97 × 0.67) = 200.98.
    expect(quoteOrder([{ listPrice: 9999, discount: 33, quantity: 3 }], null, shop).subtotal).toBe(20097);
    // 10.05 at 50% is 5.025 -> 5.03 (half up).
    expect(quoteOrder([{ listPrice: 1005, discount: 50, quantity: 1 }], null, shop).lines[0]?.unitPrice).toBe(503);
  });

  it('quotes no delivery before a governorate is chosen', () => {
    const q = quoteOrder([{ listPrice: 5000, discount: 0, quantity: 1 }], null, shop);
    expect(q).toMatchObject({ delivery: null, shipping: null, total: 5000, adjustments: [] });
  });

  it("uses the merchant's fee for the governorate over its default", () => {
    const q = quoteOrder(
      [{ listPrice: 5000, discount: 0, quantity: 1 }],
      { governorate: 'ALX' },
      { freeShippingThreshold: 150000, shippingFees: { ALX: 4500 } },
    );
    expect(q).toMatchObject({ shipping: 4500, total: 9500 });
  });

  it('an empty order is worth its delivery only', () => {
    expect(quoteOrder([], cairo, shop)).toMatchObject({ subtotal: 0, shipping: 6000, total: 6000 });
  });
});

describe('quoteOrder: free delivery at the threshold', () => {
  const at = (subtotal: number, threshold = 150000) =>
    quoteOrder([{ listPrice: subtotal, discount: 0, quantity: 1 }], cairo, { freeShippingThreshold: threshold, shippingFees: {} });

  it('one piastre under the threshold pays delivery and is one piastre away', () => {
    expect(at(149999)).toMatchObject({ shipping: 6000, total: 155999, freeShippingGap: 1 });
    expect(at(149999).adjustments).toEqual([]);
  });

  it('exactly at the threshold ships free, with free delivery as the reason', () => {
    const q = at(150000);
    expect(q).toMatchObject({ delivery: 6000, shipping: 0, total: 150000, freeShippingGap: 0 });
    expect(q.adjustments).toEqual([{ kind: 'free_delivery', amount: -6000, reason: 'free_delivery_threshold' }]);
  });

  it('above the threshold ships free', () => {
    expect(at(150001)).toMatchObject({ shipping: 0, total: 150001 });
  });

  it('a threshold of 0 never ships free', () => {
    expect(at(10_000_000, 0)).toMatchObject({ shipping: 6000, total: 10_006_000, freeShippingGap: 0 });
  });

  it('judges the threshold on the prices paid, after products’ discounts', () => {
    // 2 × 800.00 at 10% = 1,440.00: under 1,500.00 though the list prices are above it.
    const q = quoteOrder([{ listPrice: 80000, discount: 10, quantity: 2 }], cairo, shop);
    expect(q).toMatchObject({ listSubtotal: 160000, subtotal: 144000, shipping: 6000, total: 150000, freeShippingGap: 6000 });
  });
});

describe('quoteOrder: promotions and fees are entries of `adjustments`', () => {
  const line = [{ listPrice: 12345, discount: 0, quantity: 1 }];

  it('takes a percent promotion off the subtotal, rounded half up, before delivery', () => {
    const q = quoteOrder(line, cairo, shop, [{ kind: 'promotion', reason: 'WELCOME10', percent: 10 }]);
    // 10% of 123.45 is 12.345 -> 12.35.
    expect(q).toMatchObject({ subtotal: 12345, discounts: 1235, shipping: 6000, total: 12345 - 1235 + 6000 });
    expect(q.adjustments).toEqual([{ kind: 'promotion', amount: -1235, reason: 'WELCOME10' }]);
  });

  it('never takes more than the subtotal, whatever the promotions', () => {
    const q = quoteOrder(line, cairo, shop, [
      { kind: 'promotion', reason: 'BIG', amount: 10000 },
      { kind: 'promotion', reason: 'BIGGER', amount: 10000 },
    ]);
    expect(q).toMatchObject({ discounts: 12345, total: 6000 });
    expect(q.adjustments.map((a) => a.amount)).toEqual([-10000, -2345]);
  });

  it('adds a fee on what is due after promotions and delivery', () => {
    const q = quoteOrder(line, cairo, shop, [
      { kind: 'fee', reason: 'online_payment', percent: 2.5 },
      { kind: 'promotion', reason: 'FLAT', amount: 345 },
    ]);
    // Due before the fee: 123.45 − 3.45 + 60.00 = 180.00; 2.5% of it is 4.50.
    expect(q).toMatchObject({ discounts: 345, fees: 450, total: 18450 });
    expect(q.adjustments).toEqual([
      { kind: 'promotion', amount: -345, reason: 'FLAT' },
      { kind: 'fee', amount: 450, reason: 'online_payment' },
    ]);
  });
});

describe('quoteOrder over random orders', () => {
  const lines = fc.array(
    fc.record({ listPrice: fc.integer({ min: 1, max: 100_000_000 }), discount: fc.integer({ min: 0, max: 90 }), quantity: fc.integer({ min: 1, max: 99 }) }),
    { maxLength: 12 },
  );
  const destination = fc.option(fc.constantFrom(...governorateCodes).map((governorate) => ({ governorate })));
  const settings = fc.record({
    freeShippingThreshold: fc.integer({ min: 0, max: 10_000_000 }),
    shippingFees: fc.dictionary(fc.constantFrom(...governorateCodes), fc.integer({ min: 0, max: 10_000_000 })),
  });
  const requests: fc.Arbitrary<AdjustmentRequest[]> = fc.array(
    fc.oneof(
      fc.record({ kind: fc.constantFrom('promotion' as const, 'fee' as const), reason: fc.string(), amount: fc.integer({ min: 0, max: 1_000_000 }) }),
      fc.record({ kind: fc.constantFrom('promotion' as const, 'fee' as const), reason: fc.string(), percent: fc.integer({ min: 0, max: 100 }) }),
    ),
    { maxLength: 4 },
  );

  it("without adjustments asked for, gives today's numbers: lines at the discounted price, the governorate's fee unless free", () => {
    fc.assert(
      fc.property(lines, destination, settings, (ls, dest, s) => {
        const q = quoteOrder(ls, dest, s);
        const subtotal = ls.reduce((sum, l) => sum + effectivePrice(l.listPrice, l.discount) * l.quantity, 0);
        const fee = dest ? shippingFee(dest.governorate, subtotal, s.freeShippingThreshold, s.shippingFees) : 0;
        expect(q.subtotal).toBe(subtotal);
        expect(q.shipping ?? 0).toBe(fee);
        expect(q.total).toBe(subtotal + fee);
      }),
      { numRuns: 300 },
    );
  });

  it('always reconciles in whole piastres: list prices, delivery and every adjustment sum to the total', () => {
    fc.assert(
      fc.property(lines, destination, settings, requests, (ls, dest, s, asked) => {
        const q = quoteOrder(ls, dest, s, asked);
        for (const n of [q.subtotal, q.discounts, q.fees, q.total, ...q.adjustments.map((a) => a.amount)]) expect(Number.isInteger(n)).toBe(true);
        expect(reconciles(q)).toBe(q.total);
        expect(q.total).toBe(q.subtotal - q.discounts + (q.shipping ?? 0) + q.fees);
        expect(q.discounts).toBeLessThanOrEqual(q.subtotal);
        expect(q.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
