import { describe, expect, it } from 'vitest';
import { normalizeOrderNumber, parseOrderSearch } from './order-search.js';

describe('reading the admin search box', () => {
  it('tells order numbers, phones and names apart', () => {
    expect(parseOrderSearch('NSM-100123')).toMatchObject({ number: 'NSM-100123', phone: null, name: null });
    expect(parseOrderSearch('nsm100123').number).toBe('NSM-100123');
    expect(parseOrderSearch('100123')).toMatchObject({ number: 'NSM-100123', phonePrefix: '0100123' });
    expect(parseOrderSearch('NSM-١٠٠١٢٣').number).toBe('NSM-100123');
    expect(parseOrderSearch('+20 100 555 0199')).toMatchObject({ phone: '01005550199', number: null, name: null });
    expect(parseOrderSearch('٠١٠٠٥٥٥٠١٩٩').phone).toBe('01005550199');
    expect(parseOrderSearch('0100 555')).toMatchObject({ phonePrefix: '0100555', name: null });
    expect(parseOrderSearch(' Mona ')).toMatchObject({ name: 'mona', number: null, phone: null, phonePrefix: null });
    // Wildcards are the repository's business: the name is the text as typed.
    expect(parseOrderSearch('50%_off').name).toBe('50%_off');
    expect(parseOrderSearch('12')).toEqual({ number: null, phone: null, phonePrefix: null, name: null });
  });
});

describe('normalizeOrderNumber', () => {
  it.each([
    ['NSM-100123', 'NSM-100123'],
    ['nsm-100123', 'NSM-100123'],
    [' NSM 100123 ', 'NSM-100123'],
    ['#NSM-100123', 'NSM-100123'],
    ['100123', 'NSM-100123'],
    ['#100123', 'NSM-100123'],
    ['NSM-١٠٠١٢٣', 'NSM-100123'],
    ['۱۰۰۱۲۳', 'NSM-100123'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeOrderNumber(input)).toBe(expected);
  });

  it.each([[''], ['NSM-'], ['NSM-12345'], ['NSM-1234567890'], ['ABC-100123'], ['100123x'], ['01005550199']])('%s is not an order number', (input) => {
    expect(normalizeOrderNumber(input)).toBeNull();
  });
});
