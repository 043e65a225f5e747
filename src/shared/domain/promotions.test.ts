import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { choosePromotions, productOffer, promotionSaving, type PromotionLine, type PromotionRule } from './promotions.js';
import { normalizePromotionCode, promotionStatus } from './promotion-codes.js';
import { quoteOrder, quoteWithPromotions } from './quote.js';

/** An offer with every option at its plainest: 10% off the whole order, automatic, alone. */
const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 1,
  code: null,
  name: 'Offer',
  kind: 'percent',
  value: 10,
  productIds: [],
  categories: [],
  minSubtotal: 0,
  withProductDiscounts: true,
  combines: false,
  ...over,
});

const candle: PromotionLine = { productId: 1, categories: ['scented-candles'], listPrice: 20000, discount: 0, quantity: 2 };
const oil: PromotionLine = { productId: 2, categories: ['essential-oils'], listPrice: 12345, discount: 0, quantity: 1 };
const saleOil: PromotionLine = { productId: 3, categories: ['essential-oils'], listPrice: 10000, discount: 20, quantity: 1 };
const shop = { freeShippingThreshold: 150000, shippingFees: {} };
const cairo = { governorate: 'CAI' };

describe('codes', () => {
  it('compares codes case-insensitively, with Arabic-Indic digits as 0-9', () => {
    expect(normalizePromotionCode(' ramadan٢٠٢٦ ')).toBe('RAMADAN2026');
    expect(normalizePromotionCode('eid-۱۰')).toBe('EID-10');
    expect(normalizePromotionCode('عيد')).toBe('عيد');
  });

  it('refuses codes shorter than 3 or longer than 32, or with other signs', () => {
    expect(normalizePromotionCode('ab')).toBeNull();
    expect(normalizePromotionCode('A'.repeat(33))).toBeNull();
    expect(normalizePromotionCode('A'.repeat(32))).toBe('A'.repeat(32));
    expect(normalizePromotionCode('TEN OFF')).toBeNull();
    expect(normalizePromotionCode("X';--")).toBeNull();
  });
});

describe('promotionStatus', () => {
  const at = new Date('2026-11-27T10:00:00Z');
  const base = { startsAt: null, endsAt: null, paused: false, maxUses: null, uses: 0 };
  it('is scheduled before its start, active inside its window, ended at its end', () => {
    expect(promotionStatus({ ...base, startsAt: '2026-11-27T10:00:01Z' }, at)).toBe('scheduled');
    expect(promotionStatus({ ...base, startsAt: '2026-11-27T10:00:00Z', endsAt: '2026-11-27T10:00:01Z' }, at)).toBe('active');
    expect(promotionStatus({ ...base, endsAt: '2026-11-27T10:00:00Z' }, at)).toBe('ended');
  });
  it('is ended once every use is taken, and paused whatever its dates', () => {
    expect(promotionStatus({ ...base, maxUses: 3, uses: 3 }, at)).toBe('ended');
    expect(promotionStatus({ ...base, maxUses: 3, uses: 2 }, at)).toBe('active');
    expect(promotionStatus({ ...base, paused: true, startsAt: '2030-01-01T00:00:00Z' }, at)).toBe('paused');
  });
});

describe('promotionSaving: each kind, on the lines it covers', () => {
  it('takes a percentage of the covered lines, rounded half up once', () => {
    // 10% of 123.45 = 12.345 -> 12.35.
    expect(promotionSaving(rule(), [oil], null)).toEqual({ saving: 1235 });
    // 15% of 400.00 + 123.45 = 78.5175 -> 78.52.
    expect(promotionSaving(rule({ value: 15 }), [candle, oil], null)).toEqual({ saving: 7852 });
  });

  it('takes a fixed amount, never more than the covered lines', () => {
    expect(promotionSaving(rule({ kind: 'amount', value: 5000 }), [oil], null)).toEqual({ saving: 5000 });
    expect(promotionSaving(rule({ kind: 'amount', value: 50000 }), [oil], null)).toEqual({ saving: 12345 });
  });

  it('saves the delivery fee for free delivery, nothing while no destination is known', () => {
    expect(promotionSaving(rule({ kind: 'free_delivery', value: 0 }), [oil], 6000)).toEqual({ saving: 6000 });
    expect(promotionSaving(rule({ kind: 'free_delivery', value: 0 }), [oil], null)).toEqual({ saving: 0 });
  });

  it('covers chosen categories or products only', () => {
    expect(promotionSaving(rule({ categories: ['scented-candles'] }), [candle, oil], null)).toEqual({ saving: 4000 });
    expect(promotionSaving(rule({ productIds: [2] }), [candle, oil], null)).toEqual({ saving: 1235 });
    expect(promotionSaving(rule({ categories: ['air-purifiers'] }), [candle, oil], null)).toEqual({ reason: 'not_for_these_products' });
  });

  it("leaves discounted lines out unless it combines with the products' own discounts", () => {
    // The sale oil is 80.00 after its own 20%.
    expect(promotionSaving(rule({ withProductDiscounts: true }), [saleOil], null)).toEqual({ saving: 800 });
    expect(promotionSaving(rule({ withProductDiscounts: false }), [saleOil], null)).toEqual({ reason: 'not_for_these_products' });
    expect(promotionSaving(rule({ withProductDiscounts: false }), [saleOil, oil], null)).toEqual({ saving: 1235 });
  });

  it('needs the minimum subtotal (after products’ discounts) and says how much is missing', () => {
    // 2 × 200.00 + 123.45 = 523.45.
    expect(promotionSaving(rule({ minSubtotal: 52345 }), [candle, oil], null)).toEqual({ saving: 5235 });
    expect(promotionSaving(rule({ minSubtotal: 60000 }), [candle, oil], null)).toEqual({ reason: 'minimum_not_reached', missing: 7655 });
    // The sale oil counts at 80.00, what it costs.
    expect(promotionSaving(rule({ minSubtotal: 8001 }), [saleOil], null)).toEqual({ reason: 'minimum_not_reached', missing: 1 });
  });
});

describe('choosePromotions: what combines', () => {
  it('needs the minimum subtotal and names the amount missing', () => {
    const choice = choosePromotions([rule({ minSubtotal: 60000 })], [candle, oil], null);
    expect(choice.applied).toEqual([]);
    expect(choice.refused).toEqual([{ rule: expect.objectContaining({ id: 1 }), reason: 'minimum_not_reached', missing: 60000 - 52345 }]);
  });

  it('applies offers marked to combine together', () => {
    const a = rule({ id: 1, combines: true, value: 10 });
    const b = rule({ id: 2, combines: true, kind: 'amount', value: 1000 });
    expect(choosePromotions([a, b], [oil], null).applied.map((c) => c.rule.id)).toEqual([1, 2]);
  });

  it('applies an offer that does not combine alone, when it saves more than the others together', () => {
    const together = [rule({ id: 1, combines: true, kind: 'amount', value: 500 }), rule({ id: 2, combines: true, kind: 'amount', value: 500 })];
    const alone = rule({ id: 3, code: 'BIG', kind: 'amount', value: 2000 });
    const choice = choosePromotions([...together, alone], [oil], null);
    expect(choice.applied.map((c) => c.rule.id)).toEqual([3]);
    expect(choice.refused.map((r) => [r.rule.id, r.reason])).toEqual([
      [1, 'not_combinable'],
      [2, 'not_combinable'],
    ]);
  });

  it('keeps the combined offers when they save more than the one alone', () => {
    const together = [rule({ id: 1, combines: true, kind: 'amount', value: 1500 }), rule({ id: 2, combines: true, kind: 'amount', value: 1500 })];
    const alone = rule({ id: 3, code: 'SMALL', kind: 'amount', value: 2000 });
    const choice = choosePromotions([...together, alone], [oil], null);
    expect(choice.applied.map((c) => c.rule.id)).toEqual([1, 2]);
    expect(choice.refused).toEqual([{ rule: alone, reason: 'not_combinable' }]);
  });

  it("on a tie, the shopper's code wins", () => {
    const automatic = rule({ id: 1, kind: 'amount', value: 1000 });
    const code = rule({ id: 2, code: 'TEN', kind: 'amount', value: 1000 });
    expect(choosePromotions([automatic, code], [oil], null).applied.map((c) => c.rule.id)).toEqual([2]);
  });
});

describe('quoteWithPromotions: offers in the one order quote', () => {
  it('shows a code as its own line off the subtotal, before delivery', () => {
    const q = quoteWithPromotions([oil], cairo, shop, [rule({ code: 'WELCOME10', name: 'WELCOME10' })]);
    expect(q).toMatchObject({ subtotal: 12345, discounts: 1235, shipping: 6000, total: 12345 - 1235 + 6000 });
    expect(q.adjustments).toEqual([{ kind: 'promotion', amount: -1235, reason: 'WELCOME10', promotionId: 1 }]);
  });

  it('an automatic free delivery offer makes delivery free once the subtotal passes its threshold', () => {
    const offer = rule({ kind: 'free_delivery', value: 0, minSubtotal: 50000, name: 'Free delivery over 500' });
    const under = quoteWithPromotions([oil], cairo, shop, [offer]);
    expect(under).toMatchObject({ shipping: 6000, total: 12345 + 6000 });
    expect(under.promotions.refused[0]).toMatchObject({ reason: 'minimum_not_reached', missing: 50000 - 12345 });
    const over = quoteWithPromotions([candle, oil], cairo, shop, [offer]);
    expect(over).toMatchObject({ subtotal: 52345, shipping: 0, total: 52345 });
    expect(over.adjustments).toEqual([{ kind: 'free_delivery', amount: -6000, reason: 'Free delivery over 500', promotionId: 1 }]);
  });

  it("the shop's own free-delivery threshold stays its reason when it already ships free", () => {
    const big: PromotionLine = { ...candle, quantity: 8 };
    const q = quoteWithPromotions([big], cairo, shop, [rule({ kind: 'free_delivery', value: 0 })]);
    expect(q.adjustments).toEqual([{ kind: 'free_delivery', amount: -6000, reason: 'free_delivery_threshold' }]);
  });

  it('never takes more than the subtotal', () => {
    const q = quoteWithPromotions([oil], cairo, shop, [
      rule({ id: 1, combines: true, kind: 'amount', value: 10000 }),
      rule({ id: 2, combines: true, kind: 'amount', value: 10000 }),
    ]);
    expect(q).toMatchObject({ discounts: 12345, total: 6000 });
  });

  it('without offers, is the plain quote', () => {
    expect(quoteWithPromotions([candle, oil], cairo, shop, [])).toMatchObject(quoteOrder([candle, oil], cairo, shop));
  });
});

describe('productOffer: what a listing shows of the automatic offers on one product', () => {
  const product = { id: 1, categories: ['scented-candles'], price: 20000, discount: 0 };
  const certain = (over: Partial<PromotionRule>) => ({ rule: rule(over), certain: true });

  it('names an offer on the product or its category, with the price of one after it', () => {
    expect(productOffer([certain({ name: 'Candle week', value: 15, categories: ['scented-candles'] })], product)).toEqual({
      name: 'Candle week',
      price: 17000,
    });
    expect(productOffer([certain({ kind: 'amount', value: 2500, productIds: [1] })], product)).toEqual({ name: 'Offer', price: 17500 });
    // After the product's own discount, rounded half up as the cart rounds: 20% of 12345 → 9876, then 15% off.
    expect(productOffer([certain({ value: 15, productIds: [2] })], { id: 2, categories: [], price: 12345, discount: 20 })).toEqual({
      name: 'Offer',
      price: 8395,
    });
  });

  it('shows no price for an offer with conditions, and nothing for whole-order, delivery or other products’ offers', () => {
    expect(productOffer([{ rule: rule({ name: 'Duo', productIds: [1], minSubtotal: 50000 }), certain: false }], product)).toEqual({ name: 'Duo', price: null });
    expect(productOffer([certain({})], product)).toBeUndefined();
    expect(productOffer([certain({ kind: 'free_delivery', value: 0, productIds: [1] })], product)).toBeUndefined();
    expect(productOffer([certain({ categories: ['essential-oils'] })], product)).toBeUndefined();
    expect(productOffer([certain({ productIds: [1], withProductDiscounts: false })], { ...product, discount: 10 })).toBeUndefined();
  });

  it('of several, shows what the cart would give one unit: the best choice, offers that combine together', () => {
    const ten = certain({ id: 1, name: 'Ten', value: 10, productIds: [1] });
    const twenty = certain({ id: 2, name: 'Twenty', value: 20, categories: ['scented-candles'] });
    expect(productOffer([ten, twenty], product)).toEqual({ name: 'Twenty', price: 16000 });
    const both = [
      certain({ id: 1, name: 'Ten', value: 10, productIds: [1], combines: true }),
      certain({ id: 2, name: 'Five', value: 5, productIds: [1], combines: true }),
    ];
    expect(productOffer(both, product)).toEqual({ name: 'Ten + Five', price: 17000 });
  });
});

describe('over random carts and offers', () => {
  const lines = fc.array(
    fc.record({
      productId: fc.integer({ min: 1, max: 6 }),
      categories: fc.subarray(['oils', 'candles', 'diffusers']),
      listPrice: fc.integer({ min: 1, max: 10_000_000 }),
      discount: fc.integer({ min: 0, max: 90 }),
      quantity: fc.integer({ min: 1, max: 99 }),
    }),
    { maxLength: 8 },
  );
  const rules = fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      code: fc.option(fc.constant('CODE')),
      name: fc.constant('Offer'),
      kind: fc.constantFrom('percent' as const, 'amount' as const, 'free_delivery' as const),
      value: fc.integer({ min: 1, max: 100 }),
      productIds: fc.subarray([1, 2, 3, 4, 5, 6]),
      categories: fc.subarray(['oils', 'candles', 'diffusers']),
      minSubtotal: fc.integer({ min: 0, max: 5_000_000 }),
      withProductDiscounts: fc.boolean(),
      combines: fc.boolean(),
    }),
    { maxLength: 4, selector: (r) => r.id },
  );
  const destination = fc.option(fc.constantFrom({ governorate: 'CAI' }, { governorate: 'ASN' }));

  it('reconciles in whole piastres, never goes below zero, and every offer is applied or refused', () => {
    fc.assert(
      fc.property(lines, rules, destination, (ls, rs, dest) => {
        const q = quoteWithPromotions(ls, dest, shop, rs);
        const sum = q.listSubtotal + (q.delivery ?? 0) + q.adjustments.reduce((s, a) => s + a.amount, 0);
        expect(sum).toBe(q.total);
        expect(Number.isInteger(q.total) && q.total >= 0).toBe(true);
        expect(q.discounts).toBeLessThanOrEqual(q.subtotal);
        expect(q.promotions.applied.length + q.promotions.refused.length).toBe(rs.length);
        // What applies either all combines, or is one offer alone.
        const applied = q.promotions.applied.map((c) => c.rule);
        expect(applied.every((r) => r.combines) || applied.length === 1).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
