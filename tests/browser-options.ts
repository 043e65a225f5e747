import type { PlaywrightTestConfig } from '@playwright/test';

/** What every browser suite shares: Debian's Chromium with this machine's flags, and how to report. */
export const browserSuite = {
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    // The shop's service worker would answer pages and pictures from its caches in every test; it
    // runs only where it is the subject (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
} satisfies PlaywrightTestConfig;
