// Where a server-rendered product page and the start at 100,000 products spend their CPU: starts
// the built shop under `node --cpu-prof` on a database `bench:catalogue` kept (BENCH_KEEP=1), times
// its first answer, renders distinct product pages one after another, and prints the CPU a page
// took (from /proc, and from the profile) and the profile's top costs for the start and the pages.
// Usage: BENCH_REUSE=<kept folder or PostgreSQL schema> node bench/profile-pages.mjs
// Env: BENCH_PAGES (300), BENCH_OFFSET (0: which products; change it for pages never rendered before
// in the same database), BENCH_PROFILE (folder for the .cpuprofile, default a temporary one),
// TEST_DATABASE_URL (when BENCH_REUSE names a schema), BENCH_DIST (a copy of dist/ inside the
// checkout, to compare builds on the same database; default dist/), BENCH_QUERIES=1 (PostgreSQL:
// also print the SQL statements the measured pages sent, per page, through bench/pg-query-log.mjs),
// BENCH_SETTLE_MS (2000: the wait after the first search, for work a start leaves in the background).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds } from './cpu.mjs';
import { printSummary, summarise } from './cpu-profile-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reuse = process.env.BENCH_REUSE;
if (!reuse) throw new Error('BENCH_REUSE=<folder or schema kept by BENCH_KEEP=1 npm run bench:catalogue> is needed');
const pages = Number(process.env.BENCH_PAGES ?? 300);
const offset = Number(process.env.BENCH_OFFSET ?? 0);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const profileDir = path.resolve(process.env.BENCH_PROFILE ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-profile-')));
const postgres = !fs.existsSync(reuse);
const port = 7800 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
fs.mkdirSync(profileDir, { recursive: true });
const queryLog = process.env.BENCH_QUERIES === '1' ? path.join(profileDir, 'queries.json') : null;

const startedUs = nowUs();
const child = spawn(
  process.execPath,
  [
    ...(queryLog ? ['--import', path.join(root, 'bench/pg-query-log.mjs')] : []),
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
    path.join(dist, 'server/server/main.js'),
  ],
  {
    env: {
      ...process.env,
      ...(postgres ? { DATABASE_URL: pgUrl, PG_SCHEMA: reuse } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: postgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-profile-data-')) : reuse,
      IMAGE_DIR: path.join(root, 'data/test-images'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CLIENT_DIR: path.join(dist, 'client'),
      SSR_ENTRY: path.join(dist, 'ssr/entry-server.js'),
      RATE_LIMIT_SCALE: '1000',
      ...(queryLog ? { PG_QUERY_LOG: queryLog } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

let firstUs = 0;
for (;;) {
  try {
    const res = await fetch(`${origin}/api/products`);
    await res.arrayBuffer();
    if (res.ok) break;
  } catch {
    /* not listening yet */
  }
  if (nowUs() - startedUs > 120e6) throw new Error('no answer within 120 s');
  await new Promise((r) => setTimeout(r, 25));
}
firstUs = nowUs();
console.log(`first answer ${((firstUs - startedUs) / 1e6).toFixed(2)} s after start, ${cpuSeconds(child.pid)?.toFixed(2)} s of CPU`);

const product = (i) => `${origin}/product/${100_001 + (((offset + i) * 7919) % productCount)}`;
const get = async (url) => {
  const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  await res.arrayBuffer();
  return res.status;
};
const searched = await fetch(`${origin}/api/products?q=oud`);
await searched.arrayBuffer();
console.log(
  `first search answered ${((nowUs() - startedUs) / 1e6).toFixed(2)} s after start (${searched.status}), ${cpuSeconds(child.pid)?.toFixed(2)} s of CPU`,
);
// Settle: whatever start-up left to do, then a few pages not measured (code warmed by the JIT).
await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 2000)));
for (let i = 0; i < 30; i++) await get(product(pages + i));

/** The query log's tally since its last reset (SIGUSR2 writes it, then resets it). */
const takeQueries = async () => {
  if (!queryLog) return {};
  fs.rmSync(queryLog, { force: true });
  child.kill('SIGUSR2');
  while (!fs.existsSync(queryLog)) {
    if (child.exitCode !== null) throw new Error('the shop stopped before writing its query log');
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(fs.readFileSync(queryLog, 'utf8'));
};
await takeQueries();
const times = [];
const cpuBefore = cpuSeconds(child.pid);
const fromUs = nowUs();
for (let i = 0; i < pages; i++) {
  const t = performance.now();
  const status = await get(product(i));
  times.push(performance.now() - t);
  if (status !== 200) console.log(`page ${i} answered ${status}`);
}
const toUs = nowUs();
const cpuAfter = cpuSeconds(child.pid);
const queries = await takeQueries();
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
console.log(`${pages} product pages: p50 ${pct(50)} ms, p95 ${pct(95)} ms; process CPU ${(((cpuAfter - cpuBefore) * 1000) / pages).toFixed(2)} ms a page`);

if (queryLog) {
  const rows = Object.entries(queries).sort((a, b) => b[1].calls - a[1].calls);
  const calls = rows.reduce((n, [, r]) => n + r.calls, 0);
  console.log(`SQL statements sent while measuring: ${calls} (${(calls / pages).toFixed(2)} a page)`);
  for (const [text, r] of rows) console.log(`${String(r.calls).padStart(6)}  ${(r.ms / r.calls).toFixed(2)} ms avg  ${r.maxMs.toFixed(1)} ms max  ${text}`);
}

const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
const mb = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
console.log(`RSS ${mb('VmRSS')} MB (peak ${mb('VmHWM')} MB)`);
const exited = new Promise((r) => child.once('exit', r));
child.kill('SIGTERM');
await exited;
const file = fs
  .readdirSync(profileDir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(profileDir, f))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
console.log(`profile ${file} (pages between ${fromUs} and ${toUs} µs: node bench/cpu-profile-summary.mjs <file> ${fromUs} ${toUs})`);
console.log('\n== start, until the first answer ==');
printSummary(summarise(file, 0, firstUs), 20);
console.log(`\n== ${pages} product pages (per page) ==`);
printSummary(summarise(file, fromUs, toUs), 30, pages);
