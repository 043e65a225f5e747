import { describe, expect, it } from 'vitest';
import { pageSearch } from './page-params.js';

describe('pageSearch', () => {
  it('keeps the parameters a page reads, in their order, and drops tracking and unknown ones', () => {
    expect(pageSearch('?utm_source=fb&sort=priceLowToHigh&fbclid=x&category=candles&gclid=y&zzz=1&page=2').toString()).toBe(
      'sort=priceLowToHigh&category=candles&page=2',
    );
    expect(pageSearch('').toString()).toBe('');
    expect(pageSearch('?q=oud+blend&tag=musk').toString()).toBe('q=oud+blend&tag=musk');
  });
});
