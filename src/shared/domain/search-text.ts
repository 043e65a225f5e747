import { westernDigits } from './digits.js';

/*
 * How the shop reads search text, in one place: the product index, the listing, suggestions and
 * search statistics all go through these functions, so a query and a product name are always
 * folded and stemmed the same way (decision 018).
 */

/** Lower-cases and folds spelling variants: Latin accents, Arabic diacritics and tatweel, hamza forms, taa marbuta, alef maqsura, eastern digits. */
export function foldSearchText(text: string): string {
  return westernDigits(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي');
}

/** The query as caches and search statistics key it: folded, punctuation as spaces, single-spaced (never stemmed, so it stays readable). */
export function searchKey(query: string): string {
  return foldSearchText(query)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words that carry no meaning in a product search (a query of only these matches nothing). */
const stopWords = new Set(['and', 'with', 'the', 'of', 'for', 'in', 'a', 'an', 'و', 'في', 'من', 'مع', 'على', 'عن']);

/** Arabic spellings of units, read as the Latin unit the names use (`٣٠٠ مل` is `300 ml`). */
const units: Readonly<Record<string, string>> = { مل: 'ml', ملل: 'ml', ملي: 'ml', مللي: 'ml', سم: 'cm', مم: 'mm', م: 'm', لتر: 'l' };

const arabicLetters = /^[\u0621-\u064a]+$/;
const articles = ['وال', 'بال', 'فال', 'كال', 'لل', 'ال'];
const lightPrefixes = new Set(['و', 'ب', 'ل', 'ف']);

/**
 * Light Arabic stemming (in the manner of Larkey's light10, plus the commonest broken plurals):
 * the article and its attached prepositions, up to two one-letter prefixes (و ب ل ف) while three
 * letters remain, the endings ات / ه / ي, then the plural patterns فعول (شموع → شمع, زيوت → زيت),
 * أفعال (أعواد → عود) and the agent noun فاعل (ناشر → نشر). Input is folded text.
 */
export function stemArabic(word: string): string {
  let w = word;
  for (const article of articles) {
    if (w.startsWith(article) && w.length - article.length >= 2) {
      w = w.slice(article.length);
      break;
    }
  }
  for (let i = 0; i < 2 && lightPrefixes.has(w[0]!) && w.length - 1 >= 3; i++) w = w.slice(1);
  if (w.length >= 5 && w.endsWith('ات')) w = w.slice(0, -2);
  else if (w.length >= 4 && w.endsWith('ه')) w = w.slice(0, -1);
  if (w.length >= 4 && w.endsWith('ي')) w = w.slice(0, -1);
  if (w.length === 4 && w[2] === 'و') w = w[0]! + w[1]! + w[3]!;
  else if (w.length === 4 && w[1] === 'ا') w = w[0]! + w[2]! + w[3]!;
  else if (w.length === 5 && w[0] === 'ا' && w[3] === 'ا') w = w[1]! + w[2]! + w[4]!;
  return w;
}

/** Light English stemming of plurals: candles → candle, purifiers → purifier, batteries → battery, boxes → box. */
export function stemEnglish(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** One folded word as the index keeps it: a unit's Latin name, or its light stem. */
export function stemTerm(word: string): string {
  const unit = units[word];
  if (unit) return unit;
  if (arabicLetters.test(word)) return stemArabic(word);
  if (/^[a-z]+$/.test(word)) return stemEnglish(word);
  return word;
}

/** Folded words already split and stemmed (see searchTerms), up to this many. */
const MAX_REMEMBERED_WORDS = 50_000;
const wordTerms = new Map<string, readonly string[]>();

/**
 * The terms of a text or query, in order: folded, split at anything that is not a letter or a
 * digit and between digits and letters (`300ml` is `300 ml`), stop words dropped, each stemmed.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of foldSearchText(text).split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    let parts = wordTerms.get(word);
    if (!parts) {
      const found: string[] = [];
      for (const part of word.split(/(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})/u)) {
        if (stopWords.has(part)) continue;
        const term = stemTerm(part);
        if (term) found.push(term);
      }
      parts = found;
      // Indexing 100,000 products reads the same few thousand words millions of times: each folded
      // word's terms are worked out once (the memo is bounded; it starts again when full).
      if (wordTerms.size >= MAX_REMEMBERED_WORDS) wordTerms.clear();
      wordTerms.set(word, parts);
    }
    for (const term of parts) terms.push(term);
  }
  return terms;
}

/** How many typos a query word may carry, by its length in letters: none below 5, one from 5, two from 9 (as Typesense and Algolia count). */
export function typoBudget(term: string): number {
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** Queries shorter than this (in letters and digits) get no suggestions. */
export const MIN_SUGGEST_LENGTH = 2;

/** True when a search box should suggest for this text: the server answers, and the browser asks, from here. */
export function suggestible(query: string): boolean {
  return searchKey(query).replace(/ /g, '').length >= MIN_SUGGEST_LENGTH;
}
