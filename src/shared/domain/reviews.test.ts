import { describe, expect, it } from 'vitest';
import { cleanReviewText, ratingSummary, reviewerName, writtenLanguage } from './reviews.js';

describe('reviews: the rules both sides read', () => {
  it('averages to one decimal from the counts per star, 0 with none', () => {
    expect(ratingSummary([0, 0, 0, 0, 0])).toEqual({ average: 0, count: 0, stars: [0, 0, 0, 0, 0] });
    expect(ratingSummary([1, 0, 0, 2, 1])).toEqual({ average: 3.5, count: 4, stars: [1, 0, 0, 2, 1] });
    expect(ratingSummary([0, 0, 1, 1, 1]).average).toBe(4);
    expect(ratingSummary([0, 0, 0, 2, 1]).average).toBe(4.3);
  });

  it('shows the first name and the initial of the last by default', () => {
    expect(reviewerName('Mona Adel')).toBe('Mona A.');
    expect(reviewerName('  mona   el sayed ')).toBe('mona S.');
    expect(reviewerName('منى عادل')).toBe('منى ع.');
    expect(reviewerName('Mona')).toBe('Mona');
    expect(reviewerName('   ')).toBe('');
  });

  it('keeps the language a review was written in: Arabic by its letters, else the page’s Latin language', () => {
    expect(writtenLanguage('رائحة جميلة جدًا', 'en')).toBe('ar');
    expect(writtenLanguage('Très belle odeur', 'fr')).toBe('fr');
    expect(writtenLanguage('Lovely scent', 'ar')).toBe('en');
    expect(writtenLanguage('رائحة جميلة، lavender', 'de')).toBe('ar');
    expect(writtenLanguage('10/10 !!!', 'ar')).toBe('ar');
  });

  it('keeps text as typed without control characters or runs of blank lines', () => {
    expect(cleanReviewText('  Good\r\n\r\n\r\n\r\nreally\u0007 good \u0000 ')).toBe('Good\n\nreally good');
    expect(cleanReviewText('<a href="x">link</a>')).toBe('<a href="x">link</a>');
  });
});
