import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { writeClusterNginxConfig } from './tests/cluster/nginx-config';
import { browserSuite } from './tests/browser-options';

/**
 * The cluster suite (npm run test:cluster): Debian's nginx, configured by deploy/nginx.conf, in
 * front of two shop processes over one PostgreSQL schema and one Redis, all started here for the
 * run and gone after it. Workers load this file again: the run's names travel in the environment.
 */
const run = (process.env.NASMA_CLUSTER_RUN ??= crypto.randomBytes(4).toString('hex'));
const dir = (process.env.NASMA_CLUSTER_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-cluster-')));
export const clusterPorts = { nginx: 4380, a: 4381, b: 4382 };
export const clusterSchema = `cluster_${run}`;
export const clusterAdmin = { email: 'admin@cluster.test', password: 'cluster-admin-password-2026' };

const nginxConf = writeClusterNginxConfig({
  dir: path.join(dir, 'nginx'),
  listen: clusterPorts.nginx,
  upstreams: [clusterPorts.a, clusterPorts.b],
  clientDir: path.resolve('dist/client'),
});

const shop = (port: number) => ({
  command: 'node dist/server/server/main.js',
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    PG_SCHEMA: clusterSchema,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `nasma-test-${run}:`,
    TRUST_PROXY: '1',
    // Each process its own disk: nothing may be shared through it.
    DATA_DIR: path.join(dir, `shop-${port}`),
    IMAGE_DIR: path.resolve('data/test-images'),
    ADMIN_EMAIL: clusterAdmin.email,
    ADMIN_PASSWORD: clusterAdmin.password,
    LOG_LEVEL: 'warn',
    // Two browsers and the server share this machine's cores: a starved moment must not shed a
    // page's script as 503 (load shedding has its own test, load-shedding.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: '0',
  },
});

export default defineConfig({
  ...browserSuite,
  testDir: 'tests/cluster',
  // The suite's steps depend on shared limits and on one another's traffic: one at a time.
  fullyParallel: false,
  workers: 1,
  globalTeardown: './tests/cluster/teardown.ts',
  use: { ...browserSuite.use, baseURL: `http://127.0.0.1:${clusterPorts.nginx}` },
  projects: [{ name: 'cluster', use: { viewport: { width: 1366, height: 900 } } }],
  webServer: [
    shop(clusterPorts.a),
    shop(clusterPorts.b),
    {
      command: `nginx -e ${path.join(dir, 'nginx', 'error.log')} -p ${path.join(dir, 'nginx')} -c ${nginxConf} -g "daemon off;"`,
      url: `http://127.0.0.1:${clusterPorts.nginx}/api/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
