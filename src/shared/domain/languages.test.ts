import { describe, expect, it } from 'vitest';
import { acceptedLanguage, languageDir, normalizeLanguage } from './languages.js';

describe('normalizeLanguage', () => {
  it.each([
    ['en', 'en'],
    ['fn', 'fr'],
    ['fr-FR', 'fr'],
    ['DE', 'de'],
    ['ar-EG', 'ar'],
    ['es', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });
});

describe('languageDir', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['en', 'ltr'],
    ['fr', 'ltr'],
  ])('%s is %s', (lng, dir) => {
    expect(languageDir(lng)).toBe(dir);
  });
});

describe('acceptedLanguage: the most wanted language the shop speaks', () => {
  it.each([
    ['ja;q=0.9, ar-EG;q=0.8, en;q=0.5', 'ar'],
    ['en;q=0.4, de-DE', 'de'],
    ['de-DE,de;q=0.9,en;q=0.5', 'de'],
    ['fr, en', 'fr'],
    ['es, fr;q=0', undefined],
    ['ja', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, expected) => {
    expect(acceptedLanguage(header)).toBe(expected);
  });
});
