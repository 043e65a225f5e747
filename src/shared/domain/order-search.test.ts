import { describe, expect, it } from 'vitest';
import { parseOrderSearch } from './order-search.js';

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
