import { describe, expect, it } from 'vitest';
import { offeredOptions } from './category-options';
import { sizeOrder } from './vocabulary';

describe('offeredOptions (the product form offers what its categories name)', () => {
  const oils = { colors: [], sizes: ['10ml', '30ml', '100ml'] };
  const candles = { colors: ['ivory', 'amber'], sizes: [] };
  it('offers the union of the chosen categories, in the vocabulary order', () => {
    expect(offeredOptions([oils], { colors: [], sizes: [] })).toEqual({ colors: [], sizes: ['10ml', '30ml', '100ml'] });
    expect(offeredOptions([candles, oils], { colors: [], sizes: [] })).toEqual({ colors: ['ivory', 'amber'], sizes: ['10ml', '30ml', '100ml'] });
  });
  it('keeps what the product already has, even when its categories no longer name it', () => {
    expect(offeredOptions([oils], { colors: ['black'], sizes: ['500ml'] })).toEqual({ colors: ['black'], sizes: ['10ml', '30ml', '100ml', '500ml'] });
  });
  it('offers everything when no category is chosen, or when one allows any', () => {
    expect(offeredOptions([], { colors: [], sizes: [] }).sizes).toEqual([...sizeOrder]);
    expect(offeredOptions([oils, { colors: null, sizes: null }], { colors: [], sizes: [] }).sizes).toEqual([...sizeOrder]);
  });
});
