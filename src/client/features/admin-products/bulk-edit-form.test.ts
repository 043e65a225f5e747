import { describe, expect, it } from 'vitest';
import { bulkChangeOf, emptyBulkForm, type BulkForm } from './bulk-edit-form';

const form = (over: Partial<BulkForm>): BulkForm => ({ ...emptyBulkForm, ...over });

describe('bulkChangeOf: the dialog’s choices as the change the server takes', () => {
  it('turns a lowered percentage, typed in Arabic-Indic digits, into a negative one', () => {
    expect(bulkChangeOf(form({ price: 'lower', percent: '١٥' }))).toEqual({ change: { price: { mode: 'percent', percent: -15 } } });
  });

  it('holds every part chosen, and nothing left at "No change"', () => {
    const result = bulkChangeOf(
      form({
        price: 'set',
        newPrice: 30_000,
        discount: 'remove',
        stock: 'set',
        stockValue: '0',
        categories: 'replace',
        categoryIds: [3],
        tagsAdd: ['gift'],
        visibility: 'hide',
      }),
    );
    expect(result).toEqual({
      change: {
        price: { mode: 'set', price: 30_000 },
        discount: 0,
        stock: 0,
        categories: { mode: 'replace', categoryIds: [3] },
        tags: { add: ['gift'], remove: [] },
        visible: false,
      },
    });
  });

  it('answers the server schema’s field codes beside the dialog’s controls', () => {
    expect(bulkChangeOf(form({}))).toEqual({ errors: { change: 'change_required' } });
    expect(bulkChangeOf(form({ price: 'raise', percent: '' }))).toEqual({ errors: { percent: 'required' } });
    expect(bulkChangeOf(form({ price: 'lower', percent: '95' }))).toEqual({ errors: { percent: 'percent_out_of_range' } });
    expect(bulkChangeOf(form({ stock: 'set', stockValue: '-1', categories: 'add' }))).toEqual({
      errors: { stockValue: 'stock_negative', categoryIds: 'category_required' },
    });
    expect(bulkChangeOf(form({ discount: 'set', discountPercent: '95' }))).toEqual({ errors: { discountPercent: 'too_big' } });
  });
});
