import { describe, expect, it } from 'vitest';
import { chooseColor, defaultChoice, findVariant, variantColors, variantSizes } from './variants.js';

const v = (id: number, color: string | null, size: string | null, stock: number) => ({ id, color, size, stock, price: null });
const candle = { variants: [v(1, 'ivory', 'small', 0), v(2, 'ivory', 'large', 3), v(3, 'amber', 'medium', 5), v(4, 'amber', 'small', 2)] };
const oil = { variants: [v(5, null, '100ml', 1), v(6, null, '10ml', 0), v(7, null, '30ml', 4)] };

describe('product variants', () => {
  it.each([
    ['colours in catalogue order', variantColors(candle), ['ivory', 'amber']],
    ['no colours on a sized oil', variantColors(oil), []],
    ['sizes of one colour, smallest first', variantSizes(candle, 'amber'), ['small', 'medium']],
    ['sizes without colours, smallest first', variantSizes(oil, null), ['10ml', '30ml', '100ml']],
    ['no sizes for an unknown colour', variantSizes(candle, 'rose'), []],
  ])('%s', (_name, actual, expected) => expect(actual).toEqual(expected));

  it.each([
    ['first variant in stock', candle, { color: 'ivory', size: 'large' }],
    ['first in stock among sizes', oil, { color: null, size: '100ml' }],
    ['first variant when all are sold out', { variants: [v(9, 'black', null, 0)] }, { color: 'black', size: null }],
    ['nothing without variants', { variants: [] }, { color: null, size: null }],
  ])('default choice: %s', (_name, product, expected) => expect(defaultChoice(product)).toEqual(expected));

  it.each([
    ['keeps a size the colour has', 'amber', 'small', { color: 'amber', size: 'small' }],
    ['moves to the colour’s first size in stock', 'amber', 'large', { color: 'amber', size: 'small' }],
    ['skips a sold-out size', 'ivory', null, { color: 'ivory', size: 'large' }],
  ])('choosing a colour %s', (_name, color, size, expected) => expect(chooseColor(candle, color, size)).toEqual(expected));

  it('finds a variant only on colour and size together', () => {
    expect(findVariant(candle, 'amber', 'small')?.id).toBe(4);
    expect(findVariant(candle, 'amber', 'large')).toBeUndefined();
  });
});
