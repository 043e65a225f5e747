import { languages, type Language } from '../../shared/domain/languages.js';
import { seedCategories, seedProducts } from '../db/seed/catalogue.js';
import type { LocalNames, SearchableProduct } from './searchable-product.js';

/**
 * Queries shoppers type, with the demo products (by English name) a good search shows among its
 * first five results: any one of them is a hit, unless `all` asks for every one. `lng` is the
 * page's language; matching ignores it (a query matches a product in any language).
 */
export interface RelevanceCase {
  q: string;
  lng: Language;
  expect: string[];
  all?: boolean;
  kind: string;
}

const oils = [
  'Peppermint Essential Oil',
  'French Lavender Essential Oil',
  'Sweet Orange Essential Oil',
  'Eucalyptus Essential Oil',
  'Tea Tree Essential Oil',
  'Frankincense Essential Oil',
];
const candles = [
  'Oud Noir Candle',
  'Fig & Cedar Candle',
  'Lemon Verbena Tin Candle',
  'Lavender Fields Candle',
  'Jasmine Night Candle',
  'Rose Pillar Candle Set',
  'Sandalwood & Vanilla Soy Candle',
  'Amber Musk Three-Wick Candle',
];
const diffusers = [
  'Wood-Grain Ultrasonic Diffuser 300 ml',
  'Stone Ceramic Diffuser',
  'Glass Nebulizing Diffuser',
  'Mini USB Diffuser',
  'Smart Wi-Fi Diffuser 500 ml',
  'Car Vent Diffuser',
  'Amber Glass Reed Diffuser',
];
const purifiers = [
  'Compact HEPA Air Purifier (20 m²)',
  'Tower HEPA Air Purifier (40 m²)',
  'Desk USB Air Purifier',
  'Car Air Purifier',
  'Smart Air Purifier with Aroma Pad (60 m²)',
];
const oud = ['Oud Noir Candle', 'Oud & Amber Room Spray'];
const lavender = ['French Lavender Essential Oil', 'Lavender Fields Candle'];
const jasmine = ['Egyptian Jasmine Absolute', 'Jasmine Night Candle'];
const sandalwood = ['Sandalwood Essential Oil Blend', 'Sandalwood & Vanilla Soy Candle'];
const fresheners = [
  'Nile Lotus Water Freshener',
  'Bakhoor Nights Water Freshener',
  'Cotton Breeze Linen Spray',
  'Mint & Lime Kitchen Freshener',
  'Sea Salt & Sage Freshener',
  'Fig Leaf Bathroom Freshener',
];

export const relevanceSet: RelevanceCase[] = [
  // Issue 15's own examples.
  { q: 'lavendar', lng: 'en', expect: lavender, all: true, kind: 'typo' },
  { q: 'pepermint', lng: 'en', expect: ['Peppermint Essential Oil'], kind: 'typo' },
  { q: 'eucaliptus', lng: 'en', expect: ['Eucalyptus Essential Oil'], kind: 'typo' },
  { q: 'sandlewood', lng: 'en', expect: sandalwood, all: true, kind: 'typo (two)' },
  { q: 'difuser', lng: 'en', expect: diffusers, kind: 'typo' },
  { q: 'air purifer', lng: 'en', expect: purifiers, kind: 'typo, multi-word' },
  { q: 'oud', lng: 'ar', expect: oud, all: true, kind: 'Latin on the Arabic page' },
  { q: 'lavender', lng: 'ar', expect: lavender, all: true, kind: 'Latin on the Arabic page' },
  { q: 'عود', lng: 'en', expect: oud, all: true, kind: 'Arabic on the English page' },
  { q: 'الشموع', lng: 'ar', expect: candles, kind: 'definite article, plural' },
  { q: 'شموع', lng: 'ar', expect: candles, kind: 'plural' },
  { q: 'ناشر عطور', lng: 'ar', expect: diffusers, kind: 'agent noun, plural' },
  { q: '٣٠٠ مل', lng: 'ar', expect: ['Wood-Grain Ultrasonic Diffuser 300 ml'], kind: 'Arabic-Indic digits, unit' },
  // Typos.
  { q: 'jasmin', lng: 'en', expect: jasmine, kind: 'typo' },
  { q: 'frankincence', lng: 'en', expect: ['Frankincense Essential Oil'], kind: 'typo' },
  { q: 'lemongras', lng: 'en', expect: ['Lemongrass Essential Oil'], kind: 'typo' },
  { q: 'mabkhra', lng: 'en', expect: ['Brass Electric Mabkhara'], kind: 'typo' },
  { q: 'ultrasonik difuser', lng: 'en', expect: ['Wood-Grain Ultrasonic Diffuser 300 ml'], kind: 'typos, multi-word' },
  { q: 'لافاندر', lng: 'ar', expect: lavender, kind: 'Arabic typo' },
  { q: 'ياسمبن', lng: 'ar', expect: jasmine, kind: 'Arabic typo' },
  // Plurals and stems.
  { q: 'candles', lng: 'en', expect: candles, kind: 'English plural' },
  { q: 'oils', lng: 'en', expect: oils, kind: 'English plural' },
  { q: 'purifiers', lng: 'en', expect: purifiers, kind: 'English plural' },
  { q: 'زيوت', lng: 'ar', expect: oils, kind: 'Arabic broken plural' },
  { q: 'الزيوت العطرية', lng: 'ar', expect: oils, kind: 'article, plural, feminine' },
  { q: 'شمعه', lng: 'ar', expect: candles, kind: 'ta marbuta written as ha' },
  { q: 'معطرات', lng: 'ar', expect: fresheners, kind: 'feminine plural' },
  // Prefixes (typing) and Arabic prefixes.
  { q: 'lave', lng: 'en', expect: lavender, kind: 'prefix of the last word' },
  { q: 'eucal', lng: 'en', expect: ['Eucalyptus Essential Oil'], kind: 'prefix of the last word' },
  { q: 'tea tr', lng: 'en', expect: ['Tea Tree Essential Oil'], kind: 'prefix, multi-word' },
  { q: 'بالورد', lng: 'ar', expect: ['Rose Pillar Candle Set', 'Taif Rose Room Mist'], kind: 'preposition + article' },
  { q: 'والعنبر', lng: 'ar', expect: ['Oud & Amber Room Spray', 'Amber Musk Three-Wick Candle'], kind: 'conjunction + article' },
  { q: 'تنقيه هوا', lng: 'ar', expect: purifiers, kind: 'prefix, multi-word' },
  // Digits and units.
  { q: '300ml', lng: 'en', expect: ['Wood-Grain Ultrasonic Diffuser 300 ml'], kind: 'unit written together' },
  { q: '300 ml', lng: 'en', expect: ['Wood-Grain Ultrasonic Diffuser 300 ml'], kind: 'unit written apart' },
  { q: '٥٠٠ مل', lng: 'ar', expect: ['Smart Wi-Fi Diffuser 500 ml'], kind: 'Arabic-Indic digits, unit' },
  { q: '۵۰۰ml', lng: 'en', expect: ['Smart Wi-Fi Diffuser 500 ml'], kind: 'Persian digits, unit' },
  { q: 'جهاز نشر ٣٠٠', lng: 'ar', expect: ['Wood-Grain Ultrasonic Diffuser 300 ml'], kind: 'digits, multi-word' },
  // Word order, multi-word, mixed scripts.
  { q: 'amber oud', lng: 'en', expect: ['Oud & Amber Room Spray'], kind: 'word order' },
  { q: 'vanilla sandalwood candle', lng: 'en', expect: ['Sandalwood & Vanilla Soy Candle'], kind: 'word order' },
  { q: 'candle rose', lng: 'en', expect: ['Rose Pillar Candle Set'], kind: 'word order' },
  { q: 'العنبر العود', lng: 'ar', expect: ['Oud & Amber Room Spray'], kind: 'word order, article' },
  { q: 'شمعة العود', lng: 'ar', expect: ['Oud Noir Candle'], kind: 'multi-word' },
  { q: 'oud شمعة', lng: 'ar', expect: ['Oud Noir Candle'], kind: 'mixed scripts' },
  { q: 'hepa filter', lng: 'en', expect: ['True HEPA Replacement Filter'], kind: 'multi-word' },
  { q: 'tea tree oil', lng: 'en', expect: ['Tea Tree Essential Oil'], kind: 'multi-word' },
  { q: 'usb', lng: 'en', expect: ['Mini USB Diffuser', 'Desk USB Air Purifier'], all: true, kind: 'short word' },
  // Arabic names and categories.
  { q: 'النعناع', lng: 'ar', expect: ['Peppermint Essential Oil', 'Mint & Lime Kitchen Freshener'], kind: 'article' },
  { q: 'مبخرة', lng: 'ar', expect: ['Brass Electric Mabkhara'], kind: 'ta marbuta' },
  { q: 'الصندل', lng: 'ar', expect: sandalwood, all: true, kind: 'article' },
  { q: 'كافور', lng: 'ar', expect: ['Eucalyptus Essential Oil'], kind: 'Arabic scent name' },
  { q: 'ياسمين', lng: 'ar', expect: jasmine, all: true, kind: 'Arabic scent name' },
  { q: 'scented candles', lng: 'en', expect: candles, kind: 'category name' },
  { q: 'معطر سيارة', lng: 'ar', expect: ['Car Vent Diffuser', 'Orange Blossom Car & Home Spray'], kind: 'multi-word, ta marbuta' },
];

/** The demo catalogue as the index sees it: ids in seed order from 1, and which products are in stock. */
export function demoCatalogue(): { products: SearchableProduct[]; categories: Map<string, LocalNames>; inStock: Set<number>; nameOf: Map<string, number> } {
  const local = (l: { en: string; ar: string; fr?: string; de?: string }): LocalNames =>
    Object.fromEntries(languages.map((lng) => [lng, l[lng] ?? l.en])) as LocalNames;
  const categories = new Map(seedCategories.map((c) => [c.slug, local(c.name)]));
  const inStock = new Set<number>();
  const nameOf = new Map<string, number>();
  const products = seedProducts.map((p, i): SearchableProduct => {
    const id = i + 1;
    const stock = p.variants.length ? p.variants.reduce((s, v) => s + v.stock, 0) : p.stock;
    if (stock > 0) inStock.add(id);
    nameOf.set(p.name.en, id);
    const descriptions = local(p.shortDescription);
    return { id, names: local(p.name), descriptions: [...new Set(Object.values(descriptions))], categories: p.categories, tags: p.tags, sku: p.sku };
  });
  return { products, categories, inStock, nameOf };
}

/** Share of cases whose expected products show among the first five (`rank` returns ids, best first). */
export function hitAt5(
  rank: (c: RelevanceCase) => number[],
  nameOf: ReadonlyMap<string, number>,
  cases: readonly RelevanceCase[] = relevanceSet,
): { rate: number; misses: RelevanceCase[] } {
  const misses: RelevanceCase[] = [];
  for (const c of cases) {
    const ids = c.expect.map((name) => {
      const id = nameOf.get(name);
      if (id === undefined) throw new Error(`No demo product is named ${name}`);
      return id;
    });
    const top = new Set(rank(c).slice(0, 5));
    const hit = c.all ? ids.every((id) => top.has(id)) : ids.some((id) => top.has(id));
    if (!hit) misses.push(c);
  }
  return { rate: (cases.length - misses.length) / cases.length, misses };
}
