import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { browserSuite } from './tests/browser-options';

// A new, temporary database for every run; rendered demo images are cached between runs.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4317);
export const adminEmail = 'admin@e2e.test';
export const adminPassword = 'e2e-admin-password-2026';
/** The mail sink's HTTP side (tests/mail-sink.mjs): what the shop sent over SMTP, read by the tests. */
export const mailboxUrl = `http://127.0.0.1:${port + 2}`;
/** The local Paymob (tests/local-paymob): the shop's payment provider, and its controls under /__control/. */
export const paymobUrl = `http://127.0.0.1:${port + 3}`;
/** The local Paymob's test credentials and integration ids (test values, not secrets). */
export const paymobKeys = {
  secretKey: 'egy_sk_test_e2e_local_paymob',
  publicKey: 'egy_pk_test_e2e_local_paymob',
  apiKey: 'e2e-local-paymob-api-key',
  hmacSecret: 'E2ELOCALPAYMOBHMACSECRET',
  integrations: { card: 4123456, wallet: 4123457, kiosk: 4123458 },
};

const paymobIntegrations = Object.entries(paymobKeys.integrations)
  .map(([name, id]) => `${name}=${id}`)
  .join(',');

/**
 * One worker per core, at least two and at most six (E2E_WORKERS overrides). Each worker drives a
 * Chromium that needs about a core while it renders, so more workers than cores only makes each
 * page slower and the timeouts tighter; at least two, as on this two-core machine, since much of
 * a test is waiting for the server. Six at most because every worker talks to the one shop process
 * (one event loop): past that the server, not the browsers, sets the pace.
 */
const workers = Number(process.env.E2E_WORKERS) || Math.min(6, Math.max(2, os.availableParallelism()));

export default defineConfig({
  testDir: 'tests/e2e',
  ...browserSuite,
  fullyParallel: true,
  workers,
  use: { ...browserSuite.use, baseURL: `http://127.0.0.1:${port}` },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } }, testIgnore: /\.shop-wide\.spec\.ts$/ },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }, grep: /@phone/, testIgnore: /\.shop-wide\.spec\.ts$/ },
    // A shop-wide setting every other test would feel (`*.shop-wide.spec.ts`) is changed alone, after them.
    { name: 'alone', use: { viewport: { width: 1366, height: 900 } }, testMatch: /\.shop-wide\.spec\.ts$/, dependencies: ['desktop', 'phone'] },
  ],
  webServer: [
    {
      command: 'node tests/mail-sink.mjs',
      url: `${mailboxUrl}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SINK_SMTP_PORT: String(port + 1), MAIL_SINK_HTTP_PORT: String(port + 2) },
    },
    {
      // tsx as a loader of node itself (node_modules/.bin is not on the PATH here): one process, which gets the stop signal.
      command: 'node --import tsx tests/local-paymob/main.ts',
      url: `${paymobUrl}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        LOCAL_PAYMOB_PORT: String(port + 3),
        PAYMOB_SECRET_KEY: paymobKeys.secretKey,
        PAYMOB_PUBLIC_KEY: paymobKeys.publicKey,
        PAYMOB_API_KEY: paymobKeys.apiKey,
        PAYMOB_HMAC_SECRET: paymobKeys.hmacSecret,
        PAYMOB_INTEGRATIONS: paymobIntegrations,
      },
    },
    {
      command: 'node dist/server/server/main.js',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        IMAGE_DIR: path.resolve('data/test-images'),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        // Two browsers and the server share this machine's cores: a starved moment must not shed a
        // page's script as 503 (load shedding has its own test, load-shedding.test.ts).
        MAX_EVENT_LOOP_DELAY_MS: '0',
        SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
        MAIL_FROM: 'Nasma <shop@e2e.test>',
        // Online payment through the local Paymob (decision 036): cash on delivery stays the default choice.
        PAYMOB_API_URL: paymobUrl,
        PAYMOB_SECRET_KEY: paymobKeys.secretKey,
        PAYMOB_PUBLIC_KEY: paymobKeys.publicKey,
        PAYMOB_API_KEY: paymobKeys.apiKey,
        PAYMOB_HMAC_SECRET: paymobKeys.hmacSecret,
        PAYMOB_INTEGRATIONS: paymobIntegrations,
      },
    },
  ],
});
