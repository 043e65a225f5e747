import SearchableMap from 'minisearch/SearchableMap';
import type { Language } from '../../shared/domain/languages.js';
import { searchTerms, typoBudget } from '../../shared/domain/search-text.js';
import { Postings } from './postings.js';
import { compareHits, type LocalNames, type SearchableProduct, type SearchHit } from './searchable-product.js';

/** The terms of a text as a set key (sorted, distinct), so word order does not matter. */
const termKey = (terms: readonly string[]) => [...new Set(terms)].sort().join(' ');

/**
 * Field groups, best first: each term of a product is indexed in the groups it appears in, with
 * the group's weight and the `field` tier a match there gives (see SearchHit).
 */
const NAME = 0;
const CATEGORY = 1;
const LABEL = 2;
const DESCRIPTION = 3;
const GROUPS = 4;
const groupBoost = [4, 2, 2, 1];
/** A query word's per-product mark: one bit per group it matched in, and this bit when it matched without a typo. */
const EXACT = 1 << GROUPS;
/** Weights of a word completed from a prefix and of a word matched with typos, against an exact word (as MiniSearch's defaults). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** BM25's parameters, applied to the name's length (a shorter name that matches ranks higher). */
const K1 = 1.2;
const B = 0.7;
/** Query words past this many are ignored: `words` and `typos` are packed in four bits each. */
const MAX_QUERY_TERMS = 12;
/** Ranks are packed in one double: tier (12 bits), score (16 bits), product id (25 bits). */
const SCORE_STEPS = 0xffff;
const ID_SPAN = 2 ** 25;
const SCORE_SPAN = 2 ** 16;

/** A hit from its packed rank (see ProductSearch.search). */
function unpackHit(key: number): SearchHit {
  const id = key % ID_SPAN;
  const rest = (key - id) / ID_SPAN;
  const relative = SCORE_STEPS - (rest % SCORE_SPAN);
  const tier = Math.floor(rest / SCORE_SPAN / 2);
  return {
    id,
    exactName: Math.floor(tier / 1024) === 0,
    words: 15 - (Math.floor(tier / 64) % 16),
    typos: Math.floor(tier / 4) % 16,
    field: tier % 4,
    score: relative / SCORE_STEPS,
  };
}

/** What the index keeps of a product: enough to answer did-you-mean and to take it out again. */
interface Doc {
  id: number;
  names: LocalNames;
  categories: readonly string[];
  /** The posting lists it is in (term id × GROUPS + group), ascending. */
  lists: Int32Array;
  /** Term keys of its names, for exact-name matches. */
  nameKeys: string[];
}

/** One dictionary word a query word stands for. */
interface Expansion {
  term: number;
  weight: number;
  /** Exact or completed from the prefix being typed (not a typo). */
  exact: boolean;
}

/** The products some query words matched: per word a mark per document, and a summed score. */
interface Matches {
  marks: Uint8Array[];
  /** Per word, the documents it marked (in the order met) and how many. */
  touched: Int32Array[];
  counts: number[];
  score: Float64Array;
}

/**
 * The storefront's full-text index over product names, categories, tags, SKUs and short
 * descriptions in every language at once (decision 018). MiniSearch's radix tree (`SearchableMap`)
 * is the dictionary, for prefixes and bounded-typo lookups; each term has compact posting lists of
 * document numbers per field group (`Postings`), and a query ranks only the products it matches.
 * Built once from the catalogue's records; one product's change is `upsert`/`remove`, never a rebuild.
 */
export class ProductSearch {
  /** Term → term id; the radix tree holds the same, for prefix and typo look-ups. */
  private readonly termIds = new Map<string, number>();
  private readonly dictionary = new SearchableMap<number>();
  private readonly terms: (string | undefined)[] = [];
  private readonly freeTerms: number[] = [];
  private readonly postings = new Postings();
  /** Product id → document number; numbers of removed products are reused. */
  private readonly docOf = new Map<number, number>();
  private readonly docs: (Doc | undefined)[] = [];
  private readonly freeDocs: number[] = [];
  private nameLengths = new Uint8Array(1024);
  private totalNameLength = 0;
  /** Term key of a name → the documents with that name in some language. */
  private readonly exactNames = new Map<string, number[]>();
  /** Terms of a category (slug and names) or tag, worked out once. */
  private readonly labelTerms = new Map<string, string[]>();

  constructor(private readonly categories: ReadonlyMap<string, LocalNames> = new Map()) {}

  /** An index of these products; `categories` names each category slug in every language. */
  static build(products: Iterable<SearchableProduct>, categories: ReadonlyMap<string, LocalNames>): ProductSearch {
    const index = new ProductSearch(categories);
    for (const product of products) index.add(product);
    index.postings.compact();
    return index;
  }

  /**
   * As `build`, in slices of about `sliceMs` of work with the event loop let run between them, so a
   * process answers listings and product pages while its index is built (100,000 products: about
   * 2.5 s of work on a 2-core machine).
   */
  static async buildInSlices(products: Iterable<SearchableProduct>, categories: ReadonlyMap<string, LocalNames>, sliceMs = 10): Promise<ProductSearch> {
    const index = new ProductSearch(categories);
    let sliceStart = performance.now();
    let n = 0;
    for (const product of products) {
      index.add(product);
      if (++n % 64 === 0 && performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    index.postings.compact();
    return index;
  }

  get size(): number {
    return this.docOf.size;
  }

  /** Adds or replaces one product (after its texts, categories or tags changed). */
  upsert(product: SearchableProduct): void {
    this.remove(product.id);
    this.add(product);
  }

  /** Takes one product out (hidden or deleted). */
  remove(id: number): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    const { lists, nameKeys } = this.docs[doc]!;
    for (const list of lists) this.postings.remove(list, doc);
    for (const list of lists) this.releaseIfUnused(Math.floor(list / GROUPS));
    for (const key of nameKeys) {
      const docs = this.exactNames.get(key)!.filter((d) => d !== doc);
      if (docs.length) this.exactNames.set(key, docs);
      else this.exactNames.delete(key);
    }
    this.totalNameLength -= this.nameLengths[doc]!;
    this.docs[doc] = undefined;
    this.docOf.delete(id);
    this.freeDocs.push(doc);
  }

  private add(product: SearchableProduct): void {
    const doc = this.freeDocs.pop() ?? this.docs.length;
    const lists = new Set<number>();
    const put = (terms: readonly string[], group: number) => {
      for (const term of terms) lists.add(this.termId(term) * GROUPS + group);
    };
    const nameKeys = new Set<string>();
    let nameLength = 0;
    for (const name of new Set(Object.values(product.names))) {
      const terms = searchTerms(name);
      nameLength += terms.length;
      nameKeys.add(termKey(terms));
      put(terms, NAME);
    }
    for (const slug of product.categories)
      put(
        this.labels(`category:${slug}`, () => [slug, ...new Set(Object.values(this.categories.get(slug) ?? {}))].join(' \n ')),
        CATEGORY,
      );
    for (const tag of product.tags)
      put(
        this.labels(`tag:${tag}`, () => tag),
        LABEL,
      );
    put(searchTerms(product.sku), LABEL);
    for (const description of product.descriptions) put(searchTerms(description), DESCRIPTION);

    const sorted = Int32Array.from(lists).sort();
    for (const list of sorted) this.postings.add(list, doc);
    if (doc >= this.nameLengths.length) {
      const grown = new Uint8Array(this.nameLengths.length * 2);
      grown.set(this.nameLengths);
      this.nameLengths = grown;
    }
    this.nameLengths[doc] = Math.min(255, nameLength);
    this.totalNameLength += this.nameLengths[doc]!;
    for (const key of nameKeys) {
      const docs = this.exactNames.get(key);
      if (docs) docs.push(doc);
      else this.exactNames.set(key, [doc]);
    }
    this.docs[doc] = { id: product.id, names: product.names, categories: product.categories, lists: sorted, nameKeys: [...nameKeys] };
    this.docOf.set(product.id, doc);
  }

  private labels(key: string, text: () => string): string[] {
    let terms = this.labelTerms.get(key);
    if (!terms) this.labelTerms.set(key, (terms = searchTerms(text())));
    return terms;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.freeTerms.pop() ?? this.terms.length;
      this.terms[id] = term;
      this.termIds.set(term, id);
      this.dictionary.set(term, id);
    }
    return id;
  }

  /** Forgets a term no product carries any more, so typo and prefix look-ups stop meeting it. */
  private releaseIfUnused(id: number): void {
    const term = this.terms[id];
    if (term === undefined) return;
    for (let group = 0; group < GROUPS; group++) if (this.postings.length(id * GROUPS + group)) return;
    this.terms[id] = undefined;
    this.termIds.delete(term);
    this.dictionary.delete(term);
    this.freeTerms.push(id);
  }

  /** The dictionary words a query word stands for: itself, its completions when it is being typed, and words within `typos` edits. */
  private expand(word: string, prefix: boolean, typos: number): Expansion[] {
    const found = new Map<number, Expansion>();
    const exact = this.termIds.get(word);
    if (exact !== undefined) found.set(exact, { term: exact, weight: 1, exact: true });
    if (prefix)
      for (const [term, id] of this.dictionary.atPrefix(word))
        if (!found.has(id)) found.set(id, { term: id, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length)), exact: true });
    if (typos > 0)
      for (const [term, [id, distance]] of this.dictionary.fuzzyGet(word, typos))
        if (!found.has(id)) found.set(id, { term: id, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance), exact: false });
    return [...found.values()];
  }

  /** Marks, per query word, the documents it matches in the first `groupCount` groups, and sums their scores. */
  private match(words: readonly string[], groupCount: number, budget: (word: string) => number): Matches {
    const capacity = this.docs.length;
    const n = this.size;
    const averageName = n ? this.totalNameLength / n : 1;
    const score = new Float64Array(capacity);
    const marks: Uint8Array[] = [];
    const touched: Int32Array[] = [];
    const counts: number[] = [];
    words.forEach((word, i) => {
      const mark = new Uint8Array(capacity);
      let seen = new Int32Array(64);
      let count = 0;
      for (const { term, weight, exact } of this.expand(word, i === words.length - 1, budget(word))) {
        for (let group = 0; group < groupCount; group++) {
          const list = term * GROUPS + group;
          const df = this.postings.length(list);
          if (!df) continue;
          const base = groupBoost[group]! * weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
          const bits = (1 << group) | (exact ? EXACT : 0);
          const lengths = this.nameLengths;
          const nameBase = (base * (K1 + 1)) / K1;
          for (const doc of this.postings.docs(list)) {
            if (!mark[doc]) {
              if (count === seen.length) {
                const grown = new Int32Array(count * 2);
                grown.set(seen);
                seen = grown;
              }
              seen[count++] = doc;
            }
            mark[doc]! |= bits;
            score[doc]! += group === NAME ? nameBase / (1 / K1 + 1 - B + (B * lengths[doc]!) / averageName) : base;
          }
        }
      }
      marks.push(mark);
      touched.push(seen);
      counts.push(count);
    });
    return { marks, touched, counts, score };
  }

  /** Documents every word matched (`all`), else any word matched, each once. */
  private candidates({ marks, touched, counts }: Matches, all: boolean): Int32Array {
    if (all) {
      let driver = 0;
      counts.forEach((count, i) => {
        if (count < counts[driver]!) driver = i;
      });
      const out = new Int32Array(counts[driver]!);
      let n = 0;
      for (let i = 0; i < counts[driver]!; i++) {
        const doc = touched[driver]![i]!;
        if (marks.every((mark) => mark[doc])) out[n++] = doc;
      }
      return out.subarray(0, n);
    }
    const taken = new Uint8Array(this.docs.length);
    const out = new Int32Array(counts.reduce((sum, count) => sum + count, 0));
    let n = 0;
    touched.forEach((docs, word) => {
      for (let i = 0; i < counts[word]!; i++) {
        const doc = docs[i]!;
        if (!taken[doc]) {
          taken[doc] = 1;
          out[n++] = doc;
        }
      }
    });
    return out.subarray(0, n);
  }

  /**
   * The products matching `query` in any language, best first (see compareHits). Every word must
   * match (with the typos its length allows; the last word may be a prefix, as it is being typed);
   * when no product has them all, products matching some of the words, most words first.
   */
  search(query: string, inStock: (id: number) => boolean): SearchHit[] {
    const words = [...new Set(searchTerms(query))].slice(0, MAX_QUERY_TERMS);
    if (!words.length) return [];
    const matches = this.match(words, GROUPS, typoBudget);
    let found = this.candidates(matches, true);
    if (!found.length && words.length > 1) found = this.candidates(matches, false);
    if (!found.length) return [];
    const exactDocs = new Set(this.exactNames.get(termKey(words)));
    const { marks, score } = matches;
    let best = 0;
    for (const doc of found) best = Math.max(best, score[doc]!);
    // Each match's tier (exact name, words, typos, field) and relative score, packed with its stock
    // and id into one number, so one native sort orders them as compareHits does.
    const keys = new Float64Array(found.length);
    let packable = true;
    found.forEach((doc, i) => {
      let matched = 0;
      let typos = 0;
      let field = 0;
      for (const mark of marks) {
        const m = mark[doc]!;
        if (!m) continue;
        matched++;
        if (!(m & EXACT)) typos++;
        field = Math.max(field, m & (1 << NAME) ? 0 : m & ((1 << CATEGORY) | (1 << LABEL)) ? 1 : 2);
      }
      const id = this.docs[doc]!.id;
      if (id < 0 || id >= ID_SPAN) packable = false;
      const tier = (((exactDocs.has(doc) ? 0 : 1) * 16 + (15 - matched)) * 16 + typos) * 4 + field;
      const relative = best ? Math.round((score[doc]! / best) * SCORE_STEPS) : 0;
      keys[i] = ((tier * 2 + (inStock(id) ? 0 : 1)) * SCORE_SPAN + SCORE_STEPS - relative) * ID_SPAN + (packable ? id : 0);
    });
    if (packable) return Array.from(keys.sort(), (key) => unpackHit(key));
    // A product id too large to pack (never in practice): the same hits, sorted by comparing them.
    return Array.from(found, (doc, i) => ({ ...unpackHit(keys[i]!), id: this.docs[doc]!.id })).sort((a, b) => compareHits(a, b, inStock));
  }

  /**
   * Up to `limit` product or category names in `lng` closest to a query that found nothing:
   * any word may match, with one more typo than a search allows, in names and categories only.
   */
  closestNames(query: string, lng: Language, limit = 3): string[] {
    const words = [...new Set(searchTerms(query))].slice(0, MAX_QUERY_TERMS);
    if (!words.length) return [];
    const matches = this.match(words, CATEGORY + 1, (word) => (word.length >= 3 ? typoBudget(word) + 1 : 0));
    const found = this.candidates(matches, false);
    let best = 0;
    for (const doc of found) best = Math.max(best, matches.score[doc]!);
    // Best score first, then lower document number: packed as one number and sorted natively.
    const keys = Float64Array.from(found, (doc) => (SCORE_STEPS - (best ? Math.round((matches.score[doc]! / best) * SCORE_STEPS) : 0)) * ID_SPAN + doc).sort();
    const names = new Set<string>();
    for (const key of keys) {
      const doc = key % ID_SPAN;
      const product = this.docs[doc]!;
      const inName = matches.marks.some((mark) => mark[doc]! & (1 << NAME));
      if (inName) names.add(product.names[lng]);
      else for (const slug of product.categories) names.add(this.categories.get(slug)?.[lng] ?? slug);
      if (names.size >= limit) break;
    }
    return [...names].slice(0, limit);
  }
}
