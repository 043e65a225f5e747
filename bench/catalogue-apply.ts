// What a process pays to take in an admin write of many products (decision 041): applying k
// changed records one by one (`CatalogIndex.apply` and the search index's upserts, as
// `CatalogReplica.applyRecords` does for `after.productsChanged`) against building both anew (what
// a whole reload, `after.contentChanged('everything')`, does besides reading the rows).
// Synthetic records, no database. Usage: npx tsx bench/catalogue-apply.ts  (BENCH_PRODUCTS, default 100000)
// Prints figures and asserts nothing: machines here are shared and noisy.
import { CatalogIndex } from '../src/server/catalog/catalog-index.js';
import { ProductSearch } from '../src/server/search/product-search.js';
import { searchableProduct, type LocalNames } from '../src/server/search/searchable-product.js';
import type { ProductRecord } from '../src/server/repositories/catalog-repository.js';

const count = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const words = ['Lavender', 'Rose', 'Jasmine', 'Oud', 'Amber', 'Sandal', 'Vanilla', 'Musk', 'Cedar', 'Fig', 'Mint', 'Saffron'];
const categories = ['essential-oils', 'candles', 'fresheners'];

function record(id: number): ProductRecord {
  const price = 10_000 + ((id * 37) % 90_000);
  return {
    row: {
      id,
      slug: `p-${id}`,
      sku: `SKU-${id}`,
      name_en: `${words[id % 12]} ${words[(id * 7) % 12]} Oil ${id}`,
      name_ar: `زيت ${id}`,
      name_fr: null,
      name_de: null,
      short_description_en: 'A calm oil for the evening.',
      short_description_ar: 'زيت هادئ للمساء.',
      short_description_fr: null,
      short_description_de: null,
      price,
      discount: id % 5 === 0 ? 10 : 0,
      offer_end: null,
      is_new: id % 9 === 0 ? 1 : 0,
      rating: 4.2,
      review_count: 3,
      sale_count: id % 97,
      stock: id % 13,
      created_at: new Date(1_700_000_000_000 + id * 1_000).toISOString(),
    },
    categories: [categories[id % 3]!],
    tags: [words[id % 12]!.toLowerCase()],
    images: [],
    variants:
      id % 4 === 0
        ? [
            { id: id * 10, color: null, size: '10ml', stock: 3, price: null },
            { id: id * 10 + 1, color: null, size: '30ml', stock: 2, price: price + 7_000 },
          ]
        : [],
  };
}

const time = (f: () => void): number => {
  const started = performance.now();
  f();
  return performance.now() - started;
};

const records = Array.from({ length: count }, (_, i) => record(i + 1));
const names = new Map<string, LocalNames>(categories.map((c) => [c, { en: c, ar: c, fr: c, de: c }]));
let index!: CatalogIndex;
let search!: ProductSearch;
console.log(`${count} products`);
console.log(
  `whole: index built in ${time(() => (index = new CatalogIndex(records))).toFixed(0)} ms, search index in ${time(() => (search = ProductSearch.build(records.map(searchableProduct), names))).toFixed(0)} ms`,
);
for (const k of [100, 500, 1_000, 2_000, 5_000, 10_000]) {
  const changed = records.slice(0, k).map((r) => ({ ...r, row: { ...r.row, price: Math.round(r.row.price * 1.1) } }));
  const applied = time(() => index.apply(changed, []));
  const upserted = time(() => {
    for (const r of changed) search.upsert(searchableProduct(r));
  });
  console.log(`${String(k).padStart(6)} changed: index ${applied.toFixed(0)} ms + search ${upserted.toFixed(0)} ms, one block of the event loop`);
}
