// `npm test`: every check in order (lint, type checks, build, unit and API tests, browser tests,
// the cluster suite), stopping at the first that fails with its exit code, then a table of how long
// each step took. The times are printed so a suite that grows slower is seen the day it does.
import { spawn } from 'node:child_process';

const steps = [
  { name: 'lint', script: 'lint' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'build', script: 'build' },
  { name: 'unit', script: 'test:unit' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'cluster', script: 'test:cluster' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

/** Runs one npm script with this terminal; resolves with its exit code (a signal counts as failure). */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' });
    // Ctrl-C reaches the child through the terminal's process group, so this process only waits for
    // it; a SIGTERM sent to this process alone (a CI time-out) is passed on.
    const onInt = () => {};
    const onTerm = () => child.kill('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', () => resolve(1));
  });
}

function report(done, failed) {
  const width = Math.max(...steps.map((s) => s.name.length), 'total'.length);
  const lines = done.map(({ name, ms, code }) => `  ${name.padEnd(width)}  ${seconds(ms).padStart(9)}${code ? `  failed (exit ${code})` : ''}`);
  const total = done.reduce((sum, s) => sum + s.ms, 0);
  const skipped = steps.slice(done.length).map((s) => s.name);
  console.log(`\nTest steps${failed ? ' (stopped at the first failure)' : ''}:`);
  for (const line of lines) console.log(line);
  if (skipped.length) console.log(`  not run: ${skipped.join(', ')}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(total).padStart(9)}  (${minutes(total)})`);
}

const done = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} (npm run ${step.script}) ===`);
  const start = performance.now();
  const code = await run(step.script);
  done.push({ name: step.name, ms: performance.now() - start, code });
  if (code !== 0) {
    report(done, true);
    process.exit(code);
  }
}
report(done, false);
