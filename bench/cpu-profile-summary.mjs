// Where a .cpuprofile (node --cpu-prof) spent its time: self time summed by function and by file
// or package, optionally only the samples between two moments (microseconds of the monotonic
// clock, as process.hrtime.bigint() / 1000n reads it, which is the clock V8's profiles use).
// Usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [fromUs toUs] [top]
import fs from 'node:fs';

/**
 * Self time in ms by function and by file of the samples in [from, to] (the whole profile without
 * them), with the busy total (everything but idle, program and garbage collection apart).
 */
export function summarise(file, from = -Infinity, to = Infinity) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const previous = t;
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    // A sample's time is the gap until the next one, as Chrome's DevTools counts it.
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : t - previous;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + next);
  }
  // Inclusive time: a sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map();
  for (const [id, us] of self) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { callFrame: f } = nodes.get(at);
      const fn = `${f.functionName || '(anonymous)'}  ${fileOf(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      total.set(fn, (total.get(fn) ?? 0) + us);
    }
  }
  const byFunction = new Map();
  const byFile = new Map();
  let busy = 0;
  let gc = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const { callFrame: f } = nodes.get(id);
    const name = f.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    if (name === '(garbage collector)') gc += us;
    busy += us;
    const where = fileOf(f.url);
    const fn = `${name}  ${where}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byFile.set(where, (byFile.get(where) ?? 0) + us);
  }
  const ms = (m) => [...m].map(([k, us]) => [k, us / 1000]).sort((a, b) => b[1] - a[1]);
  return { busyMs: busy / 1000, gcMs: gc / 1000, idleMs: idle / 1000, byFunction: ms(byFunction), byFile: ms(byFile), inclusive: ms(total) };
}

/** A package's name, or the path from the checkout's src/ or dist/, or node's own module. */
function fileOf(url) {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(dist\/.*|src\/.*)$/.exec(url);
  if (own) return own[1];
  return url.replace(/^file:\/\//, '');
}

export function printSummary(summary, top = 25, per = 1) {
  const line = ([k, v]) => `${(v / per).toFixed(per === 1 ? 1 : 3).padStart(9)} ms  ${k}`;
  console.log(
    `busy ${(summary.busyMs / per).toFixed(per === 1 ? 1 : 3)} ms (garbage collection ${(summary.gcMs / per).toFixed(per === 1 ? 1 : 3)} ms)${per === 1 ? '' : ' per request'}`,
  );
  console.log('by file or package (self):');
  for (const row of summary.byFile.slice(0, top)) console.log(line(row));
  console.log('by function (self):');
  for (const row of summary.byFunction.slice(0, top)) console.log(line(row));
  console.log('by function (inclusive: with what it calls):');
  for (const row of summary.inclusive.filter(([k]) => !/^\((root|program|idle)\)/.test(k)).slice(0, top * 2)) console.log(line(row));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, from, to, top] = process.argv.slice(2);
  printSummary(summarise(file, from ? Number(from) : -Infinity, to ? Number(to) : Infinity), top ? Number(top) : 25);
}
