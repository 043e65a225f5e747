import { describe, expect, it } from 'vitest';
import { languageDir, normalizeLanguage } from './languages.js';

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
