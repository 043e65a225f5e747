// The catalogue at 100,000 products (issue 15, point 4): seeds synthetic products in the real
// schema (both languages, categories, tags, pictures of the demo catalogue, variants for a share)
// into a fresh SQLite database and a fresh PostgreSQL schema, starts the built shop on each and
// prints time to first answer, RSS, and p50/p95 of listings, searches, suggestions and product
// pages, each kept (the same request again) and not kept (a distinct request every time). The
// measured product pages carry 100 published reviews each, one product 10,000 (issue 31).
// Usage: npm run bench:catalogue (builds first unless BENCH_BUILD=0). Needs TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test for the PostgreSQL half (skipped when it does not answer).
// The product feeds (issue 34, point 2): time to stream /feeds/google.xml and /feeds/meta.csv whole
// (English and Arabic), their size, the server's RSS during them and a 304 for an unchanged feed.
// Env: BENCH_PRODUCTS (100000), BENCH_SAMPLES (200 per line), BENCH_DATABASES (sqlite,postgres),
// BENCH_ONLY=feeds (only the feeds' lines after the first answers).
// BENCH_KEEP=1 keeps the seeded database (its folder or schema is printed); BENCH_REUSE=<that folder
// or schema> measures it again without seeding; BENCH_PROFILE=<folder> starts the measured shop
// under `node --cpu-prof` and writes its .cpuprofile there when it stops.
// Prints figures and asserts nothing: machines here are shared and noisy.
import { execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { waitFor } from './wait-for.mjs';
import { seededRandom } from './seeded-random.mjs';

const root = path.resolve(import.meta.dirname, '..');
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const startLimitMs = 120_000;

if (process.env.BENCH_BUILD !== '0') execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

// Synthetic catalogue -----------------------------------------------------------------------------

const scents = [
  ['Lavender', 'لافندر'],
  ['Rose', 'ورد'],
  ['Jasmine', 'ياسمين'],
  ['Oud', 'عود'],
  ['Amber', 'عنبر'],
  ['Sandalwood', 'صندل'],
  ['Vanilla', 'فانيليا'],
  ['Musk', 'مسك'],
  ['Cedar', 'أرز'],
  ['Bergamot', 'برغموت'],
  ['Lemon', 'ليمون'],
  ['Orange Blossom', 'زهر البرتقال'],
  ['Mint', 'نعناع'],
  ['Eucalyptus', 'كافور'],
  ['Patchouli', 'باتشولي'],
  ['Frankincense', 'لبان'],
  ['Cinnamon', 'قرفة'],
  ['Coffee', 'قهوة'],
  ['Fig', 'تين'],
  ['Gardenia', 'جاردينيا'],
  ['Lily', 'زنبق'],
  ['Neroli', 'نيرولي'],
  ['Saffron', 'زعفران'],
  ['Cardamom', 'هيل'],
  ['Rosemary', 'إكليل الجبل'],
  ['Tea Tree', 'شجرة الشاي'],
];
const moods = [
  ['Calm', 'هادئ'],
  ['Royal', 'ملكي'],
  ['Fresh', 'منعش'],
  ['Velvet', 'مخملي'],
  ['Golden', 'ذهبي'],
  ['Desert', 'صحراوي'],
  ['Nile', 'نيلي'],
  ['Garden', 'حديقة'],
  ['Midnight', 'منتصف الليل'],
  ['Morning', 'صباحي'],
  ['Warm', 'دافئ'],
  ['Pure', 'نقي'],
];
const kinds = {
  'essential-oils': ['Essential Oil', 'زيت عطري'],
  'water-fresheners': ['Water Freshener', 'معطر مائي'],
  'scented-candles': ['Scented Candle', 'شمعة معطرة'],
  'aroma-diffusers': ['Reed Diffuser', 'فواحة أعواد'],
  'air-purifiers': ['Air Purifier', 'جهاز تنقية هواء'],
};
const tagWords = [
  'relaxing',
  'sleep',
  'floral',
  'fresh',
  'energising',
  'focus',
  'woody',
  'citrus',
  'spicy',
  'sweet',
  'bestseller',
  'gift',
  'oriental',
  'herbal',
];
const colours = ['amber', 'ivory', 'sage', 'rose', 'charcoal'];
const syllables = ['ka', 'lo', 'mi', 'ra', 'zen', 'tu', 'vi', 'sha', 'nor', 'el', 'qu', 'ib', 'dor', 'fa', 'yu', 'mar', 'sel', 'tho', 'ga', 'rin'];
/** Words that name a handful of products each: what a rare-word search looks for. */
const rareWords = Array.from({ length: 20_000 }, (_, i) => {
  let n = i;
  let w = '';
  do {
    w += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return `${w}${syllables[(i * 7) % syllables.length]}x`;
});

function* syntheticProducts(count, categories) {
  const next = seededRandom(15);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const slugs = Object.keys(kinds).filter((s) => categories.has(s));
  for (let i = 1; i <= count; i++) {
    const category = pick(slugs);
    const [kindEn, kindAr] = kinds[category];
    const [scentEn, scentAr] = pick(scents);
    const [scent2En, scent2Ar] = pick(scents);
    const [moodEn, moodAr] = pick(moods);
    const rare = rareWords[i % rareWords.length];
    const nameEn = `${moodEn} ${scentEn} ${kindEn}`;
    const nameAr = `${kindAr} ${scentAr} ${moodAr}`;
    const tags = [...new Set([pick(tagWords), pick(tagWords), ...(next() < 0.3 ? [pick(tagWords)] : [])])];
    const cats = [category, ...(next() < 0.1 ? [pick(slugs)] : [])];
    let variants = [];
    if (next() < 0.4) {
      if (category === 'essential-oils')
        variants = ['10ml', '30ml', '100ml'].map((size, k) => ({
          color: null,
          size,
          stock: Math.floor(next() * 30),
          price: k ? Math.round(9500 * (k + 1.5)) : null,
        }));
      else if (category === 'scented-candles' || category === 'aroma-diffusers')
        variants = colours.filter(() => next() < 0.5).map((color) => ({ color, size: null, stock: Math.floor(next() * 20), price: null }));
    }
    yield {
      id: i,
      slug: `${nameEn.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`,
      sku: `SYN-${String(i).padStart(6, '0')}`,
      name_en: nameEn,
      name_ar: nameAr,
      short_description_en: `${scentEn} with a touch of ${scent2En.toLowerCase()}, inspired by ${rare}. A ${moodEn.toLowerCase()} note for every room.`,
      short_description_ar: `${scentAr} مع لمسة من ${scent2Ar}، مستوحى من ${rare}. لمسة ${moodAr} لكل غرفة.`,
      full_description_en: `${nameEn}: ${scentEn.toLowerCase()} at the heart, ${scent2En.toLowerCase()} underneath. Made in Egypt from natural oils, it fills a room for hours without smoke or soot. Keep away from children and direct sunlight. Batch ${i}.`,
      full_description_ar: `${nameAr}: ${scentAr} في القلب و${scent2Ar} في القاعدة. صنع في مصر من زيوت طبيعية، يعطر الغرفة لساعات دون دخان. يحفظ بعيدا عن الأطفال وأشعة الشمس. دفعة ${i}.`,
      price: 5000 + Math.floor(next() * 200) * 500,
      discount: next() < 0.2 ? pick([10, 15, 20, 25, 30]) : 0,
      is_new: next() < 0.1 ? 1 : 0,
      rating: Math.round((3 + next() * 2) * 10) / 10,
      sale_count: Math.floor(next() * 500),
      stock: variants.length ? 0 : next() < 0.05 ? 0 : Math.floor(next() * 80),
      tags,
      cats: [...new Set(cats)],
      variants,
      pictures: next() < 0.5 ? 1 : 2,
    };
  }
}

/** Rows of products, their links, pictures and variants, in batches of `size` products. */
function* batches(count, categories, pictures, size) {
  let batch = null;
  const now = new Date();
  let variantId = 0;
  let imageId = 0;
  for (const p of syntheticProducts(count, categories)) {
    batch ??= { products: [], cats: [], tags: [], images: [], variants: [] };
    const created = new Date(now.getTime() - (count - p.id) * 60_000).toISOString();
    const { tags, cats, variants, pictures: n, id, ...columns } = p;
    batch.products.push({ id: id + 100_000, ...columns, visible: 1, created_at: created, updated_at: created });
    for (const c of cats) batch.cats.push({ product_id: id + 100_000, category_id: categories.get(c) });
    for (const tag of tags) batch.tags.push({ product_id: id + 100_000, tag });
    for (let k = 0; k < n; k++) {
      const img = pictures[(id + k) % pictures.length];
      batch.images.push({ id: ++imageId + 1_000_000, product_id: id + 100_000, position: k, ...img });
    }
    for (const v of variants) batch.variants.push({ id: ++variantId + 1_000_000, product_id: id + 100_000, ...v });
    if (batch.products.length >= size) {
      yield batch;
      batch = null;
    }
  }
  if (batch) yield batch;
}

const tables = [
  ['products', 'products'],
  ['product_categories', 'cats'],
  ['product_tags', 'tags'],
  ['product_images', 'images'],
  ['product_variants', 'variants'],
  ['orders', 'orders'],
  ['order_lines', 'lines'],
  ['reviews', 'reviews'],
];

/** The products whose pages and reviews are measured (the same ids `measure` asks for). */
const sampledIds = () => Array.from({ length: samples * 2 }, (_, i) => 100_001 + ((i * 7919) % productCount));
/** Reviews each measured product page carries (issue 31: the page stays fast with 100), and the one product with 10,000. */
const REVIEWS_PER_PAGE = 100;
const MANY_REVIEWS = 10_000;

/**
 * Published reviews, as the shop writes them, on the product pages `measure` opens: one delivered
 * order per product with a line per review (a review belongs to a line), and the products'
 * counters per number of stars. The first page's product has 10,000.
 */
function* reviewBatches(size) {
  const ids = sampledIds().slice(samples, samples + Math.min(samples, 100));
  const next = seededRandom(31);
  const at = new Date().toISOString();
  let lineId = 5_000_000;
  let reviewId = 0;
  for (const [k, productId] of ids.entries()) {
    const count = k === 0 ? MANY_REVIEWS : REVIEWS_PER_PAGE;
    const orderId = 5_000_000 + k;
    const stars = [0, 0, 0, 0, 0];
    let batch = { orders: [], lines: [], reviews: [], stars: [] };
    batch.orders.push({
      id: orderId,
      number: `NSM-9${String(k).padStart(6, '0')}`,
      access_token_hash: 'bench',
      status: 'delivered',
      customer_name: 'Bench Buyer',
      phone: '+201005550100',
      governorate: 'CAI',
      city: 'Cairo',
      address: 'Bench street',
      payment_method: 'cod',
      currency: 'EGP',
      subtotal: 0,
      shipping_fee: 0,
      total: 0,
      stock_restored: 0,
      language: 'en',
      delivered_at: at,
      created_at: at,
      updated_at: at,
    });
    for (let r = 0; r < count; r++) {
      const line = ++lineId;
      const rating = 1 + Math.floor(next() ** 0.5 * 5);
      stars[rating - 1] += 1;
      batch.lines.push({
        id: line,
        order_id: orderId,
        product_id: productId,
        name: 'Bench product',
        sku: 'BENCH',
        unit_price: 10000,
        discount: 0,
        unit_paid: 10000,
        quantity: 1,
        line_total: 10000,
      });
      const published = new Date(Date.now() - r * 3_600_000).toISOString();
      batch.reviews.push({
        id: ++reviewId + 5_000_000,
        product_id: productId,
        order_id: orderId,
        order_line_id: line,
        rating,
        title: `Review ${r}`,
        body: `A review of a synthetic product, number ${r}: the scent lasts, the bottle is pretty, delivery was quick.`,
        display_name: 'Bench B.',
        language: r % 3 ? 'en' : 'ar',
        status: 'published',
        helpful: r % 7,
        has_photos: 0,
        created_at: published,
        published_at: published,
      });
      if (batch.lines.length >= size) {
        yield batch;
        batch = { orders: [], lines: [], reviews: [], stars: [] };
      }
    }
    batch.stars.push({ productId, stars });
    yield batch;
  }
}

/** The counters a review's publication moves (reviews_1 … reviews_5), set once for the seeded reviews. */
const starsUpdate = 'update products set reviews_1 = $1, reviews_2 = $2, reviews_3 = $3, reviews_4 = $4, reviews_5 = $5 where id = $6';

async function seedSqlite(file) {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  const categories = new Map(
    db
      .prepare('select slug, id from categories')
      .all()
      .map((r) => [r.slug, r.id]),
  );
  const pictures = db.prepare('select distinct base, widths, width, height from product_images').all();
  const insert = {};
  const setStars = db.prepare(starsUpdate.replace(/\$\d/g, '?'));
  const seed = db.transaction(() => {
    for (const batch of [...batches(productCount, categories, pictures, 5000), ...reviewBatches(5000)]) {
      for (const { productId, stars } of batch.stars ?? []) setStars.run(...stars, productId);
      for (const [table, key] of tables) {
        for (const row of batch[key] ?? []) {
          const cols = Object.keys(row);
          const sig = `${table}:${cols.join(',')}`;
          insert[sig] ??= db.prepare(`insert into ${table} (${cols.join(',')}) values (${cols.map((c) => '@' + c).join(',')})`);
          insert[sig].run(row);
        }
      }
    }
  });
  seed();
  db.close();
}

async function seedPostgres(schema) {
  const client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
  await client.connect();
  const categories = new Map((await client.query('select slug, id from categories')).rows.map((r) => [r.slug, r.id]));
  const pictures = (await client.query('select distinct base, widths, width, height from product_images')).rows;
  await client.query('begin');
  for (const batch of [...batches(productCount, categories, pictures, 1000), ...reviewBatches(1000)]) {
    for (const { productId, stars } of batch.stars ?? []) await client.query(starsUpdate, [...stars, productId]);
    for (const [table, key] of tables) {
      const rows = batch[key] ?? [];
      if (!rows.length) continue;
      const cols = Object.keys(rows[0]);
      const values = [];
      const tuples = rows.map((row) => `(${cols.map((c) => (values.push(row[c] ?? null), `$${values.length}`)).join(',')})`);
      await client.query(`insert into ${table} (${cols.join(',')}) values ${tuples.join(',')}`, values);
    }
  }
  for (const table of ['products', 'product_images', 'product_variants', 'orders', 'order_lines', 'reviews'])
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  await client.query('commit');
  await client.query('analyze');
  await client.end();
}

// Measuring --------------------------------------------------------------------------------------

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

function start(env, dataDir, nodeArgs = []) {
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/server/main.js')], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      IMAGE_DIR: path.join(root, 'data/test-images'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Time until `url` first answers 200, from `since`. */
async function firstAnswer(url, since) {
  while (Date.now() - since < startLimitMs) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return Date.now() - since;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${startLimitMs / 1000} s`);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50/p95 in ms of GET `urlOf(i)` for i < samples, one at a time; null when the route is missing. */
async function timed(origin, urlOf, n = samples) {
  const times = [];
  const failed = new Map();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(origin + urlOf(i), { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    // A route the shop does not have answers 404 (or 400 from /api/products/:id): the line prints n/a.
    if ((res.status === 404 || res.status === 400) && i === 0) return null;
    if (res.status >= 400) failed.set(res.status, (failed.get(res.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), failed };
}

const lines = [];
function report(db, what, result, target) {
  const fig = result ? `p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms` : 'n/a (no such route)'.padEnd(32);
  const verdict = !result || !target ? '' : result.p95 <= target ? `  (target ${target} ms: met)` : `  (target ${target} ms: MISSED)`;
  const errors = result?.failed.size ? `  [answered ${[...result.failed].map(([status, n]) => `${n}x ${status}`).join(', ')}]` : '';
  const line = `${db.padEnd(9)} ${what.padEnd(44)} ${fig}${verdict}${errors}`;
  lines.push(line);
  console.log(line);
}

/** Streams one feed whole, sampling the server's RSS every 100 ms; then asks again with its ETag. */
async function feedLine(db, origin, child, url) {
  const before = rssMb(child.pid);
  let highest = before.rss;
  const sampler = setInterval(() => (highest = Math.max(highest, rssMb(child.pid).rss)), 100);
  const t = performance.now();
  const res = await fetch(origin + url);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  highest = Math.max(highest, rssMb(child.pid).rss);
  const again = await fetch(origin + url, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
  await again.arrayBuffer();
  const line = `${db.padEnd(9)} ${url.padEnd(26)} ${res.status} ${(bytes / 1e6).toFixed(1).padStart(6)} MB in ${seconds.toFixed(2).padStart(5)} s  [target < 10 s: ${seconds < 10 ? 'met' : 'MISSED'}]  RSS ${before.rss} -> highest ${highest} MB; again with its ETag: ${again.status}`;
  lines.push(line);
  console.log(line);
}

async function measureFeeds(db, origin, child) {
  for (const url of ['/feeds/google.xml?lng=en', '/feeds/meta.csv?lng=en', '/feeds/google.xml?lng=ar', '/feeds/meta.csv?lng=ar']) await feedLine(db, origin, child, url);
}

async function measure(db, origin, child) {
  if (process.env.BENCH_ONLY === 'feeds') return measureFeeds(db, origin, child);
  const total = (await (await fetch(`${origin}/api/products?pageSize=1`)).json()).total;
  const lastPage = Math.ceil(total / 16);
  const ids = sampledIds();
  const cats = Object.keys(kinds);
  const sorts = ['default', 'priceLowToHigh', 'priceHighToLow'];
  // What is timed first: the kept answers (the same request again), then distinct ones.
  await fetch(`${origin}/api/products`);
  report(db, 'default listing, kept', await timed(origin, () => '/api/products'), 20);
  report(db, 'default listing, not kept (page 2..)', await timed(origin, (i) => `/api/products?page=${i + 2}`), 20);
  const cts = (i) => `/api/products?category=${cats[i % cats.length]}&tag=${tagWords[Math.floor(i / cats.length) % tagWords.length]}&sort=${sorts[i % 3]}`;
  await fetch(origin + cts(0));
  report(db, 'category+tag+sort, kept', await timed(origin, () => cts(0)), 20);
  report(db, 'category+tag+sort, not kept', await timed(origin, (i) => `${cts(i)}&page=${1 + Math.floor(i / 70)}`), 20);
  report(
    db,
    'colour/size filter, not kept',
    await timed(origin, (i) => `/api/products?${i % 2 ? 'color=' + colours[i % 5] : 'size=30ml'}&sort=${sorts[i % 3]}&page=${1 + (i % 40)}`),
    20,
  );
  report(db, `deep page (near ${lastPage}), not kept`, await timed(origin, (i) => `/api/products?page=${lastPage - i}`), 20);
  report(db, 'search common word "lavender", kept', await timed(origin, () => '/api/products?q=lavender'), 30);
  report(
    db,
    'search common word, not kept',
    await timed(origin, (i) => `/api/products?q=${encodeURIComponent(scents[i % scents.length][i % 2].toLowerCase())}&page=${1 + Math.floor(i / 26)}`),
    30,
  );
  report(db, 'search rare word, not kept', await timed(origin, (i) => `/api/products?q=${rareWords[(i * 37) % rareWords.length]}`), 30);
  const typos = ['lavendar', 'sandalwod', 'jasmin', 'vanila', 'bergamott', 'eucaliptus', 'patchouly', 'cinamon', 'saffran', 'rosmary', 'لافندير', 'ياسمبن'];
  report(
    db,
    'search typo, not kept',
    await timed(origin, (i) => `/api/products?q=${encodeURIComponent(typos[i % typos.length])}&page=${1 + Math.floor(i / typos.length)}`),
    30,
  );
  const prefixes = ['la', 'lav', 'ros', 'jas', 'san', 'oud', 'van', 'ber', 'لاف', 'ورد', 'عو', 'مس'];
  report(
    db,
    'suggestions, not kept',
    await timed(
      origin,
      (i) => `/api/products/suggest?q=${encodeURIComponent(prefixes[i % prefixes.length])}${i >= prefixes.length ? `&lng=${['en', 'ar', 'fr'][i % 3]}` : ''}`,
    ),
    30,
  );
  report(db, 'product API (/api/products/:id), not kept', await timed(origin, (i) => `/api/products/${ids[i]}`), 20);
  report(
    db,
    `product page (server-rendered, ${REVIEWS_PER_PAGE} reviews), not kept`,
    await timed(origin, (i) => `/product/${ids[samples + i + 1]}`, Math.min(samples, 100) - 1),
    20,
  );
  // A product's reviews page as fast with 10,000 reviews as with 100: every order on an index.
  const reviewSorts = ['newest', 'highest', 'lowest'];
  report(
    db,
    `reviews, ${REVIEWS_PER_PAGE} on the product, any page`,
    await timed(
      origin,
      (i) => `/api/products/${ids[samples + 1 + (i % (Math.min(samples, 100) - 1))]}/reviews?sort=${reviewSorts[i % 3]}&page=${1 + (i % 20)}`,
    ),
    20,
  );
  report(
    db,
    `reviews, ${MANY_REVIEWS} on the product, any page`,
    await timed(origin, (i) => `/api/products/${ids[samples]}/reviews?sort=${reviewSorts[i % 3]}&page=${1 + ((i * 97) % 2000)}`),
    20,
  );
  let mem = rssMb(child.pid);
  let line = `${db.padEnd(9)} RSS after measuring: ${mem.rss} MB (peak ${mem.peak} MB)  [target < 1024 MB: ${mem.peak < 1024 ? 'met' : 'MISSED'}]`;
  lines.push(line);
  console.log(line);
  // Memory under sustained traffic: each distinct page rendered and kept adds garbage and cache.
  const more = 1000;
  const since = performance.now();
  for (let i = 0; i < more; i++) await (await fetch(`${origin}/product/${100_001 + (((samples * 2 + i) * 104_729) % productCount)}`)).arrayBuffer();
  mem = rssMb(child.pid);
  const seconds = (performance.now() - since) / 1000;
  line = `${db.padEnd(9)} RSS after ${more} more product pages (${(more / seconds).toFixed(0)}/s): ${mem.rss} MB (peak ${mem.peak} MB)  [target < 1024 MB: ${mem.peak < 1024 ? 'met' : 'MISSED'}]`;
  lines.push(line);
  console.log(line);
  await measureFeeds(db, origin, child);
}

async function run(db) {
  const reuse = process.env.BENCH_REUSE;
  const keep = process.env.BENCH_KEEP === '1' || Boolean(reuse);
  const dataDir = reuse && db === 'sqlite' ? reuse : fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-bench-catalogue-'));
  const port = 7900 + Math.floor(Math.random() * 90);
  const origin = `http://127.0.0.1:${port}`;
  const schema = reuse && db === 'postgres' ? reuse : `bench_catalogue_${crypto.randomBytes(4).toString('hex')}`;
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const env = db === 'postgres' ? { DATABASE_URL: pgUrl, PG_SCHEMA: schema, PORT: String(port) } : { PORT: String(port) };
  let child = null;
  try {
    if (!reuse) {
      // First start: migrations, settings and the demo catalogue (whose pictures the products share).
      child = start(env, dataDir);
      await waitFor(`${origin}/api/health`);
      await stop(child);
      child = null;
      const t = Date.now();
      if (db === 'postgres') await seedPostgres(schema);
      else await seedSqlite(path.join(dataDir, 'shop.sqlite'));
      console.log(`${db.padEnd(9)} seeded ${productCount} products in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    if (keep) console.log(`${db.padEnd(9)} kept in ${db === 'postgres' ? `schema ${schema}` : dataDir} (BENCH_REUSE=${db === 'postgres' ? schema : dataDir})`);
    const t = Date.now();
    child = start(env, dataDir, profile);
    const first = await firstAnswer(`${origin}/api/products`, t);
    const mem = rssMb(child.pid);
    const line = `${db.padEnd(9)} first listing answered ${(first / 1000).toFixed(2)} s after start  [target < 10 s: ${first < 10_000 ? 'met' : 'MISSED'}]; RSS then ${mem.rss} MB`;
    lines.push(line);
    console.log(line);
    // The first load answers before its search index is built (decision 019): a text search waits
    // for it. The lines below are measured once it is in place, as before that change.
    const searched = await fetch(`${origin}/api/products?q=oud`);
    await searched.arrayBuffer();
    const searchLine = `${db.padEnd(9)} first search answered ${((Date.now() - t) / 1000).toFixed(2)} s after start (${searched.status})`;
    lines.push(searchLine);
    console.log(searchLine);
    const health = await fetch(`${origin}/api/health`);
    console.log(`${db.padEnd(9)} /api/health ${health.status} ${await health.text()}`);
    // BENCH_SETTLE_MS: measure once the process's background reads (search index, long descriptions) are done.
    const settle = Number(process.env.BENCH_SETTLE_MS ?? 0);
    if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
    await measure(db, origin, child);
  } finally {
    if (child) await stop(child);
    if (!keep) {
      if (db === 'postgres') {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

for (const db of databases) {
  if (db === 'postgres') {
    const probe = new pg.Client({ connectionString: pgUrl });
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    if (!up) {
      console.log(`postgres  skipped: ${pgUrl} does not answer`);
      continue;
    }
    await probe.end();
  }
  try {
    await run(db);
  } catch (err) {
    const line = `${db.padEnd(9)} FAILED: ${err instanceof Error ? err.message : String(err)}`;
    lines.push(line);
    console.log(line);
  }
}
console.log(`\nSummary (${productCount} products, ${samples} requests a line, one at a time):\n${lines.join('\n')}`);
