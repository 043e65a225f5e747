import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.js';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, on both sides', () => {
    expect(changedFields({ price: 100, stock: 5, name: { en: 'Oud' } }, { price: 120, stock: 5, name: { en: 'Oud' } })).toEqual({
      before: { price: 100 },
      after: { price: 120 },
    });
  });
  it('compares arrays and objects by value, and shows a field one side lacks as null there', () => {
    expect(changedFields({ tags: ['a', 'b'], note: undefined }, { tags: ['a', 'b'], trackingNote: 'Bosta 1' })).toEqual({
      before: { trackingNote: null },
      after: { trackingNote: 'Bosta 1' },
    });
    expect(changedFields({ variants: [{ size: '10ml', stock: 1 }] }, { variants: [{ size: '10ml', stock: 2 }] }).after).toEqual({
      variants: [{ size: '10ml', stock: 2 }],
    });
  });
  it('finds nothing when nothing changed, and everything against nothing', () => {
    expect(changedFields({ a: 1, b: null }, { a: 1 })).toEqual({ before: {}, after: {} });
    expect(changedFields(null, { a: 1 })).toEqual({ before: { a: null }, after: { a: 1 } });
  });
});
