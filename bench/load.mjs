// `npm run bench:load`: a sale day on loopback. Starts the built shop in its own process, then,
// from this process, offers a fixed rate of requests (an open model: a request starts on schedule
// whether or not earlier ones have finished, so a slow shop cannot slow the load down) for a fixed
// time, and prints offered vs served rate, latency percentiles, errors and the shop's memory growth.
// Mix: browsing (home, listings, product pages, API listings) with 10% cash-on-delivery checkouts,
// half of them with a promotion code (issue 30: the code is read, checked and its use taken in the
// order's transaction). Prints figures and asserts nothing (machines here are shared and noisy).
//
//   npm run bench:load                                  # SQLite, 200 req/s, 60 s
//   npm run bench:load -- --db postgres                 # PostgreSQL (TEST_DATABASE_URL or the local test database)
//   npm run bench:load -- --rate 300 --seconds 30 --checkouts 0.1 --codes 0.5
//
// All checkouts come from this one address, so the shop is started with RATE_LIMIT_SCALE raised
// (README: Configuration); nothing relies on a spoofed X-Forwarded-For. Each checkout is a new
// shopper with a phone number of their own, as on a sale day: the shop allows one phone number
// only a few orders in ten minutes (decision 016).
import { spawn, execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    checkouts: { type: 'string', default: '0.1' },
    codes: { type: 'string', default: '0.5' },
    port: { type: 'string', default: '4480' },
    'no-build': { type: 'boolean', default: false },
  },
});
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const checkoutShare = Number(args.checkouts);
const codeShare = Number(args.codes);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;

if (!args['no-build']) execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

// ---- The shop, in its own process, on a new database ----------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-load-'));
const admin = { email: 'admin@load.test', password: 'Load-Bench-Password-2026' };
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgSchema = `load_${crypto.randomBytes(4).toString('hex')}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  IMAGE_DIR: path.join(root, 'data/test-images'),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '100000',
  ...(args.db === 'postgres' ? { DATABASE_URL: pgUrl, PG_SCHEMA: pgSchema } : { DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.sqlite')}` }),
};
const shop = spawn(process.execPath, ['dist/server/server/main.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
let stopping = false;
shop.on('exit', (code) => {
  if (!stopping) {
    console.error(`The shop exited early (code ${code})`);
    process.exit(1);
  }
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
/** One request; resolves with the status (0 for a network error) and the body's length. */
function request(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = http.request(base + url, { method, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
    });
    req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0) }));
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

for (let i = 0; ; i++) {
  const res = await request('GET', '/api/health');
  if (res.status === 200) break;
  if (i > 600) throw new Error('The shop did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const rss = () => {
  const status = fs.readFileSync(`/proc/${shop.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

// ---- The catalogue the shoppers browse, and stock for a day of checkouts ----------------------
const products = JSON.parse((await request('GET', '/api/products?pageSize=100')).body.toString()).items;
const categories = [...new Set(products.flatMap((p) => p.categories))];
const signIn = await request('POST', '/api/auth/login', { body: admin });
const cookie = String([signIn.headers['set-cookie']].flat().find((c) => String(c).startsWith('sid='))).split(';')[0];
const buyable = products.filter((p) => p.variants.length === 0).slice(0, 12);
for (const p of buyable) {
  const detail = JSON.parse((await request('GET', `/api/admin/products/${p.id}`, { headers: { cookie } })).body.toString());
  const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, ...input } = detail;
  const res = await request('PUT', `/api/admin/products/${p.id}`, { headers: { cookie }, body: { ...input, stock: 1_000_000 } });
  if (res.status !== 200) throw new Error(`Could not restock product ${p.id}: ${res.status} ${res.body}`);
}

// A sale-day code: 10% off the whole order, no limit on uses (each checkout is a new shopper).
const code = 'LOAD-SALE10';
const promo = await request('POST', '/api/admin/promotions', {
  headers: { cookie },
  body: {
    names: { en: 'Sale day', ar: 'يوم التخفيضات' },
    code,
    kind: 'percent',
    value: 10,
    productIds: [],
    categoryIds: [],
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    perCustomer: 1,
    firstOrderOnly: false,
    withProductDiscounts: true,
    combines: false,
    paused: false,
  },
});
if (promo.status !== 201) throw new Error(`Could not create the promotion: ${promo.status} ${promo.body}`);

// ---- The mix ----------------------------------------------------------------------------------
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sorts = ['default', 'priceLowToHigh', 'priceHighToLow'];
/** A listing's query: a category and a sort sometimes; pages arrive with campaign tags too. */
const listingQuery = (tracked) => {
  const q = new URLSearchParams();
  if (Math.random() < 0.6) q.set('category', pick(categories));
  if (Math.random() < 0.3) q.set('sort', pick(sorts.slice(1)));
  if (tracked && Math.random() < 0.2) q.set('utm_source', pick(['facebook', 'instagram', 'newsletter']));
  return q;
};
const withQuery = (path, q) => (q.size ? `${path}?${q}` : path);
const browser = () => ({ 'accept-encoding': 'br, gzip', accept: 'text/html', 'accept-language': pick(['en', 'ar-EG,ar;q=0.9,en;q=0.8']) });
const kinds = [
  { name: 'home', weight: 0.2, run: () => request('GET', '/', { headers: browser() }) },
  { name: 'listing page', weight: 0.2, run: () => request('GET', withQuery('/shop-grid-standard', listingQuery(true)), { headers: browser() }) },
  { name: 'product page', weight: 0.3, run: () => request('GET', `/product/${pick(products).id}`, { headers: browser() }) },
  {
    name: 'API listing',
    weight: 0.3,
    run: () => request('GET', withQuery('/api/products', listingQuery(false)), { headers: { 'accept-encoding': 'br, gzip' } }),
  },
];
let orderSeq = 0;
/** A checkout of 1 to 3 lines by a new shopper, with the sale's code or without. */
const checkoutWith = (withCode) => ({
  name: withCode ? 'checkout+code' : 'checkout',
  run: () => {
    const lines = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
      productId: pick(buyable).id,
      quantity: 1 + Math.floor(Math.random() * 2),
    }));
    return request('POST', '/api/orders', {
      headers: { 'idempotency-key': `load-${process.pid}-${++orderSeq}` },
      body: {
        fullName: 'Mona Adel',
        phone: `010${String(orderSeq).padStart(8, '0')}`,
        governorate: pick(['CAI', 'GIZ', 'ALX']),
        city: 'Nasr City',
        address: '12 Abbas El Akkad, flat 4',
        paymentMethod: 'cod',
        ...(withCode ? { couponCode: code.toLowerCase() } : {}),
        lines,
      },
    });
  },
});
const checkout = checkoutWith(false);
const checkoutWithCode = checkoutWith(true);
function nextKind() {
  if (Math.random() < checkoutShare) return Math.random() < codeShare ? checkoutWithCode : checkout;
  let r = Math.random();
  for (const k of kinds) if ((r -= k.weight) <= 0) return k;
  return kinds[0];
}

// Warm up as a shop that has been open a while: every page once in English and Arabic.
for (const lng of ['en', 'ar']) {
  const headers = { ...browser(), 'accept-language': lng };
  for (const path of ['/', '/shop-grid-standard', ...categories.map((c) => `/shop-grid-standard?category=${c}`), ...products.map((p) => `/product/${p.id}`)])
    await request('GET', path, { headers });
}

// ---- The run ------------------------------------------------------------------------------------
const samples = new Map(); // kind -> latencies (ms)
const statuses = new Map();
let served = 0;
let sent = 0;
const rssBefore = rss();
const start = performance.now();
const end = start + seconds * 1000;
const inFlight = new Set();
await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now();
    // Every request due by now starts, measured from when it was due (no coordinated omission).
    while (sent < Math.floor(((Math.min(now, end) - start) / 1000) * rate)) {
      const due = start + (sent / rate) * 1000;
      sent += 1;
      const kind = nextKind();
      const p = kind.run().then((res) => {
        const ms = performance.now() - due;
        if (!samples.has(kind.name)) samples.set(kind.name, []);
        samples.get(kind.name).push(ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (performance.now() <= end + 1) served += 1;
        inFlight.delete(p);
      });
      inFlight.add(p);
    }
    if (now < end) setTimeout(tick, 2);
    else resolve();
  };
  tick();
});
const rssEnd = rss();
// Requests still running when the time is up are waited for (bounded) and counted as late.
await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 30_000))]);
const rssAfter = rss();

stopping = true;
shop.kill('SIGTERM');
await new Promise((r) => shop.once('exit', r));
agent.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
if (args.db === 'postgres') {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
  await client.end();
}

// ---- Figures ------------------------------------------------------------------------------------
const pct = (list, p) => {
  if (!list.length) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => (Number.isNaN(v) ? 'n/a' : v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`);
const all = [...samples.values()].flat();
const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
const failed = [...statuses].filter(([s]) => s === 0 || s >= 400).reduce((n, [, c]) => n + c, 0);
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `\nLoad on ${args.db}: ${rate} req/s offered for ${seconds} s, ${Math.round(checkoutShare * 100)}% checkouts, ${Math.round(codeShare * 100)}% of them with a code (${os.cpus().length} cores, load generator on the same machine)`,
);
console.log(
  `  offered ${(sent / seconds).toFixed(1)} req/s, served ${(served / seconds).toFixed(1)} req/s within the time (${served} of ${sent}; ${all.length} answered in all)`,
);
console.log(`  latency p50 ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}, p99 ${ms(pct(all, 99))}, max ${ms(Math.max(...all))}`);
console.log(
  `  statuses ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s || 'network error'}: ${c}`)
    .join(', ')}; errors ${failed}, 5xx ${fiveXX}`,
);
console.log(
  `  shop RSS ${mb(rssBefore)} before, ${mb(rssEnd)} at the end (${rssEnd >= rssBefore ? '+' : ''}${mb(rssEnd - rssBefore)}), ${mb(rssAfter)} after the last answers`,
);
console.log('  by kind:');
for (const [name, list] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `    ${name.padEnd(13)} ${String(list.length).padStart(6)} requests  p50 ${ms(pct(list, 50)).padStart(7)}  p95 ${ms(pct(list, 95)).padStart(7)}  p99 ${ms(pct(list, 99)).padStart(7)}`,
  );
}
