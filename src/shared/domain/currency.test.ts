import { describe, expect, it } from 'vitest';
import {
  convert,
  currencySymbol,
  defaultCurrency,
  formatMoney,
  numberLocale,
  parseEgp,
  parseTypedNumber,
  setCurrency,
  type CurrencyState,
} from './currency.js';

const rates = { EGP: 1, USD: 0.02, EUR: 0.0188, GBP: 0.016 };

describe('setCurrency', () => {
  it.each([
    ['USD', { currencyName: 'USD', currencySymbol: '$', currencyRate: 0.02 }],
    ['EUR', { currencyName: 'EUR', currencySymbol: '€', currencyRate: 0.0188 }],
    ['GBP', { currencyName: 'GBP', currencySymbol: '£', currencyRate: 0.016 }],
    ['EGP', { currencyName: 'EGP', currencySymbol: 'EGP ', currencyRate: 1 }],
  ])('%s is accepted', (name, expected) => {
    expect(setCurrency(defaultCurrency, name, rates)).toEqual(expected);
  });

  it.each([['JPY'], [''], [undefined], [42], ['usd']])('unknown value %s keeps the state', (name) => {
    const usd = setCurrency(defaultCurrency, 'USD', rates);
    expect(setCurrency(usd, name, rates)).toBe(usd);
  });

  it.each([[{}], [{ USD: 0 }], [{ USD: -1 }], [{ USD: Number.NaN }]])('USD without a valid rate %o is ignored', (bad) => {
    expect(setCurrency(defaultCurrency, 'USD', bad)).toBe(defaultCurrency);
  });
});

describe('convert and formatMoney', () => {
  it.each([
    [12345, 1, 123.45],
    [100000, 0.02, 20],
    [785000, 0.0188, 147.58],
  ])('%i piastres at %f -> %f', (piastres, rate, expected) => {
    expect(convert(piastres, rate)).toBe(expected);
  });

  const usd: CurrencyState = { currencyName: 'USD', currencySymbol: '$', currencyRate: 0.02 };
  it.each([
    [123450, defaultCurrency, 'en', 'EGP\u00a01,234.50'],
    [9500, defaultCurrency, 'en', 'EGP\u00a095.00'],
    [100000, usd, 'en', '$20.00'],
    [100000, usd, 'de', '20,00\u00a0$'],
    [123450, defaultCurrency, 'fr', '1\u202f234,50\u00a0EGP'],
  ])('%i piastres in %o, %s -> %s', (piastres, currency, lng, expected) => {
    expect(formatMoney(piastres, currency, lng)).toBe(expected);
  });

  it('formats Arabic with Latin digits and the Egyptian pound sign', () => {
    const text = formatMoney(123450, defaultCurrency, 'ar');
    expect(text).toMatch(/1,234\.50/);
    expect(text).toMatch(/ج\.م/);
  });

  it.each([
    ['en', 'en-EG'],
    ['ar', 'ar-EG-u-nu-latn'],
    ['fn', 'fr-FR'],
    ['xx', 'en-EG'],
  ])('number locale of %s is %s', (lng, locale) => {
    expect(numberLocale(lng)).toBe(locale);
  });
});

describe('typed amounts', () => {
  it.each([
    ['1,250.5', 125050],
    ['١٬٢٥٠٫٥', 125050],
    ['  95 ', 9500],
    ['0.05', 5],
    ['-5', -500],
  ])('%s is %d piastres', (text, piastres) => expect(parseEgp(text)).toBe(piastres));
  it('is null when empty and NaN when not an amount with at most 2 decimals', () => {
    expect(parseEgp('')).toBeNull();
    for (const bad of ['1.234', 'abc', '1.2.3', '12e3']) expect(parseEgp(bad)).toBeNaN();
  });
  it('reads plain numbers with Arabic digits and separators', () => {
    expect(parseTypedNumber('٠٫٠٢٠٥')).toBe(0.0205);
    expect(parseTypedNumber('1,000')).toBe(1000);
    expect(parseTypedNumber('x')).toBeNaN();
  });
});

describe('currencySymbol', () => {
  it('writes the pound as prices in the language do', () => {
    expect(currencySymbol('EGP', 'en')).toBe('EGP');
    expect(currencySymbol('EGP', 'ar')).toMatch(/^ج\.م\./);
    expect(formatMoney(100, defaultCurrency, 'ar')).toContain(currencySymbol('EGP', 'ar'));
  });
});

describe('formatMoney in Arabic with a Latin currency symbol', () => {
  it('keeps US$ and UK£ whole inside right-to-left text', () => {
    const usd: CurrencyState = { currencyName: 'USD', currencySymbol: '$', currencyRate: 0.02 };
    expect(formatMoney(30000, usd, 'ar')).toMatch(/6\.00\sUS\$\u200E/);
    expect(formatMoney(30000, { ...usd, currencyName: 'GBP' }, 'ar')).toContain('UK£\u200E');
    expect(formatMoney(30000, usd, 'en')).toBe('$6.00');
  });
});
