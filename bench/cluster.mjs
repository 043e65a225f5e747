// Several processes behind nginx over PostgreSQL and Redis (issue 14): prints requests per second
// of the default listing and the server-rendered home through nginx with 1 and 2 shop processes,
// and checkout throughput (orders a second, distinct keys and phones, ample stock) with 1 and 2
// processes, checking afterwards that stock fell by exactly the acknowledged orders.
// Usage: npm run bench:cluster (needs TEST_DATABASE_URL, nginx and Redis; run after npm run build).
// Env: BENCH_SECONDS (10, pages), BENCH_CONNECTIONS (50, pages), BENCH_SHOPPERS (16), BENCH_ORDERS (3000 per run).
// Prints figures and asserts nothing: machines here are shared and noisy.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeClusterNginxConfig } from '../tests/cluster/nginx-config.ts';
import { waitFor } from './wait-for.mjs';
import { cpuSeconds, cpuSecondsOf } from './cpu.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 16);
const ordersToPlace = Number(process.env.BENCH_ORDERS ?? 3000);
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** Starts `count` shop processes and nginx in front of them over a new schema; returns how to reach and stop them. */
async function cluster(count, basePort) {
  const run = crypto.randomBytes(4).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-bench-cluster-'));
  const schema = `bench_${run}`;
  const ports = Array.from({ length: count }, (_, i) => basePort + 1 + i);
  const children = [];
  for (const port of ports) {
    children.push(
      spawn(process.execPath, [path.join(root, 'dist/server/server/main.js')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          PG_SCHEMA: schema,
          REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
          REDIS_PREFIX: `nasma-bench-${run}:`,
          TRUST_PROXY: '1',
          // All the bench's shoppers share one address.
          RATE_LIMIT_SCALE: '1000',
          DATA_DIR: path.join(dir, `shop-${port}`),
          IMAGE_DIR: path.join(root, 'data/test-images'),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
  }
  await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/api/health`)));
  const conf = writeClusterNginxConfig({ dir: path.join(dir, 'nginx'), listen: basePort, upstreams: ports, clientDir: path.join(root, 'dist/client') });
  const nginx = spawn('nginx', ['-e', path.join(dir, 'nginx', 'error.log'), '-p', path.join(dir, 'nginx'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(nginx);
  const origin = `http://127.0.0.1:${basePort}`;
  await waitFor(`${origin}/api/health`);
  return {
    origin,
    schema,
    shopPids: children.slice(0, count).map((child) => child.pid),
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function rate(url, headers) {
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration: seconds });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Checkout for `seconds`: every order its own key and phone, one unit of a random product with ample stock. */
async function checkout(c) {
  const db = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${c.schema}` });
  await db.connect();
  const { rows } = await db.query(
    'select id from products p where visible = 1 and deleted_at is null and not exists (select 1 from product_variants v where v.product_id = p.id)',
  );
  const ids = rows.map((r) => r.id);
  await db.query('update products set stock = 1000000 where id = any($1)', [ids]);
  const before = Number((await db.query('select sum(stock) as s from products where id = any($1)', [ids])).rows[0].s);
  // Every process reads stock afresh within a second.
  await new Promise((r) => setTimeout(r, 1200));
  let n = 0;
  // A fixed number of orders rather than a duration: no order is cut off in flight at the end,
  // so every order placed was acknowledged and the stock can be checked against the answers.
  const started = Date.now();
  const shopCpu = () => c.shopPids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const cpuBefore = { shop: shopCpu(), postgres: cpuSecondsOf('postgres'), redis: cpuSecondsOf('redis-server'), nginx: cpuSecondsOf('nginx') };
  const result = await autocannon({
    url: `${c.origin}/api/orders`,
    connections: shoppers,
    amount: ordersToPlace,
    requests: [
      {
        method: 'POST',
        setupRequest(req) {
          n += 1;
          const id = ids[n % ids.length];
          return {
            ...req,
            headers: { 'content-type': 'application/json', origin: c.origin, 'idempotency-key': `bench-${c.schema}-${n}` },
            body: JSON.stringify({
              fullName: 'Mona Adel',
              phone: `010${String(10_000_000 + n).slice(-8)}`,
              governorate: 'CAI',
              city: 'Nasr City',
              address: '12 Abbas El Akkad, flat 4',
              paymentMethod: 'cod',
              lines: [{ productId: id, quantity: 1 }],
            }),
          };
        },
      },
    ],
  });
  const elapsed = (Date.now() - started) / 1000;
  const acknowledged = result['2xx'];
  // CPU milliseconds per acknowledged order in each part: where an order's cost goes. PostgreSQL
  // and Redis are the machine's own services, so other work on them in the same seconds counts too.
  const perOrder = (seconds) => (acknowledged ? ((seconds * 1000) / acknowledged).toFixed(2) : 'n/a');
  const cpu = {
    shop: perOrder(shopCpu() - cpuBefore.shop),
    postgres: perOrder(cpuSecondsOf('postgres') - cpuBefore.postgres),
    redis: perOrder(cpuSecondsOf('redis-server') - cpuBefore.redis),
    nginx: perOrder(cpuSecondsOf('nginx') - cpuBefore.nginx),
  };
  const after = Number((await db.query('select sum(stock) as s from products where id = any($1)', [ids])).rows[0].s);
  const orders = Number((await db.query('select count(*) as n from orders')).rows[0].n);
  await db.end();
  return {
    perSecond: Math.round(acknowledged / elapsed),
    acknowledged,
    errors: result.errors + result.non2xx,
    p99: result.latency.p99,
    stockExact: before - after === acknowledged,
    orders,
    cpu,
  };
}

export async function benchCluster() {
  if (!databaseUrl) return console.log('\n== Behind nginx: skipped (set TEST_DATABASE_URL to a PostgreSQL database)');
  console.log(
    `\n== Behind nginx over PostgreSQL and Redis (this machine: ${os.cpus().length} cores shared by nginx, the shop processes, PostgreSQL and the load generator)`,
  );
  const br = { 'accept-encoding': 'gzip, deflate, br' };
  for (const count of [1, 2]) {
    const c = await cluster(count, 4900 + count * 10);
    try {
      const listing = await rate(`${c.origin}/api/products`, br);
      const home = await rate(`${c.origin}/`, br);
      const orders = await checkout(c);
      const label = `${count} process${count > 1 ? 'es' : ''}`;
      console.log(`${label.padEnd(12)} GET /api/products (br) ${String(listing.rps).padStart(6)} req/s  p99 ${listing.p99} ms  errors ${listing.errors}`);
      console.log(`${''.padEnd(12)} GET / home (br)         ${String(home.rps).padStart(6)} req/s  p99 ${home.p99} ms  errors ${home.errors}`);
      console.log(
        `${''.padEnd(12)} checkout                ${String(orders.perSecond).padStart(6)} orders/s  p99 ${orders.p99} ms  errors ${orders.errors}  (${shoppers} shoppers, ${orders.acknowledged} acknowledged, ${orders.orders} in the database, stock fell by exactly the acknowledged units: ${orders.stockExact ? 'yes' : 'NO'})`,
      );
      console.log(
        `${''.padEnd(12)} CPU per order           shop ${orders.cpu.shop} ms, PostgreSQL ${orders.cpu.postgres} ms, Redis ${orders.cpu.redis} ms, nginx ${orders.cpu.nginx} ms`,
      );
    } finally {
      await c.stop();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCluster();
