import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { offlineCaches } from '../../src/shared/domain/offline';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import { allowConsoleErrors, catalogue, expect, linkIn, mailTo, test } from './fixtures';

/**
 * The installable shop (issue 34 point 1, decision 048), in a browser that runs its service worker
 * (the other browser tests block it, playwright.config.ts), against the real server and build.
 */
test.use({ serviceWorkers: 'allow' });

/** Without a network the page's own calls fail, as they would on a phone: the browser says so in its console. */
const offlineNoise = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /Failed to load resource/, /NetworkError/];

/** Waits until the service worker is active and controls this page (it claims the pages it finds when it activates). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** A navigation that does not wait for the app: the offline page has no script. */
const visit = (page: Page, url: string) => page.mainFrame().goto(url);

test('the shop installs: a manifest in the page’s language with any and maskable icons, and a service worker that controls the page', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await context.addCookies([{ name: 'i18next', value: 'ar', url: baseURL! }]);
  await page.goto('/');
  await controlled(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest?lng=ar');
  const res = await request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    lang: string;
    dir: string;
    display: string;
    start_url: string;
    scope: string;
    description: string;
    icons: Array<{ src: string; sizes: string; purpose: string; type: string }>;
  };
  expect(manifest).toMatchObject({ lang: 'ar', dir: 'rtl', display: 'standalone', scope: '/', description: ar.pwa.description });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.start_url.startsWith('/')).toBe(true);
  // Chromium's install criteria: a 192 px and a 512 px icon; Android's adaptive icon: a maskable one.
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeTruthy();
    const png = await request.get(icon!.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // The English page names the English manifest.
  await context.addCookies([{ name: 'i18next', value: 'en', url: baseURL! }]);
  await page.goto('/about');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?lng=en');
  expect(((await (await request.get('/manifest.webmanifest?lng=en')).json()) as { description: string }).description).toBe(en.pwa.description);
});

test('offline: a product page seen before still reads, one never seen shows the offline page, the cart works and a checkout says it cannot be sent', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  allowConsoleErrors(...offlineNoise);
  const products = (await catalogue(request)).filter((p) => p.variants.length === 0 && p.stock > 5);
  const [seen, unseen] = [products[0]!, products[products.length - 1]!];
  await page.goto('/');
  await controlled(page);
  await page.goto(`/product/${seen.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen.name);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen.name);
  // The cart is the browser's own: adding works without a network.
  await page.getByRole('button', { name: en.product.addToCart, exact: true }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');

  await visit(page, `/product/${unseen.id}`);
  await expect(page.getByRole('heading', { level: 1, name: en.pwa.offline.title })).toBeVisible();
  await expect(page.getByText(en.pwa.offline.text)).toBeVisible();

  // The offline page's "Your cart" opens the cart from the app's shell, with what was added.
  await page.getByRole('link', { name: en.pwa.offline.cart }).click();
  await page.waitForSelector('html[data-live]', { state: 'attached' });
  await expect(page.getByRole('link', { name: seen.name }).first()).toBeVisible();

  // The checkout opens too, and an order sent without a network says so instead of failing silently.
  await visit(page, '/checkout');
  await page.waitForSelector('html[data-live]', { state: 'attached' });
  await page.getByLabel(en.checkout.fullName, { exact: true }).fill(testCustomer.fullName);
  await page.getByLabel(en.checkout.phone, { exact: true }).fill(testCustomer.phone);
  await page.getByLabel(en.checkout.governorate, { exact: true }).selectOption(testCustomer.governorate);
  await page.getByLabel(en.checkout.city, { exact: true }).fill(testCustomer.city);
  await page.getByLabel(en.checkout.address, { exact: true }).fill(testCustomer.address);
  await page.getByRole('button', { name: en.checkout.placeOrder }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.checkout.offline })).toBeVisible();

  await context.setOffline(false);
});

test('personal pages are never kept: an order opened through its link, and the account after signing out', async ({ page, context, request }) => {
  test.slow();
  allowConsoleErrors(...offlineNoise);
  const [product] = (await catalogue(request)).filter((p) => p.variants.length === 0 && p.stock > 5);
  const email = `offline-${Date.now().toString(36)}@example.com`;
  const password = 'Lotus-and-Amber-2026';
  await page.goto('/');
  await controlled(page);
  // A shopper with an account (the e-mailed link makes it), signed in through the API in this browser.
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Salma Offline', email, password } });
  expect(registered.status(), await registered.text()).toBe(202);
  const link = linkIn(await mailTo(request, email, /\/verify-email\?token=/), '/verify-email');
  const verified = await page.request.post('/api/auth/register/verify', { data: { token: new URL(link, 'http://x').searchParams.get('token') } });
  expect(verified.status()).toBe(201);
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': `offline-${Date.now().toString(36)}` },
    data: { ...testCustomer, phone: testPhone(177), lines: [{ productId: product!.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, accessToken } = (await placed.json()) as { order: { number: string }; accessToken: string };
  const orderPath = `/order/${order.number}?token=${encodeURIComponent(accessToken)}`;

  await page.goto(orderPath);
  await expect(page.getByText(order.number).first()).toBeVisible();
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Salma');
  await page.getByRole('button', { name: en.account.signOut }).click();
  await expect(page).toHaveURL(/\/$/);

  const kept = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), offlineCaches.pages);
  expect(kept.filter((p) => p.startsWith('/order/') || p.startsWith('/my-account') || p.startsWith('/checkout'))).toEqual([]);

  await context.setOffline(true);
  await visit(page, orderPath);
  await expect(page.getByRole('heading', { level: 1, name: en.pwa.offline.title })).toBeVisible();
  await expect(page.getByText(order.number)).toHaveCount(0);
  await visit(page, '/my-account');
  await page.waitForSelector('html[data-live]', { state: 'attached' });
  await expect(page.getByText('Salma')).toHaveCount(0);
  await context.setOffline(false);
});

/** A second shop process on its own port, serving a build from `clientDir` over its own data folder. */
/** The shops a test started: stopped after it even when it timed out (its own `finally` then never runs). */
const started = new Set<ChildProcess>();
test.afterEach(() => {
  for (const shop of started) shop.kill('SIGKILL');
  started.clear();
});

function startShop(port: number, clientDir: string, dataDir: string): ChildProcess {
  const shop = spawn(process.execPath, ['dist/server/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      IMAGE_DIR: path.resolve('data/test-images'),
      LOG_LEVEL: 'error',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ADMIN_EMAIL: 'deploy@e2e.test',
      ADMIN_PASSWORD: 'deploy-admin-password-2026',
    },
    stdio: 'ignore',
  });
  started.add(shop);
  shop.once('exit', () => started.delete(shop));
  return shop;
}

async function healthy(origin: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${origin} did not start`);
}

/**
 * The next deploy: this build with every script under a new name, as a new build's would be when
 * the code changed, and every reference to them (the page template, the chunks, the manifest, the
 * service worker's list) changed with them.
 */
function nextDeploy(from: string, to: string): { entry: string } {
  fs.cpSync(from, to, { recursive: true });
  const scripts = fs.readdirSync(path.join(to, 'assets')).filter((name) => name.endsWith('.js'));
  const renamed = (name: string) => name.replace(/\.js$/, '-next.js');
  for (const name of scripts) fs.renameSync(path.join(to, 'assets', name), path.join(to, 'assets', renamed(name)));
  const pattern = new RegExp(`(?<=[/"'\`])(${scripts.map((n) => n.replace(/[.$-]/g, '\\$&')).join('|')})`, 'g');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
  for (const file of walk(to).filter((f) => /\.(js|html|json)$/.test(f))) {
    const text = fs.readFileSync(file, 'utf8');
    const changed = text.replace(pattern, (name) => renamed(name));
    if (changed !== text) fs.writeFileSync(file, changed);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(to, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return { entry: `/${manifest['index.html']!.file}` };
}

test('a new deploy takes over at the next navigation, with its own scripts only', async ({ browser }, testInfo) => {
  test.slow();
  const port = Number(new URL(testInfo.project.use.baseURL!).port) + 10 + testInfo.workerIndex;
  const origin = `http://127.0.0.1:${port}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-deploy-'));
  const data = path.join(work, 'data');
  const next = nextDeploy(path.resolve('dist/client'), path.join(work, 'next'));
  let shop = startShop(port, path.resolve('dist/client'), data);
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'allow' });
  try {
    await healthy(origin);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForSelector('html[data-live]', { state: 'attached' });
    await controlled(page);
    const entryOf = () =>
      page.evaluate(() => [...document.querySelectorAll('script[type="module"][src]')].map((s) => new URL((s as HTMLScriptElement).src).pathname));
    expect(await entryOf()).not.toContain(next.entry);

    // The deploy: once the page has loaded all it asks for, the process stops and the new build
    // starts in its place, on the same data. A picture asked for while no process answers fails,
    // as it would for a shopper during a restart without a balancer.
    await page.waitForLoadState('networkidle');
    allowConsoleErrors(/Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED) \(at \S*\/(images|uploads)\//);
    shop.kill('SIGTERM');
    await new Promise((r) => shop.once('exit', r));
    shop = startShop(port, path.join(work, 'next'), data);
    await healthy(origin);
    // The browser looks for a new service worker (as it does on its own now and then); the new build's installs and waits.
    // Asked again every 5 s (an install whose files came while the process restarted fails, and
    // the browser would try again only later); a minute without one fails with what it sees.
    const waiting = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      for (let tries = 0; tries < 12 && !registration.waiting; tries++) {
        await registration.update().catch(() => undefined);
        for (let i = 0; i < 50 && !registration.waiting; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const scriptOf = (worker: ServiceWorker | null) => worker && `${new URL(worker.scriptURL).pathname} ${worker.state}`;
      return registration.waiting ? 'waiting' : `no worker waiting: active ${scriptOf(registration.active)}, installing ${scriptOf(registration.installing)}`;
    });
    expect(waiting).toBe('waiting');
    // Still the old build's page, until the next navigation.
    expect(await entryOf()).not.toContain(next.entry);
    await page.getByRole('link', { name: en.nav.about }).first().click();
    await page.waitForURL('**/about');
    await page.waitForSelector('html[data-live]', { state: 'attached' });
    await expect.poll(entryOf).toContain(next.entry);
    // The new page loaded the new build's scripts only.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => new URL(r.name).pathname)
        .filter((p) => p.startsWith('/assets/') && p.endsWith('.js')),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((p) => !p.endsWith('-next.js'))).toEqual([]);
  } finally {
    await context.close();
    shop.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  }
});
