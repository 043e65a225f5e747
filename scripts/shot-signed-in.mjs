#!/usr/bin/env node
// Screenshots pages as a signed-in user (admin or customer), for reviewing the admin and account.
// Usage: node scripts/shot-signed-in.mjs BASE_URL EMAIL PASSWORD WIDTH OUT_DIR PATH [PATH ...]
//   e.g. node scripts/shot-signed-in.mjs http://localhost:3101 a@b.c secret123 1366 /tmp/shots /admin /admin/products
// Optional env LNG=ar switches the language first. Writes OUT_DIR/<path-as-name>-<width>.png.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const [base, email, password, width, outDir, ...paths] = process.argv.slice(2);
if (!paths.length) {
  console.error('usage: shot-signed-in.mjs BASE_URL EMAIL PASSWORD WIDTH OUT_DIR PATH [PATH ...]');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 600 ? 844 : 900 }, baseURL: base });
const page = await context.newPage();
const login = await page.request.post('/api/auth/login', { data: { email, password }, headers: { origin: base } });
if (!login.ok()) {
  console.error('sign-in failed:', login.status(), await login.text());
  process.exit(1);
}
if (process.env.LNG) {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), process.env.LNG);
}
for (const p of paths) {
  await page.goto(p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const name = `${p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}${process.env.LNG ? `-${process.env.LNG}` : ''}-${width}.png`;
  const file = path.join(outDir, name);
  await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
  console.log(file);
}
await browser.close();
