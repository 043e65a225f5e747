// Start the built shop on a kept bench dir, optionally profiled, and time product pages with 100 reviews.
import { spawn } from 'node:child_process';
import D from 'better-sqlite3';
const dir = process.argv[2]; const prof = process.argv[3];
const db = new D(dir + '/shop.sqlite', { readonly: true });
const ids = db.prepare('select product_id id from reviews group by product_id having count(*) = 100 order by product_id').all().map((r) => r.id);
db.close();
const args = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
const child = spawn(process.execPath, [...args, 'dist/server/server/main.js'], { env: { ...process.env, HOST: '127.0.0.1', PORT: '4390', DATA_DIR: dir, IMAGE_DIR: 'data/test-images', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' }, stdio: ['ignore', 'ignore', 'inherit'] });
const origin = 'http://127.0.0.1:4390';
for (;;) { try { const r = await fetch(origin + '/api/health'); if (r.ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
await new Promise((r) => setTimeout(r, Number(process.env.SETTLE ?? 20000)));
const enc = process.env.ENC ?? 'br';
import fs from 'node:fs';
const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const cpu0 = cpu();
const times = [];
for (let i = 0; i < Math.min(ids.length, Number(process.env.N ?? 99)); i++) {
  const t = performance.now();
  const res = await fetch(`${origin}/product/${ids[i]}`, { headers: { 'accept-encoding': enc } });
  await res.arrayBuffer();
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
const cpuMs = (cpu() - cpu0) / times.length;
console.log(`cpu/req ${cpuMs.toFixed(1)} ms n ${times.length} p50 ${pct(50).toFixed(1)} p95 ${pct(95).toFixed(1)} enc ${enc}`);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
