// `npm run test:cluster`: the browser suite against nginx in front of two shop processes over
// PostgreSQL and Redis (playwright.cluster.config.ts). It needs TEST_DATABASE_URL, Debian's nginx
// and a Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379); without them it says so and
// passes, like the PostgreSQL half of the unit tests. .ci/run provides all three.
import { execSync, spawnSync } from 'node:child_process';
import net from 'node:net';

const missing = [];
if (!process.env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL (PostgreSQL)');
try {
  execSync('nginx -v', { stdio: 'ignore' });
} catch {
  missing.push('nginx (apt-get install -y nginx)');
}
const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisUp = await new Promise((resolve) => {
  const socket = net.connect(Number(redis.port || 6379), redis.hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.setTimeout(2000, () => {
    socket.destroy();
    resolve(false);
  });
});
if (!redisUp) missing.push(`Redis at ${redis.host}`);
if (missing.length) {
  console.log(`Cluster suite skipped: it needs ${missing.join(', ')}.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.cluster.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
