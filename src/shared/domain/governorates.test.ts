import { describe, expect, it } from 'vitest';
import { governorates, shippingFee } from './governorates.js';

describe('governorates', () => {
  it('lists all 27 with unique codes and both names', () => {
    expect(governorates).toHaveLength(27);
    expect(new Set(governorates.map((g) => g.code)).size).toBe(27);
    expect(governorates.every((g) => g.en && /[\u0600-\u06ff]/.test(g.ar) && g.fee > 0)).toBe(true);
  });

  it.each([
    ['CAI', 50000, 150000, {}, 6000],
    ['ASN', 50000, 150000, {}, 10000],
    ['ASN', 150000, 150000, {}, 0],
    ['ASN', 200000, 0, {}, 10000],
    ['CAI', 50000, 150000, { CAI: 4500 }, 4500],
    ['XXX', 50000, 150000, {}, 0],
  ])('%s with subtotal %i (free from %i, fees %o) costs %i', (code, subtotal, free, fees, expected) => {
    expect(shippingFee(code, subtotal, free, fees)).toBe(expected);
  });
});
