import MiniSearch, { type SearchResult } from 'minisearch';
import type { Language } from '../src/shared/domain/languages.js';
import { searchTerms, typoBudget } from '../src/shared/domain/search-text.js';
import { compareHits, type LocalNames, type SearchableProduct, type SearchHit } from '../src/server/search/searchable-product.js';

/** Field weights: a word in the name counts most, a word only in a description least. */
const boost = { name: 4, category: 2, tags: 2, sku: 2, description: 1 };
const nameFields = new Set(['name']);
const labelFields = new Set(['name', 'category', 'tags', 'sku']);

type IndexedFields = { id: number; name: string; category: string; tags: string; sku: string; description: string };

/** The terms of a text as a set key (sorted, distinct), so word order does not matter. */
const termKey = (terms: readonly string[]) => [...new Set(terms)].sort().join(' ');

// The engine decision 018 first chose, kept for bench/search-engines.mjs to compare against: the
// whole of MiniSearch (its own per-document scoring), as src/server/search/product-search.ts was
// at commit 1c6d17f.

/**
 * The storefront's full-text index over product names, categories, tags, SKUs and short
 * descriptions in every language at once (decision 018). Built once from the catalogue's records;
 * one product's change is `upsert`/`remove`, never a rebuild.
 */
export class WholeMiniSearch {
  private readonly engine = new MiniSearch<IndexedFields>({
    fields: ['name', 'category', 'tags', 'sku', 'description'],
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => term,
    searchOptions: { tokenize: (text) => text.split(' '), processTerm: (term) => term },
  });
  private readonly products = new Map<number, SearchableProduct>();
  /** Per product, the term key of its name in each language (for exact-name matches). */
  private readonly nameKeys = new Map<number, Set<string>>();

  constructor(private readonly categories: ReadonlyMap<string, LocalNames> = new Map()) {}

  /** An index of these products; `categories` names each category slug in every language. */
  static build(products: Iterable<SearchableProduct>, categories: ReadonlyMap<string, LocalNames>): WholeMiniSearch {
    const index = new WholeMiniSearch(categories);
    for (const product of products) index.add(product);
    return index;
  }

  get size(): number {
    return this.products.size;
  }

  /** Adds or replaces one product (after its texts, categories or tags changed). */
  upsert(product: SearchableProduct): void {
    if (this.products.has(product.id)) this.remove(product.id);
    this.add(product);
  }

  /** Takes one product out (hidden or deleted). */
  remove(id: number): void {
    if (!this.products.delete(id)) return;
    this.nameKeys.delete(id);
    this.engine.discard(id);
  }

  private add(product: SearchableProduct): void {
    this.products.set(product.id, product);
    const names = [...new Set(Object.values(product.names))];
    this.nameKeys.set(product.id, new Set(names.map((name) => termKey(searchTerms(name)))));
    const categoryNames = product.categories.flatMap((slug) => [slug, ...new Set(Object.values(this.categories.get(slug) ?? {}))]);
    this.engine.add({
      id: product.id,
      name: names.join(' \n '),
      category: categoryNames.join(' \n '),
      tags: product.tags.join(' '),
      sku: product.sku,
      description: product.descriptions.join(' \n '),
    });
  }

  private run(terms: string[], combineWith: 'AND' | 'OR', fields?: string[], fuzzy: (term: string) => number = typoBudget): SearchResult[] {
    return this.engine.search(terms.join(' '), {
      fields,
      boost,
      combineWith,
      fuzzy: (term) => fuzzy(term),
      prefix: (_term, i, all) => i === all.length - 1,
    });
  }

  /**
   * The products matching `query` in any language, best first (see compareHits). Every word must
   * match (with the typos its length allows; the last word may be a prefix, as it is being typed);
   * when no product has them all, products matching some of the words, most words first.
   */
  search(query: string, inStock: (id: number) => boolean): SearchHit[] {
    const terms = [...new Set(searchTerms(query))];
    if (!terms.length) return [];
    let results = this.run(terms, 'AND');
    if (!results.length && terms.length > 1) results = this.run(terms, 'OR');
    const key = termKey(terms);
    const last = terms[terms.length - 1]!;
    const hits = results.map((r): SearchHit => {
      const matched = r.terms;
      const typos = r.queryTerms.filter((q) => !(q in r.match) && !(q === last && matched.some((t) => t.startsWith(q)))).length;
      const fields = Object.values(r.match);
      const field = fields.every((f) => f.some((x) => nameFields.has(x))) ? 0 : fields.every((f) => f.some((x) => labelFields.has(x))) ? 1 : 2;
      return { id: r.id as number, exactName: this.nameKeys.get(r.id as number)?.has(key) ?? false, words: r.queryTerms.length, typos, field, score: r.score };
    });
    return hits.sort((a, b) => compareHits(a, b, inStock));
  }

  /**
   * Up to `limit` product or category names in `lng` closest to a query that found nothing:
   * any word may match, with one more typo than a search allows, in names and categories only.
   */
  closestNames(query: string, lng: Language, limit = 3): string[] {
    const terms = [...new Set(searchTerms(query))];
    if (!terms.length) return [];
    const names = new Set<string>();
    for (const r of this.run(terms, 'OR', ['name', 'category'], (term) => (term.length >= 3 ? typoBudget(term) + 1 : 0))) {
      const product = this.products.get(r.id as number);
      if (!product) continue;
      const inName = Object.values(r.match).some((f) => f.includes('name'));
      if (inName) names.add(product.names[lng]);
      else for (const slug of product.categories) names.add(this.categories.get(slug)?.[lng] ?? slug);
      if (names.size >= limit) break;
    }
    return [...names].slice(0, limit);
  }
}
