// Compares the search index (src/server/search/product-search.ts: MiniSearch's radix tree as the
// dictionary, compact postings per field group, ranking of the matches only) with the whole
// MiniSearch engine decision 018 first chose (bench/whole-minisearch.ts), on the same data with the
// same text rules (src/shared/domain/search-text.ts): relevance (hit@5 on the relevance set), index
// build time, memory, one-product update time, search and did-you-mean latency, on the demo
// catalogue and on synthetic catalogues of realistic English/Arabic products (default 100,000).
// Orama, measured against MiniSearch before, has been uninstalled; its figures stay in decision 018.
//
//   npx tsx bench/search-engines.mjs [products=100000] [engine=both|postings|minisearch]
//
// Each engine is measured in its own child process so one's memory does not count against the other.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ProductSearch } from '../src/server/search/product-search.ts';
import { demoCatalogue, hitAt5, relevanceSet } from '../src/server/search/relevance-set.ts';
import { WholeMiniSearch } from './whole-minisearch.ts';
import { seededRandom } from './seeded-random.mjs';

const size = Number(process.argv[2] ?? 100_000);
const which = process.argv[3] ?? 'both';
const child = process.argv[4] === '--child';

const scents = [
  ['Lavender', 'اللافندر'],
  ['Peppermint', 'النعناع'],
  ['Oud', 'العود'],
  ['Amber', 'العنبر'],
  ['Jasmine', 'الياسمين'],
  ['Sandalwood', 'الصندل'],
  ['Rose', 'الورد'],
  ['Musk', 'المسك'],
  ['Vanilla', 'الفانيليا'],
  ['Cedar', 'الأرز'],
  ['Eucalyptus', 'الكافور'],
  ['Lemongrass', 'حشيشة الليمون'],
  ['Orange Blossom', 'زهر البرتقال'],
  ['Frankincense', 'اللبان'],
  ['Fig', 'التين'],
  ['Cinnamon', 'القرفة'],
  ['Sea Salt', 'ملح البحر'],
  ['Tea Tree', 'شجرة الشاي'],
  ['Bergamot', 'البرغموت'],
  ['Patchouli', 'الباتشولي'],
  ['Neroli', 'النيرولي'],
  ['Geranium', 'العتر'],
  ['Lotus', 'اللوتس'],
  ['Cotton', 'القطن'],
];
const kinds = [
  ['Essential Oil', 'زيت عطري', 'essential-oils'],
  ['Soy Candle', 'شمعة صويا', 'scented-candles'],
  ['Pillar Candle', 'شمعة عمودية', 'scented-candles'],
  ['Room Spray', 'معطر غرف', 'water-fresheners'],
  ['Linen Mist', 'رذاذ مفارش', 'water-fresheners'],
  ['Reed Diffuser', 'معطر أعواد', 'aroma-diffusers'],
  ['Ultrasonic Diffuser', 'جهاز نشر عطور', 'aroma-diffusers'],
  ['Air Purifier', 'جهاز تنقية هواء', 'air-purifiers'],
  ['Car Freshener', 'معطر سيارة', 'water-fresheners'],
];
const styles = [
  ['Classic', 'كلاسيك'],
  ['Nile', 'النيل'],
  ['Cairo Nights', 'ليالي القاهرة'],
  ['Garden', 'الحديقة'],
  ['Royal', 'ملكي'],
  ['Desert', 'الصحراء'],
  ['Mini', 'صغير'],
  ['Deluxe', 'فاخر'],
];
const sizes = ['', ' 100 ml', ' 250 ml', ' 300 ml', ' 500 ml'];
const tags = ['relaxing', 'energising', 'sleep', 'focus', 'citrus', 'floral', 'woody', 'fresh', 'oriental', 'gift', 'natural', 'smart'];
const wordsEn =
  'soft warm fresh calm bright deep sweet green clean rich light long-lasting hand-poured natural home bedroom kitchen evening morning gift'.split(' ');
const wordsAr = 'ناعم دافئ منعش هادئ مشرق عميق حلو أخضر نظيف غني خفيف يدوم طويلا طبيعي للبيت غرفة النوم المطبخ المساء الصباح هدية'.split(' ');

/** `n` synthetic products after the demo's ids, in English and Arabic, with the demo's categories. */
function synthetic(n, categories, start) {
  const r = seededRandom(42);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const out = [];
  for (let i = 0; i < n; i++) {
    const [se, sa] = pick(scents);
    const [ke, ka, category] = pick(kinds);
    const [ye, ya] = pick(styles);
    const size = pick(sizes);
    const desc = (words) => Array.from({ length: 14 + Math.floor(r() * 10) }, () => pick(words)).join(' ');
    const en = `${ye} ${se} ${ke}${size}`;
    const ar = `${ka} ${sa} ${ya}${size.replace('ml', 'مل')}`;
    out.push({
      id: start + i,
      names: { en, fr: en, de: en, ar },
      descriptions: [`${se} ${desc(wordsEn)}`, `${sa} ${desc(wordsAr)}`],
      categories: [category],
      tags: [pick(tags), pick(tags)],
      sku: `SYN-${String(i).padStart(6, '0')}`,
    });
  }
  void categories;
  return out;
}

/** Queries like the relevance set's, over the synthetic vocabulary: typos, prefixes, Arabic, digits. */
function queries(count) {
  const r = seededRandom(7);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const typo = (w) => (w.length < 5 ? w : w.slice(0, 2) + w.slice(3));
  const out = relevanceSet.map((c) => c.q);
  while (out.length < count) {
    const [se, sa] = pick(scents);
    const [ke, ka] = pick(kinds);
    const shapes = [
      () => se.toLowerCase(),
      () => typo(se.toLowerCase()),
      () => `${se} ${ke}`.toLowerCase(),
      () => `${ke.split(' ').pop()} ${typo(se.toLowerCase())}`,
      () => se.toLowerCase().slice(0, 4),
      () => sa,
      () => `${ka} ${sa}`,
      () => `${sa.split(' ')[0]} ٣٠٠ مل`,
      () => `${se} ${ke.split(' ')[0].slice(0, 3)}`.toLowerCase(),
    ];
    out.push(pick(shapes)());
  }
  return out;
}

/** An engine behind the shop's `ProductSearch` interface. */
function engineOf(name, Index) {
  return {
    name,
    build: (products, categories) => Index.build(products, categories),
    search: (index, q, inStock) => index.search(q, inStock).map((h) => h.id),
    closestNames: (index, q) => index.closestNames(q, 'en'),
    upsert: (index, product) => index.upsert(product),
  };
}
const postingsEngine = engineOf("Postings over MiniSearch's SearchableMap (the shop's index)", ProductSearch);
const miniSearchEngine = engineOf('Whole MiniSearch 7.2.0 (decision 018 before)', WholeMiniSearch);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const gc = () => globalThis.gc?.();

function measure(engine) {
  const demo = demoCatalogue();
  const inStock = (id) => demo.inStock.has(id) || id % 7 !== 0;

  // Relevance and speed on the demo catalogue.
  let t = performance.now();
  const small = engine.build(demo.products, demo.categories);
  const demoBuildMs = performance.now() - t;
  const { rate, misses } = hitAt5((c) => engine.search(small, c.q, inStock), demo.nameOf);
  const demoLatency = latency(engine, small, inStock, 2000);

  // The same at scale: the demo plus `size` synthetic products.
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const products = [...demo.products, ...synthetic(size, demo.categories, demo.products.length + 1)];
  gc();
  const heapData = process.memoryUsage().heapUsed;
  t = performance.now();
  const big = engine.build(products, demo.categories);
  const bigBuildMs = performance.now() - t;
  gc();
  const heapIndex = process.memoryUsage().heapUsed - heapData;
  const bigRate = hitAt5((c) => engine.search(big, c.q, inStock), demo.nameOf).rate;
  const bigLatency = latency(engine, big, inStock, 1000);
  const common = timesOf(commonWords, (q) => engine.search(big, q, inStock));
  const didYouMean = timesOf(queries(200), (q) => engine.closestNames(big, q));
  t = performance.now();
  for (let i = 0; i < 200; i++) {
    const p = products[(i * 37) % products.length];
    engine.upsert(big, { ...p, names: { ...p.names, en: `Renamed ${i}` } });
  }
  const upsertMs = (performance.now() - t) / 200;
  return {
    engine: engine.name,
    demo: { products: demo.products.length, hitAt5: rate, misses: misses.map((m) => m.q), buildMs: demoBuildMs, ...demoLatency },
    large: {
      products: products.length,
      hitAt5: bigRate,
      buildMs: bigBuildMs,
      indexHeapMb: mb(heapIndex),
      dataHeapMb: mb(heapData - heapBefore),
      rssMb: mb(process.memoryUsage().rss),
      upsertMs,
      ...bigLatency,
      common,
      didYouMean,
    },
  };
}

/** Words most synthetic products carry: the case whole MiniSearch was slowest at. */
const commonWords = ['oil', 'ml', 'candle', 'diffuser', 'زيت', 'شمعة', 'مل', 'lavender', 'natural', 'gift', 'soft', 'la'];

function timesOf(list, run) {
  const times = list.map((q) => {
    const t = performance.now();
    run(q);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return { queries: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), maxMs: times[times.length - 1] };
}

function latency(engine, index, inStock, count) {
  const times = [];
  for (const q of queries(count)) {
    const t = performance.now();
    engine.search(index, q, inStock);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { queries: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), p99Ms: percentile(times, 99), maxMs: times[times.length - 1] };
}

if (child) {
  const engine = which === 'minisearch' ? miniSearchEngine : postingsEngine;
  process.stdout.write(JSON.stringify(measure(engine)));
} else {
  const self = fileURLToPath(import.meta.url);
  const engines = which === 'both' ? ['postings', 'minisearch'] : [which];
  const fmt = (n) => (typeof n === 'number' ? (Number.isInteger(n) ? String(n) : n.toFixed(n < 1 ? 3 : 1)) : String(n));
  for (const name of engines) {
    const out = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', self, String(size), name, '--child'], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const r = JSON.parse(out);
    console.log(`\n${r.engine}`);
    console.log(
      `  demo (${r.demo.products} products): hit@5 ${(r.demo.hitAt5 * 100).toFixed(1)}%${r.demo.misses.length ? ` (misses: ${r.demo.misses.join(' | ')})` : ''}, build ${fmt(r.demo.buildMs)} ms, search p50 ${fmt(r.demo.p50Ms)} / p95 ${fmt(r.demo.p95Ms)} / p99 ${fmt(r.demo.p99Ms)} / max ${fmt(r.demo.maxMs)} ms over ${r.demo.queries} queries`,
    );
    const l = r.large;
    console.log(
      `  large (${l.products} products): hit@5 ${(l.hitAt5 * 100).toFixed(1)}%, build ${fmt(l.buildMs / 1000)} s, index heap ${l.indexHeapMb} MB (products ${l.dataHeapMb} MB), process RSS ${l.rssMb} MB, one-product upsert ${fmt(l.upsertMs)} ms`,
    );
    console.log(`  large search: p50 ${fmt(l.p50Ms)} / p95 ${fmt(l.p95Ms)} / p99 ${fmt(l.p99Ms)} / max ${fmt(l.maxMs)} ms over ${l.queries} queries`);
    console.log(
      `  large search, common words (${commonWords.join(' ')}): p50 ${fmt(l.common.p50Ms)} / p95 ${fmt(l.common.p95Ms)} / max ${fmt(l.common.maxMs)} ms`,
    );
    console.log(
      `  large did-you-mean (closestNames): p50 ${fmt(l.didYouMean.p50Ms)} / p95 ${fmt(l.didYouMean.p95Ms)} / max ${fmt(l.didYouMean.maxMs)} ms over ${l.didYouMean.queries} queries`,
    );
  }
}
