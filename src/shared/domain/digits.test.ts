import { describe, expect, it } from 'vitest';
import { westernDigits } from './digits.js';

describe('westernDigits', () => {
  it('writes Arabic-Indic and Persian digits as 0-9 and leaves the rest', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('NSM-١٠٠١٢٣ (Oud)')).toBe('NSM-100123 (Oud)');
  });
});
