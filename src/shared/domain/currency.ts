import { westernDigits } from './digits.js';
import { cachedIntl } from './intl-cache.js';
import { normalizeLanguage } from './languages.js';

export const currencies = ['EGP', 'USD', 'EUR', 'GBP'] as const;
export type CurrencyCode = (typeof currencies)[number];

/** The shopper's display currency (field names of the specification). `currencyRate`: units per 1 EGP. */
export interface CurrencyState {
  currencyName: CurrencyCode;
  currencySymbol: string;
  currencyRate: number;
}

export const currencySymbols: Record<CurrencyCode, string> = { EGP: 'EGP ', USD: '$', EUR: '€', GBP: '£' };

/** EGP at rate 1: the shop's base currency; orders are always charged in it. */
export const defaultCurrency: CurrencyState = { currencyName: 'EGP', currencySymbol: currencySymbols.EGP, currencyRate: 1 };

/** True for EGP, USD, EUR and GBP. */
export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

/**
 * Switches the display currency using `rates` (units per 1 EGP). An unknown name or a missing,
 * non-positive or non-finite rate leaves the state unchanged (the earlier shop broke here).
 */
export function setCurrency(state: CurrencyState, name: unknown, rates: Partial<Record<CurrencyCode, number>>): CurrencyState {
  if (!isCurrencyCode(name)) return state;
  const rate = name === 'EGP' ? 1 : rates[name];
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return state;
  if (state.currencyName === name && state.currencyRate === rate) return state;
  return { currencyName: name, currencySymbol: currencySymbols[name], currencyRate: rate };
}

/** Converts piastres to major units of the target currency at `rate` (units per EGP), to 2 decimals. */
export function convert(piastres: number, rate: number): number {
  return Math.round(piastres * rate) / 100;
}

const numberLocales: Record<string, string> = { en: 'en-EG', fr: 'fr-FR', de: 'de-DE', ar: 'ar-EG-u-nu-latn' };

/** The Intl locale for a language; Arabic keeps Latin digits (see docs/decisions/004-arabic-digits.md). */
export function numberLocale(lng: string): string {
  return numberLocales[normalizeLanguage(lng)] ?? 'en-EG';
}

/** The money format of a locale and currency: two decimals, the currency's symbol. */
function moneyFormat(locale: string, code: CurrencyCode): Intl.NumberFormat {
  return cachedIntl(
    `money|${locale}|${code}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
}

/** A currency's symbol as prices in a language write it ("EGP" in English, "ج.م." in Arabic). */
export function currencySymbol(code: CurrencyCode, lng: string): string {
  const parts = moneyFormat(numberLocale(lng), code).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? code;
}

/** Formats piastres in the display currency and language, always with two decimals. */
export function formatMoney(piastres: number, currency: CurrencyState, lng: string): string {
  const locale = numberLocale(lng);
  const text = moneyFormat(locale, currency.currencyName).format(convert(piastres, currency.currencyRate));
  // In Arabic a Latin symbol such as "US$" sits inside right-to-left text, where the "$" would
  // drift to the other side of the letters ("$US"); a left-to-right mark after it holds it in place.
  return locale.startsWith('ar') ? text.replace(/[A-Za-z]+[$£€]?/g, '$&\u200E') : text;
}

/** Formats piastres as EGP in a language. */
export function formatPiastres(piastres: number, lng: string): string {
  return formatMoney(piastres, defaultCurrency, lng);
}

/**
 * A number as a person types it: Arabic-Indic digits allowed, commas (or the Arabic ٬) grouping
 * thousands, a dot (or the Arabic ٫) before decimals, an optional leading minus. Null when empty,
 * NaN when it is not a number.
 */
export function parseTypedNumber(text: string): number | null {
  const clean = westernDigits(text)
    .replace(/[\s,٬]/g, '')
    .replace('٫', '.');
  if (clean === '') return null;
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** Typed EGP ("1,250.5", "١٬٢٥٠٫٥") in integer piastres; null when empty, NaN when not an amount with at most 2 decimals. */
export function parseEgp(text: string): number | null {
  const n = parseTypedNumber(text);
  if (n === null || Number.isNaN(n)) return n;
  const piastres = Math.round(n * 100);
  return Math.abs(piastres - n * 100) < 1e-6 ? piastres : Number.NaN;
}
