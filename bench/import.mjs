// The catalogue import at 5,000 rows (issue 32, decision 040): starts the built shop on a fresh
// SQLite database and a fresh PostgreSQL schema (demo catalogue), uploads a 5,000-row products CSV
// (a fifth of the products with two variant rows), and prints the preview's time, the apply's time
// (Apply pressed → report) and, while it runs, the storefront's p50/p95/p99 of a product page and
// a listing page on loopback (two shoppers asking one after the other, each request given 5 s), next
// to the same figures measured for 10 s before the import.
// Usage: npm run bench:import (builds first unless BENCH_BUILD=0). Env: BENCH_ROWS (5000),
// BENCH_DATABASES (sqlite,postgres), TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
// BENCH_PROFILE=<folder> to start the shop under `node --cpu-prof` (its .cpuprofile is written there when it stops).
// Prints figures and asserts nothing: machines here are shared and noisy.
import { execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitFor } from './wait-for.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rows = Number(process.env.BENCH_ROWS ?? 5_000);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = { email: 'bench-admin@nasma.test', password: 'Cedar-Amber-2026' };
const shoppers = 2;
const requestLimitMs = 5_000;
const quietMs = 10_000;
const applyLimitMs = 180_000;

if (process.env.BENCH_BUILD !== '0') execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

/** A supplier's file: `count` rows, one product a row, every fifth product in two variant rows (sizes). */
function supplierCsv(count, categories) {
  const header = [
    'sku',
    'name_en',
    'name_ar',
    'description_en',
    'price_egp',
    'discount_percent',
    'stock',
    'categories',
    'tags',
    'variant_size',
    'variant_stock',
  ];
  const lines = [header.join(',')];
  let i = 0;
  while (lines.length - 1 < count) {
    const sku = `BENCH-${String(i).padStart(5, '0')}`;
    const category = categories[i % categories.length];
    const product = [
      sku,
      `Bench Candle ${i}`,
      `شمعة ${i}`,
      '"Soy wax, cotton wick; 40 hours."',
      `"${(1000 + (i % 900)).toLocaleString('en')}.50"`,
      i % 7 === 0 ? 15 : 0,
    ];
    if (i % 5 === 0 && lines.length - 1 + 2 <= count) {
      lines.push([...product, '', category, 'calm; gift', '100ml', (i % 20) + 1].join(','));
      lines.push([sku, '', '', '', '', '', '', '', '', '200ml', (i % 9) + 1].join(','));
    } else lines.push([...product, (i % 40) + 1, category, 'calm; gift', '', ''].join(','));
    i++;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '–');

/** Shoppers asking for a product page and a listing page in turn until `stop()`; each answer's time by page. */
function shop(origin, productPath) {
  const times = { product: [], listing: [] };
  let failures = 0;
  let running = true;
  const pages = [
    ['product', productPath],
    ['listing', '/shop-grid-standard'],
  ];
  const loops = Array.from({ length: shoppers }, async (_, s) => {
    for (let k = s; running; k++) {
      const [kind, url] = pages[k % pages.length];
      const start = performance.now();
      try {
        const res = await fetch(origin + url, { signal: AbortSignal.timeout(requestLimitMs), headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
        if (!res.ok) failures++;
        else times[kind].push(performance.now() - start);
      } catch {
        failures++;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { product: summary(times.product), listing: summary(times.listing), failures };
    },
  };
}

async function run(db) {
  const port = 4890 + databases.indexOf(db);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-bench-import-'));
  const schema = `bench_import_${crypto.randomBytes(4).toString('hex')}`;
  if (db === 'postgres') {
    const client = new pg.Client({ connectionString: pgUrl });
    try {
      await client.connect();
      await client.end();
    } catch {
      console.log('postgres: not reachable, skipped');
      return;
    }
  }
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(process.execPath, [...profile, path.join(root, 'dist/server/server/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      IMAGE_DIR: path.join(root, 'data/test-images'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...(db === 'postgres' ? { DATABASE_URL: pgUrl, PG_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${origin}/api/health`);
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const headers = { cookie, origin };
    const categories = (await (await fetch(`${origin}/api/admin/categories`, { headers })).json()).items.map((c) => c.slug);
    const products = (await (await fetch(`${origin}/api/products?pageSize=1`)).json()).items;
    const productPath = `/product/${products[0].id}`;
    // Warm the pages once, then measure them quiet.
    for (const url of [productPath, '/shop-grid-standard']) await (await fetch(origin + url)).arrayBuffer();
    const quiet = shop(origin, productPath);
    await new Promise((r) => setTimeout(r, quietMs));
    const before = await quiet.stop();

    const csv = supplierCsv(rows, categories);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'supplier.csv');
    let start = performance.now();
    const previewed = await fetch(`${origin}/api/admin/product-imports`, { method: 'POST', headers, body: form });
    const preview = await previewed.json();
    const previewMs = performance.now() - start;
    if (previewed.status !== 201) throw new Error(`preview: ${previewed.status} ${JSON.stringify(preview)}`);

    const during = shop(origin, productPath);
    start = performance.now();
    const applied = await fetch(`${origin}/api/admin/product-imports/${preview.id}/apply`, { method: 'POST', headers });
    if (applied.status !== 202) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
    let report;
    while (performance.now() - start < applyLimitMs) {
      report = await (await fetch(`${origin}/api/admin/product-imports/${preview.id}`, { headers })).json();
      if (report.status === 'done' || report.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const applyMs = performance.now() - start;
    const storefront = await during.stop();

    console.log(`\n${db}: ${rows} rows (${preview.preview.products} products), preview ${(previewMs / 1000).toFixed(1)} s`);
    console.log(
      `  apply: ${report.status} in ${(applyMs / 1000).toFixed(1)} s (job ${((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000).toFixed(1)} s): created ${report.report.created}, updated ${report.report.updated}, failed ${report.report.failed}`,
    );
    for (const [label, figures] of [
      ['quiet ', before],
      ['import', storefront],
    ])
      for (const page of ['product', 'listing'])
        console.log(
          `  ${label} ${page.padEnd(7)} n=${String(figures[page].n).padStart(5)} p50 ${ms(figures[page].p50)}  p95 ${ms(figures[page].p95)}  p99 ${ms(figures[page].p99)}  max ${ms(figures[page].max)}${page === 'listing' ? `  failed ${figures.failures}` : ''}`,
        );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (db === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

for (const db of databases) await run(db);
