import { languages, type Language } from '../../shared/domain/languages.js';
import type { ProductRecord } from '../repositories/catalog-repository.js';

// What the search index is given and answers (decision 018): products' texts in every language, hits and their order.

/** A category's name in each language the shop speaks (French and German fall back to English). */
export type LocalNames = Record<Language, string>;

/** What the index knows of one product: its texts in every language at once. */
export interface SearchableProduct {
  id: number;
  names: LocalNames;
  /** Short descriptions, one per language (duplicates removed). */
  descriptions: string[];
  /** Category slugs. */
  categories: string[];
  tags: string[];
  sku: string;
}

/** One product that matched, with what decides its place (lower sorts first unless said). */
export interface SearchHit {
  id: number;
  /** The query's words, order free, are exactly the words of the product's name in some language. */
  exactName: boolean;
  /** Distinct query words the product matched (more first). */
  words: number;
  /** Query words matched only with a typo. */
  typos: number;
  /** 0: every matched word is in the name; 1: in the name, category, tags or SKU; 2: a description was needed. */
  field: number;
  /** A BM25-like score relative to the best match of the query, 0 to 1 (higher first). */
  score: number;
}

/** The index's view of a stored product: every language's name and short description. */
export function searchableProduct(record: ProductRecord): SearchableProduct {
  const { row } = record;
  const pick = (field: 'name' | 'short_description', lng: Language) => {
    const value = row[`${field}_${lng}`];
    return value && value.trim() ? value : row[`${field}_en`];
  };
  const names = Object.fromEntries(languages.map((lng) => [lng, pick('name', lng)])) as LocalNames;
  return {
    id: row.id,
    names,
    descriptions: [...new Set(languages.map((lng) => pick('short_description', lng)))],
    categories: record.categories,
    tags: record.tags,
    sku: row.sku,
  };
}

/** Hits in the order a shopper expects: exact name, all words, fewer typos, name before description, in stock, score. */
export function compareHits(a: SearchHit, b: SearchHit, inStock: (id: number) => boolean): number {
  return (
    Number(b.exactName) - Number(a.exactName) ||
    b.words - a.words ||
    a.typos - b.typos ||
    a.field - b.field ||
    Number(inStock(b.id)) - Number(inStock(a.id)) ||
    b.score - a.score ||
    a.id - b.id
  );
}
