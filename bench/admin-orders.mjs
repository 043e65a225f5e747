// The admin at a million orders: prints p50/p95/p99 of the order list per filter (first and deep
// pages, name search...) and of the dashboard, then the time, first-byte time and the server's
// peak memory of a full CSV export.
// Usage: node bench/admin-orders.mjs            (SQLite; PostgreSQL too when TEST_DATABASE_URL is set)
// Env: BENCH_ORDERS (1000000), BENCH_REQUESTS (200 per scenario), BENCH_DIST=1 to run the built
// server (dist/server/server/main.js) instead of the sources through tsx, BENCH_PLANS=1 to print
// the query plans of the list queries, BENCH_KEEP=1 to keep the seeded database (its path or
// schema is printed) for a closer look. Prints figures and asserts nothing: machines here are shared.
// Orders are generated and written in chunks, so the bench itself stays small at a million.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { waitFor } from './wait-for.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000000);
const CHUNK = 10000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const admin = { email: 'bench-admin@nasma.test', password: 'Cedar-Amber-2026' };

// ---- Realistic data -------------------------------------------------------------------------------
let seed = 42;
/** mulberry32: deterministic, so two runs measure the same data. */
function rand() {
  let t = (seed = (seed + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const weighted = (pairs) => {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [v, w] of pairs) if ((r -= w) < 0) return v;
  return pairs[0][0];
};
const first = [
  'Mona',
  'Ahmed',
  'Mohamed',
  'Sara',
  'Nour',
  'Omar',
  'Yasmin',
  'Karim',
  'Salma',
  'Hana',
  'Youssef',
  'Laila',
  'Mariam',
  'Tarek',
  'Dina',
  'Heba',
  'Amr',
  'Rana',
  'Farida',
  'Khaled',
];
const firstAr = ['منى', 'أحمد', 'محمد', 'سارة', 'نور', 'عمر', 'ياسمين', 'كريم', 'سلمى', 'هنا', 'يوسف', 'ليلى', 'مريم', 'طارق'];
const last = ['Adel', 'Hassan', 'Mostafa', 'Ibrahim', 'Fathy', 'Saleh', 'Mahmoud', 'Abdelrahman', 'Fouad', 'Naguib', 'Soliman', 'Shawky', 'Zaki', 'Ezzat'];
const lastAr = ['عادل', 'حسن', 'مصطفى', 'إبراهيم', 'فتحي', 'صالح', 'محمود', 'فؤاد', 'نجيب', 'سليمان'];
const govs = [
  ['CAI', 30],
  ['GIZ', 18],
  ['ALX', 14],
  ['QLY', 5],
  ['SHR', 4],
  ['DAK', 4],
  ['GHR', 3],
  ['MNF', 3],
  ['ISM', 2],
  ['PTS', 2],
  ['SUZ', 2],
  ['ASN', 1],
  ['LXR', 1],
  ['RSD', 2],
  ['SSN', 1],
];
const cities = {
  CAI: ['Nasr City', 'Maadi', 'Heliopolis', 'Zamalek', 'New Cairo'],
  GIZ: ['Dokki', 'Mohandessin', '6th of October', 'Sheikh Zayed'],
  ALX: ['Smouha', 'Sidi Gaber', 'Miami', 'Louran'],
};
const fee = { CAI: 6000, GIZ: 6000, ALX: 7000 };

/** Statuses by age: last week's orders are still moving, older ones have mostly arrived. */
function statusFor(ageDays) {
  if (ageDays < 2)
    return weighted([
      ['pending', 70],
      ['confirmed', 25],
      ['cancelled', 5],
    ]);
  if (ageDays < 7)
    return weighted([
      ['pending', 10],
      ['confirmed', 30],
      ['shipped', 45],
      ['delivered', 10],
      ['cancelled', 5],
    ]);
  return weighted([
    ['delivered', 82],
    ['cancelled', 9],
    ['returned', 4],
    ['shipped', 2],
    ['pending', 3],
  ]);
}

/** The orders, `CHUNK` at a time, oldest first; `samples` keeps 1,000 of them spread evenly for the searches. */
function* orderChunks(firstId, products, now, samples) {
  let orders = [];
  const year = 365 * 86400000;
  for (let i = 0; i < ORDERS; i++) {
    const id = firstId + i;
    // Spread over a year, growing towards now; ids follow time as they do in the shop.
    const t = now - year * (1 - Math.sqrt((i + rand() * 0.5) / ORDERS));
    const gov = weighted(govs);
    const arabic = rand() < 0.35;
    const name = arabic ? `${pick(firstAr)} ${pick(lastAr)}` : `${pick(first)} ${pick(last)}`;
    const phone = `01${pick(['0', '1', '2', '5'])}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
    const lines = [];
    const n = weighted([
      [1, 55],
      [2, 30],
      [3, 10],
      [4, 5],
    ]);
    for (let k = 0; k < n; k++) {
      const p = pick(products);
      const q = weighted([
        [1, 70],
        [2, 22],
        [3, 8],
      ]);
      lines.push({ p, q, total: p.unit * q });
    }
    const subtotal = lines.reduce((s, l) => s + l.total, 0);
    const shipping = subtotal >= 150000 ? 0 : (fee[gov] ?? 7500);
    const created = new Date(Math.min(t, now - (ORDERS - i) * 10)).toISOString();
    orders.push({
      id,
      number: `NSM-${100000 + id}`,
      status: statusFor((now - t) / 86400000),
      name,
      phone,
      gov,
      city: pick(cities[gov] ?? ['Downtown', 'El Gomhoreya St']),
      subtotal,
      shipping,
      created,
      lines,
    });
    while (samples.length < 1000 && Math.floor((samples.length * ORDERS) / 1000) === i) samples.push(orders[orders.length - 1]);
    if (orders.length === CHUNK) {
      yield orders;
      orders = [];
    }
  }
  if (orders.length) yield orders;
}

// ---- Seeding ---------------------------------------------------------------------------------------
function seedSqlite(file) {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 10000');
  // Bench data need not survive a power cut; a large page cache keeps the indexes in memory.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const products = db.prepare('SELECT id, name_en AS name, sku, price, discount FROM products WHERE deleted_at IS NULL').all();
  for (const p of products) p.unit = Math.round((p.price * (100 - p.discount)) / 100);
  const firstId = (db.prepare('SELECT coalesce(max(id), 0) AS m FROM orders').get().m ?? 0) + 1;
  const samples = [];
  const insOrder = db.prepare(
    `INSERT INTO orders (id, number, access_token_hash, user_id, status, customer_name, phone, email, governorate, city, address, notes, payment_method, currency, subtotal, shipping_fee, total, idempotency_key, request_hash, stock_restored, created_at, updated_at)
     VALUES (?, ?, ?, NULL, ?, ?, ?, NULL, ?, ?, ?, NULL, 'cod', 'EGP', ?, ?, ?, NULL, NULL, 0, ?, ?)`,
  );
  const insLine = db.prepare(
    'INSERT INTO order_lines (order_id, product_id, variant_id, name, sku, color, size, unit_price, discount, unit_paid, quantity, line_total) VALUES (?, ?, NULL, ?, ?, NULL, NULL, ?, ?, ?, ?, ?)',
  );
  const insHistory = db.prepare(
    'INSERT INTO order_status_history (order_id, from_status, to_status, actor_user_id, note, created_at) VALUES (?, ?, ?, NULL, NULL, ?)',
  );
  const hash = crypto.createHash('sha256').update('bench').digest('hex');
  const write = db.transaction((orders) => {
    for (const o of orders) {
      insOrder.run(
        o.id,
        o.number,
        hash,
        o.status,
        o.name,
        o.phone,
        o.gov,
        o.city,
        '14 Street 9, flat 3',
        o.subtotal,
        o.shipping,
        o.subtotal + o.shipping,
        o.created,
        o.created,
      );
      for (const l of o.lines) insLine.run(o.id, l.p.id, l.p.name, l.p.sku, l.p.price, l.p.discount, l.p.unit, l.q, l.total);
      insHistory.run(o.id, null, 'pending', o.created);
      if (o.status !== 'pending') insHistory.run(o.id, 'pending', o.status, o.created);
    }
  });
  for (const chunk of orderChunks(firstId, products, Date.now(), samples)) write(chunk);
  db.exec('ANALYZE');
  db.close();
  return samples;
}

async function seedPostgres(url, schema) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const products = (await client.query('SELECT id, name_en AS name, sku, price, discount FROM products WHERE deleted_at IS NULL')).rows;
  for (const p of products) p.unit = Math.round((p.price * (100 - p.discount)) / 100);
  const firstId = Number((await client.query('SELECT coalesce(max(id), 0) AS m FROM orders')).rows[0].m) + 1;
  const samples = [];
  const hash = crypto.createHash('sha256').update('bench').digest('hex');
  await client.query('BEGIN');
  // unnest() of one array per column: one statement per 10,000 rows, no parameter limit hit.
  for (const chunk of orderChunks(firstId, products, Date.now(), samples)) {
    const col = (f) => chunk.map(f);
    await client.query(
      `INSERT INTO orders (id, number, access_token_hash, status, customer_name, phone, governorate, city, address, payment_method, currency, subtotal, shipping_fee, total, stock_restored, created_at, updated_at)
       SELECT id, number, $3, status, name, phone, gov, city, '14 Street 9, flat 3', 'cod', 'EGP', subtotal, shipping, subtotal + shipping, 0, created, created
       FROM unnest($1::int[], $2::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::timestamptz[])
         AS t(id, number, status, name, phone, gov, city, subtotal, shipping, created)`,
      [
        col((o) => o.id),
        col((o) => o.number),
        hash,
        col((o) => o.status),
        col((o) => o.name),
        col((o) => o.phone),
        col((o) => o.gov),
        col((o) => o.city),
        col((o) => o.subtotal),
        col((o) => o.shipping),
        col((o) => o.created),
      ],
    );
    const lines = chunk.flatMap((o) => o.lines.map((l) => ({ o, l })));
    await client.query(
      `INSERT INTO order_lines (order_id, product_id, name, sku, unit_price, discount, unit_paid, quantity, line_total)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[])`,
      [
        lines.map((x) => x.o.id),
        lines.map((x) => x.l.p.id),
        lines.map((x) => x.l.p.name),
        lines.map((x) => x.l.p.sku),
        lines.map((x) => x.l.p.price),
        lines.map((x) => x.l.p.discount),
        lines.map((x) => x.l.p.unit),
        lines.map((x) => x.l.q),
        lines.map((x) => x.l.total),
      ],
    );
    const history = chunk.flatMap((o) => [{ o, from: null, to: 'pending' }, ...(o.status === 'pending' ? [] : [{ o, from: 'pending', to: o.status }])]);
    await client.query(
      `INSERT INTO order_status_history (order_id, from_status, to_status, created_at) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[])`,
      [history.map((h) => h.o.id), history.map((h) => h.from), history.map((h) => h.to), history.map((h) => h.o.created)],
    );
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  await client.query('COMMIT');
  await client.query('VACUUM ANALYZE orders, order_lines, order_status_history, order_hourly_totals, product_daily_sales');
  await client.end();
  return samples;
}

// ---- Server and measurement -------------------------------------------------------------------------
function startServer(env) {
  const port = 4900 + Math.floor(Math.random() * 400);
  const args = process.env.BENCH_DIST === '1' ? [path.join(root, 'dist/server/server/main.js')] : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      IMAGE_DIR: path.join(root, 'data/test-images'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // @fastify/autoload recognises tsx only as a --require preload; `--import tsx` needs telling.
      ...(process.env.BENCH_DIST === '1' ? {} : { FASTIFY_AUTOLOAD_TYPESCRIPT: '1' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function measure(base, cookie, urlFor) {
  const get = async (i) => {
    const res = await fetch(`${base}${urlFor(i)}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${urlFor(i)}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  for (let i = 0; i < 20; i++) await get(i);
  const times = [];
  let total;
  let totalExact;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const body = await get(i);
    times.push(performance.now() - t0);
    total = body.total;
    totalExact = body.totalExact;
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99), total, totalExact };
}

/** A process's resident memory now, in MB (Linux). */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Downloads an export as a browser would, counting rows as they arrive, and samples the server's memory meanwhile. */
async function exportCsv(server, cookie, url) {
  const rssBefore = rssMb(server.child.pid);
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.child.pid))), 50);
  const t0 = performance.now();
  try {
    const res = await fetch(`${server.base}${url}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const reader = res.body.getReader();
    let firstByteMs;
    let bytes = 0;
    let newlines = 0;
    // The server's memory as the rows go by: flat means a tenth of the rows costs what all of them do.
    const announced = Number(res.headers.get('x-total-count'));
    const marks = [0.1, 0.5, 0.9];
    const rssAt = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - t0;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
      while (marks.length && newlines >= marks[0] * announced) rssAt.push(`${marks.shift() * 100}%: ${rssMb(server.child.pid)}`);
    }
    return {
      seconds: (performance.now() - t0) / 1000,
      firstByteMs,
      bytes,
      rows: newlines - 1,
      announced,
      rssBefore,
      rssPeak,
      rssAt,
    };
  } finally {
    clearInterval(timer);
  }
}

async function run(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-bench-orders-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const env = kind === 'postgres' ? { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL, PG_SCHEMA: schema } : { DATA_DIR: dataDir };
  let server = startServer(env);
  try {
    await waitFor(`${server.base}/api/health`);
    // The schema and catalogue now exist: stop the shop, seed the orders, start it again.
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    const t0 = performance.now();
    const samples = kind === 'postgres' ? await seedPostgres(process.env.TEST_DATABASE_URL, schema) : seedSqlite(path.join(dataDir, 'shop.sqlite'));
    const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);
    server = startServer(env);
    await waitFor(`${server.base}/api/health`);

    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

    const sample = (i) => samples[(i * 7919) % samples.length];
    const day = (msAgo) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    const names = ['mona', 'سارة', 'karim adel', 'ياسمين', 'zaki', 'heba m'];
    const scenarios = [
      ['first page', () => '/api/admin/orders'],
      ['page 1000 (offset 24,975)', () => '/api/admin/orders?page=1000'],
      ['page 20000 (offset 499,975)', () => '/api/admin/orders?page=20000'],
      ['status=pending', () => '/api/admin/orders?status=pending'],
      ['status=delivered, page 3', () => '/api/admin/orders?status=delivered&page=3'],
      ['status=delivered, page 1000', () => '/api/admin/orders?status=delivered&page=1000'],
      ['q=<order number>', (i) => `/api/admin/orders?q=${sample(i).number}`],
      ['q=<phone>', (i) => `/api/admin/orders?q=${sample(i).phone}`],
      ['q=<phone start, 7 digits>', (i) => `/api/admin/orders?q=${sample(i).phone.slice(0, 7)}`],
      ['date range (last 30 days)', () => `/api/admin/orders?from=${day(30 * 86400000)}&to=${day(0)}`],
      ['date range (a month, 6 months ago)', () => `/api/admin/orders?from=${day(200 * 86400000)}&to=${day(170 * 86400000)}`],
      ['status + date range', () => `/api/admin/orders?status=cancelled&from=${day(90 * 86400000)}&to=${day(0)}`],
      ['q=<name> (6 names, trigram index)', (i) => `/api/admin/orders?q=${encodeURIComponent(names[i % names.length])}`],
      ['q=<name>, page 5', (i) => `/api/admin/orders?q=${encodeURIComponent(names[i % names.length])}&page=5`],
      ['q=<name> + status=returned', (i) => `/api/admin/orders?status=returned&q=${encodeURIComponent(names[i % names.length])}`],
      ['q=<rare name, no match>', (i) => `/api/admin/orders?q=${encodeURIComponent(['xavier', 'زينب'][i % 2])}`],
      ['dashboard', () => '/api/admin/dashboard'],
    ];
    console.log(`\n== ${kind}: ${ORDERS.toLocaleString('en')} orders seeded in ${seedSeconds} s; ${REQUESTS} sequential requests per line (ms)`);
    console.log(`${'scenario'.padEnd(38)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  matches`);
    for (const [name, urlFor] of scenarios) {
      const r = await measure(server.base, cookie, urlFor);
      const matches = r.total === undefined ? '' : `${r.total.toLocaleString('en')}${r.totalExact === false ? '+' : ''}`;
      console.log(`${name.padEnd(38)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${matches}`);
    }
    for (const [name, url] of [
      ['CSV, all orders', '/api/admin/orders.csv'],
      ['CSV, status=pending', '/api/admin/orders.csv?status=pending'],
    ]) {
      const r = await exportCsv(server, cookie, url);
      console.log(
        `${name.padEnd(38)} ${r.seconds.toFixed(1)} s (first bytes ${r.firstByteMs.toFixed(0)} ms), ${r.rows.toLocaleString('en')} rows of ${r.announced}, ` +
          `${(r.bytes / 1048576).toFixed(1)} MB; server RSS ${r.rssBefore} MB before, peak ${r.rssPeak} MB (after ${r.rssAt.join(', ')} MB)`,
      );
    }
    if (process.env.BENCH_PLANS === '1') await printPlans(kind, dataDir, schema);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${kind === 'postgres' ? `schema ${schema}` : path.join(dataDir, 'shop.sqlite')}`);
    else if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    if (process.env.BENCH_KEEP !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The plans of the list's queries, as the repository writes them. */
async function printPlans(kind, dataDir, schema) {
  // As the repository writes a name search: PostgreSQL one LIKE over the trigram index; SQLite a
  // LIKE along the list's index for a common name, the FTS matches by id for a rare one, and the
  // count of a common name from the FTS index alone.
  const like = (term) => `lower(customer_name) LIKE '%${term}%' ESCAPE '\\'`;
  const fts = (term) => `id IN (SELECT rowid FROM orders_name_fts WHERE orders_name_fts MATCH '"${term}"')`;
  const nameCount =
    kind === 'sqlite'
      ? `SELECT count(*) FROM (SELECT 1 FROM orders_name_fts WHERE orders_name_fts MATCH '"mona"' LIMIT 1001)`
      : `SELECT count(*) FROM (SELECT 1 FROM orders WHERE ${like('mona')} LIMIT 1001) m`;
  const queries = [
    ['first page', `SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 25`, []],
    [
      'deep page (ids over the index, then rows)',
      `SELECT id, number, customer_name FROM orders WHERE id IN (SELECT id FROM orders ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET 24975) ORDER BY created_at DESC, id DESC`,
      [],
    ],
    ['capped count', `SELECT count(*) FROM (SELECT 1 FROM orders LIMIT 1026) m`, []],
    ['status page', `SELECT id FROM orders WHERE status = $1 ORDER BY created_at DESC, id DESC LIMIT 25`, ['pending']],
    ['status capped count', `SELECT count(*) FROM (SELECT 1 FROM orders WHERE status = $1 LIMIT 1026) m`, ['pending']],
    [
      'search',
      `SELECT id FROM orders WHERE number = $1 OR phone = $2 OR (phone >= $3 AND phone < $4) ORDER BY created_at DESC, id DESC LIMIT 25`,
      ['NSM-150000', '01012345678', '0101234', '0101235'],
    ],
    ['name page', `SELECT id FROM orders WHERE ${like('mona')} ORDER BY created_at DESC, id DESC LIMIT 25`, []],
    [
      'name page (rare name)',
      `SELECT id FROM orders WHERE ${kind === 'sqlite' ? fts('xavier') : like('xavier')} ORDER BY created_at DESC, id DESC LIMIT 25`,
      [],
    ],
    ['name capped count', nameCount, []],
    [
      'status+date page',
      `SELECT id FROM orders WHERE status = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at DESC, id DESC LIMIT 25`,
      ['cancelled', '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z'],
    ],
    [
      'date page',
      `SELECT id FROM orders WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC, id DESC LIMIT 25`,
      ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'],
    ],
    [
      'export batch (keyset)',
      `SELECT id FROM orders WHERE created_at <= $1 AND (created_at < $1 OR id < $2) ORDER BY created_at DESC, id DESC LIMIT 2000`,
      ['2025-06-01T00:00:00.000Z', 500000],
    ],
  ];
  if (kind === 'sqlite') {
    const db = new SQLite(path.join(dataDir, 'shop.sqlite'), { readonly: true });
    for (const [name, q, p] of queries)
      console.log(
        `${name}: ${db
          .prepare(`EXPLAIN QUERY PLAN ${q.replace(/\$(\d)/g, (_, k) => (typeof p[k - 1] === 'number' ? String(p[k - 1]) : `'${p[k - 1]}'`))}`)
          .all()
          .map((r) => r.detail)
          .join(' | ')}`,
      );
    db.close();
  } else {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await client.connect();
    for (const [name, q, p] of queries) console.log(`${name}:\n  ${(await client.query(`EXPLAIN ${q}`, p)).rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
    await client.end();
  }
}

await run('sqlite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
