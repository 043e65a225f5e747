// `npm start`: serve the build in dist/. A fresh clone has none, so its first start builds once
// (processes started together wait for that one build). A start never rebuilds over an existing
// build, since other shop processes may be serving it: `npm run build` is the explicit step, and a
// start says when the sources are newer than the build it serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
const lock = path.join(root, '.build-lock');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.server.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run build`, its hundreds of lines kept back: one line while it runs and one when done, so
 * the lines a start ends with (where the shop is, the admin's sign-in) stay on the screen. A failed
 * build prints everything it said.
 */
function build() {
  const started = Date.now();
  process.stdout.write('Building the shop (first start: there is no build yet; about a minute)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(' failed:\n');
    process.stdout.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
  console.log(` done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** The first start of a fresh clone: one process builds (holding .build-lock), the others wait for its stamp. */
async function firstBuild() {
  for (let waited = 0; !fs.existsSync(stamp); waited += 500) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      mine = true;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (mine) {
      try {
        if (fs.existsSync(stamp)) return;
        build();
        fs.writeFileSync(stamp, new Date().toISOString());
        return;
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
    }
    if (waited % 10_000 === 0) console.log('Another process is building the shop; waiting for it...');
    // A build takes a minute or two; a lock older than ten minutes was left by a build that died.
    if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 10 * 60 * 1000) fs.rmSync(lock, { recursive: true, force: true });
    await sleep(500);
  }
}

if (!fs.existsSync(stamp)) await firstBuild();
else {
  const builtAt = fs.statSync(stamp).mtimeMs;
  const when = new Date(builtAt).toISOString().replace('T', ' ').slice(0, 16);
  if (Math.max(...sources.map(newest)) > builtAt)
    console.log(`Serving the build of ${when} UTC. The sources have changed since: run \`npm run build\` to rebuild, then restart.`);
  else console.log(`Serving the build of ${when} UTC.`);
}
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'dist/server/server/main.js'));
