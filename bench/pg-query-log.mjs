// Counts the SQL a shop process sends to PostgreSQL, to see what a request costs the database
// (this machine's PostgreSQL has no pg_stat_statements). Loaded into the measured process with
// `node --import ./bench/pg-query-log.mjs`: it wraps pg's Client#query (the one the pool and kysely
// use), and on SIGUSR2 writes, then resets, a JSON tally by statement — calls, total and largest
// round-trip ms — to PG_QUERY_LOG (a file path). Bench-only; the shop never loads it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The shop's own copy of pg (the checkout's node_modules), whatever folder the process started in.
const require = createRequire(path.join(process.cwd(), 'package.json'));
const pg = require('pg');
const file = process.env.PG_QUERY_LOG;
let tally = new Map();

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return original.call(this, config, values, callback);
  const key = text.replace(/\s+/g, ' ').slice(0, 160);
  const started = performance.now();
  const note = () => {
    const ms = performance.now() - started;
    const row = tally.get(key) ?? { calls: 0, ms: 0, maxMs: 0 };
    row.calls++;
    row.ms += ms;
    row.maxMs = Math.max(row.maxMs, ms);
    tally.set(key, row);
  };
  const result = original.call(this, config, values, callback);
  if (result && typeof result.then === 'function') result.then(note, note);
  else note();
  return result;
};

process.on('SIGUSR2', () => {
  if (file) fs.writeFileSync(file, JSON.stringify(Object.fromEntries(tally), null, 1));
  tally = new Map();
});
