import { describe, expect, it } from 'vitest';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { blankPromotion, promotionResolver, toFormValues, toWireInput, type PromotionFormValues } from './form-values';

const check = (values: PromotionFormValues) => promotionResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const filled: PromotionFormValues = {
  ...blankPromotion,
  names: { en: 'White Friday', ar: 'الجمعة البيضاء', fr: '', de: '' },
  code: ' white20 ',
  value: 20,
  minSubtotal: 30000,
};

describe('the promotion form', () => {
  it('sends what the server takes: the code normalised, the percent, the minimum in piastres, the whole order', async () => {
    const { values, errors } = await check(filled);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ code: 'WHITE20', kind: 'percent', value: 20, minSubtotal: 30000, productIds: [], categoryIds: [], paused: false });
  });

  it('sends no code for an automatic offer, 0 for free delivery, and only the list of the chosen scope', () => {
    const wire = toWireInput({ ...filled, trigger: 'automatic', kind: 'free_delivery', value: null, scope: 'categories', categoryIds: [3], productIds: [7] });
    expect(wire).toMatchObject({ code: null, value: 0, categoryIds: [3], productIds: [] });
    expect(toWireInput({ ...filled, minSubtotal: null }).minSubtotal).toBe(0);
  });

  it('puts the schema’s codes on the form’s fields', async () => {
    const fields = (await check({ ...filled, names: { en: '', ar: '' }, code: 'a!' })).errors;
    expect(fields.names?.en?.message).toBe('required');
    expect(fields.code?.message).toBe('code_invalid');
    const across = (await check({ ...filled, value: 150, startsAt: '2026-11-27T10:00:00.000Z', endsAt: '2026-11-26T10:00:00.000Z' })).errors;
    expect(across.value?.message).toBe('percent_range');
    expect(across.endsAt?.message).toBe('ends_before_start');
  });

  it('asks for a value while it is empty, and for at least one product or category when the scope names them', async () => {
    expect((await check({ ...filled, value: null })).errors.value?.message).toBe('required');
    expect((await check({ ...filled, scope: 'products' })).errors.productIds?.message).toBe('scope_empty');
    expect((await check({ ...filled, scope: 'categories' })).errors.categoryIds?.message).toBe('scope_empty');
    expect((await check({ ...filled, scope: 'categories', categoryIds: [2] })).errors).toEqual({});
  });

  it('opens a saved offer with its choices: automatic, products, free delivery without a value', () => {
    const saved: AdminPromotionDetail = {
      id: 4,
      names: { en: 'Summer', ar: 'الصيف', fr: null, de: 'Sommer' },
      code: null,
      kind: 'free_delivery',
      value: 0,
      productIds: [5, 9],
      categoryIds: [],
      minSubtotal: 0,
      startsAt: null,
      endsAt: '2026-08-31T20:59:00.000Z',
      maxUses: null,
      perCustomer: 1,
      firstOrderOnly: true,
      withProductDiscounts: true,
      combines: true,
      paused: false,
      uses: 3,
      status: 'active',
      usage: { orders: 3, discount: 9000, revenue: 120000 },
      createdAt: '2026-06-01T08:00:00.000Z',
      updatedAt: '2026-06-01T08:00:00.000Z',
    };
    const form = toFormValues(saved);
    expect(form).toMatchObject({ trigger: 'automatic', code: '', scope: 'products', value: null, names: { fr: '', de: 'Sommer' }, perCustomer: 1 });
    expect(toWireInput(form)).toMatchObject({ code: null, kind: 'free_delivery', value: 0, productIds: [5, 9], categoryIds: [], endsAt: saved.endsAt });
  });
});
