import { describe, expect, it } from 'vitest';
import { foldSearchText, searchKey, searchTerms, stemArabic, stemEnglish, typoBudget } from './search-text.js';

describe('foldSearchText', () => {
  it.each([
    ['أَزهار مُعطّرة', 'ازهار معطره'],
    ['إناء آخر', 'اناء اخر'],
    ['مستشفى', 'مستشفي'],
    ['شمــــعة', 'شمعه'],
    ['٣٠٠ مل', '300 مل'],
    ['۵۰۰', '500'],
    ['Crème BRÛLÉE', 'creme brulee'],
    ['مؤقت وسائد', 'موقت وسايد'],
  ])('%s → %s', (input, folded) => expect(foldSearchText(input)).toBe(folded));
});

describe('stemArabic (light stemming of folded words)', () => {
  it.each([
    ['الشموع', 'شمع'],
    ['شموع', 'شمع'],
    ['شمعه', 'شمع'],
    ['زيوت', 'زيت'],
    ['الزيت', 'زيت'],
    ['بالورد', 'ورد'],
    ['والعنبر', 'عنبر'],
    ['للسياره', 'سيار'],
    ['ورد', 'ورد'],
    ['عود', 'عود'],
    ['اعواد', 'عود'],
    ['ناشر', 'نشر'],
    ['عطور', 'عطر'],
    ['معطرات', 'معطر'],
    ['العطريه', 'عطر'],
  ])('%s → %s', (word, stem) => expect(stemArabic(word)).toBe(stem));

  it('stems a word the same with or without the article and a preposition', () => {
    for (const word of ['بخور', 'لافندر', 'ليمون', 'لبان', 'وساده']) {
      expect(stemArabic(`ال${word}`)).toBe(stemArabic(word));
      expect(stemArabic(`بال${word}`)).toBe(stemArabic(word));
    }
  });
});

describe('stemEnglish', () => {
  it.each([
    ['candles', 'candle'],
    ['oils', 'oil'],
    ['purifiers', 'purifier'],
    ['batteries', 'battery'],
    ['boxes', 'box'],
    ['eucalyptus', 'eucalyptus'],
    ['glass', 'glass'],
    ['oud', 'oud'],
  ])('%s → %s', (word, stem) => expect(stemEnglish(word)).toBe(stem));
});

describe('searchTerms', () => {
  it('reads units written together, apart or in Arabic the same way', () => {
    expect(searchTerms('300ml')).toEqual(['300', 'ml']);
    expect(searchTerms('300 ML')).toEqual(['300', 'ml']);
    expect(searchTerms('٣٠٠ مل')).toEqual(['300', 'ml']);
  });

  it('drops punctuation and stop words and stems each word', () => {
    expect(searchTerms('Oud & Amber Room Sprays')).toEqual(['oud', 'amber', 'room', 'spray']);
    expect(searchTerms('زيت النعناع العطري')).toEqual(['زيت', 'نعناع', 'عطر']);
    expect(searchTerms('  ')).toEqual([]);
  });
});

it('searchKey folds and single-spaces a query without stemming it', () => {
  expect(searchKey('  الشموع   ٣٠٠  ')).toBe('الشموع 300');
  expect(searchKey('Oud & Amber!')).toBe('oud amber');
});

it('typoBudget allows one typo from 5 letters and two from 9', () => {
  expect([4, 5, 8, 9].map((n) => typoBudget('x'.repeat(n)))).toEqual([0, 1, 1, 2]);
});
