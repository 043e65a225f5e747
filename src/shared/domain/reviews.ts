import type { Language } from './languages.js';

// Reviews from buyers (issue 31, decision 038): the rules both sides read.

export const reviewStatuses = ['pending', 'published', 'rejected', 'replaced'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** How a product's reviews are listed: newest first, highest or lowest stars first, or only those with photos (newest first). */
export const reviewSorts = ['newest', 'highest', 'lowest', 'photos'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** Days after delivery during which the buyer's review link works. */
export const REVIEW_WINDOW_DAYS = 60;
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_BODY = { min: 10, max: 2000 } as const;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_NAME_MAX = 60;

/** Published reviews per number of stars, one to five. */
export type StarCounts = [number, number, number, number, number];
/** A product with no published review. */
export const NO_STARS: Readonly<StarCounts> = Object.freeze([0, 0, 0, 0, 0]);

export interface RatingSummary {
  /** The average number of stars, to one decimal; 0 with no reviews. */
  average: number;
  count: number;
  stars: StarCounts;
}

/** The count, the average to one decimal and the bars, from the counts per number of stars. */
export function ratingSummary(given: Readonly<StarCounts>): RatingSummary {
  const stars: StarCounts = [...given];
  const count = stars.reduce((sum, n) => sum + n, 0);
  const total = stars.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { average: count ? Math.round((total / count) * 10) / 10 : 0, count, stars };
}

/**
 * The name a review shows by default: the first name and the initial of the last ("Mona Adel" →
 * "Mona A.", "منى عادل" → "منى ع."), or the one name given.
 */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0]!.slice(0, REVIEW_NAME_MAX - 3);
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first;
}

const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/gu;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/gu;

/**
 * The language a review was written in: Arabic when most of its letters are Arabic, else the
 * page's language when that is written in Latin letters, else English. Shown with that language's
 * direction wherever it appears (an Arabic review reads right to left on the English page too).
 */
export function writtenLanguage(text: string, page: Language): Language {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  if (arabic > latin) return 'ar';
  if (latin > 0 && page === 'ar') return 'en';
  return page;
}

/** Text as typed, without control characters (other than line breaks), trimmed; runs of blank lines kept to one. */
export function cleanReviewText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // Control characters are what this pattern is for.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
