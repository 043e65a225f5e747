import { describe, expect, it } from 'vitest';
import { formatEgyptianMobile, mobileSearch, normalizeEgyptianMobile, whatsappNumber } from './phone.js';

describe('normalizeEgyptianMobile', () => {
  it.each([
    ['01005550123', '01005550123'],
    ['0111 234 5678', '01112345678'],
    ['012-3456-7890', '01234567890'],
    ['01512345678', '01512345678'],
    ['+201005550123', '01005550123'],
    ['+20 100 555 0123', '01005550123'],
    ['00201005550123', '01005550123'],
    ['201005550123', '01005550123'],
    ['(010) 0555-0123', '01005550123'],
    ['٠١٠٠٥٥٥٠١٢٣', '01005550123'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeEgyptianMobile(input)).toBe(expected);
  });

  it.each([['01305550123'], ['0100555012'], ['010055501234'], ['0225550123'], ['+441005550123'], ['phone'], [''], ['+20 100 555 012a']])(
    '%s is rejected',
    (input) => {
      expect(normalizeEgyptianMobile(input)).toBeNull();
    },
  );

  it('formats for display', () => {
    expect(formatEgyptianMobile('01005550123')).toBe('+20 100 555 0123');
  });
});

describe('mobileSearch', () => {
  it.each([
    ['+20 100 555 0199', { phone: '01005550199', phonePrefix: null }],
    ['00201005550199', { phone: '01005550199', phonePrefix: null }],
    ['٠١٠٠٥٥٥٠١٩٩', { phone: '01005550199', phonePrefix: null }],
    ['0100 555', { phone: null, phonePrefix: '0100555' }],
    ['100123', { phone: null, phonePrefix: '0100123' }],
    ['12', { phone: null, phonePrefix: null }],
    ['0225550123', { phone: null, phonePrefix: null }],
    ['Mona', { phone: null, phonePrefix: null }],
  ])('%s -> %o', (input, expected) => {
    expect(mobileSearch(input)).toEqual(expected);
  });
});

describe('whatsappNumber', () => {
  it.each([
    ['01005550123', '201005550123'],
    ['+20 100 555 0123', '201005550123'],
    ['0020 111 234 5678', '201112345678'],
    ['٠١٢٣٤٥٦٧٨٩٠', '201234567890'],
    ['۰۱۵۱۲۳۴۵۶۷۸', '201512345678'],
    ['201005550123', '201005550123'],
  ])('%s -> %s', (input, expected) => {
    expect(whatsappNumber(input)).toBe(expected);
  });

  it.each([['0225550123'], ['+441005550123'], ['']])('%s has no WhatsApp number', (input) => {
    expect(whatsappNumber(input)).toBeNull();
  });
});
