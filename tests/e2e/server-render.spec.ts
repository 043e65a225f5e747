import type { BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { allowConsoleErrors, catalogue, expect, simpleProduct, test } from './fixtures';
import { homes, listings, products } from './route-list';

/** The pages the server renders (decision 007); the others must stay browser-rendered. */
const serverRendered = [
  ...homes,
  ...listings,
  '/blog-standard',
  '/blog-no-sidebar',
  '/blog-right-sidebar',
  '/blog-details-standard',
  '/about',
  '/contact',
  '/track',
  // Rendered per visit from the cart cookie (decision 025).
  '/cart',
  '/checkout',
];
const browserRendered = ['/wishlist', '/compare', '/checkout-success', '/my-account', '/login-register', '/admin', '/no-such-page', '/product/999999'];

test('the server sends every storefront page rendered, and the shopper-state pages as the plain app', async ({ request }) => {
  const [product] = await catalogue(request, 'pageSize=1');
  for (const path of [...serverRendered, ...products.map((p) => `${p}/${product!.id}`)]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('id="server-state"');
    expect(html, path).not.toContain('preloader-drop');
    expect(html, path).not.toContain('data-msg');
  }
  for (const path of browserRendered) {
    const res = await request.get(path);
    // Unknown addresses say so to search engines; the browser still shows its own not-found page.
    expect(res.status(), path).toBe(['/product/999999', '/no-such-page'].includes(path) ? 404 : 200);
    const html = await res.text();
    expect(html, path).not.toContain('id="server-state"');
    expect(html, path).toContain('preloader-drop');
  }
});

test('the first HTML already holds the products, the product page its title, canonical link and structured data', async ({ request }) => {
  const newest = await catalogue(request, 'new=1&pageSize=8');
  const home = await (await request.get('/')).text();
  expect(home).toContain('<html lang="en" dir="ltr">');
  expect(home).toContain(newest[0]!.name.replace(/&/g, '&amp;'));
  expect(home).toContain('<title>Nasma | Home</title>');

  const listing = await (await request.get('/shop-grid-standard?category=scented-candles')).text();
  const candles = await catalogue(request, 'category=scented-candles&pageSize=15');
  for (const candle of candles) expect(listing).toContain(candle.name.replace(/&/g, '&amp;'));

  const product = candles[0]!;
  const page = await (await request.get(`/product/${product.id}`)).text();
  expect(page).toContain(`<title>${product.name.replace(/&/g, '&amp;')} | `);
  expect(page).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+/product/${product.id}"`));
  expect(page).toContain('"@type":"Product"');
});

test('a product page without published reviews claims none: no rating in its structured data, no stars, no count', async ({ request }) => {
  // A product that has sold but has no review: its sale count was once offered as a review count.
  const product = (await catalogue(request)).find((p) => p.saleCount > 0 && p.reviewCount === 0)!;
  for (const lng of ['en', 'fr', 'de', 'ar']) {
    const page = await (await request.get(`/product/${product.id}?lng=${lng}`)).text();
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(blocks.map((b) => b['@type'])).toEqual(['Product']);
    // Every property name and type in the blocks, at any depth: none about ratings or reviews.
    const names: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          names.push(key);
          if (key === '@type') names.push(String(inner));
          walk(inner);
        }
      }
    };
    walk(blocks);
    expect(names, lng).toContain('offers');
    const aboutRatings = names.filter((name) => /rating|review/i.test(name));
    expect(aboutRatings, lng).toEqual([]);
    expect(blocks[0]!.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EGP' });
    // No stars (the merchant's own number is not shown as a rating), and nothing counts reviews (or sales posing as them).
    const root = /<div id="root"[^>]*>([\s\S]*)<\/div><script type="application\/json" id="server-state">/.exec(page)![1]!;
    expect(root, lng).toContain(`data-testid="sku">${product.sku}<`);
    expect(root, lng).not.toMatch(/role="img" aria-label="[^"]*5"/);
    if (lng === 'en') {
      const text = root.replace(/<[^>]+>/g, ' ');
      expect(text).not.toMatch(/\breviews?\b/i);
      expect(text).not.toMatch(new RegExp(`\\b${product.saleCount} sold\\b`));
    }
  }
});

test('the server speaks the language of ?lng, then of the cookie the shop sets, then of the browser', async ({ request, page, context }) => {
  expect(await (await request.get('/?lng=ar')).text()).toContain('<html lang="ar" dir="rtl">');
  expect(await (await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } })).text()).toContain('<html lang="de" dir="ltr">');
  // Choosing a language in the shop sets the cookie, so the next page arrives in it.
  await page.goto('/');
  await page.getByLabel('Language').first().selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
  expect(cookie?.value).toBe('fr');
  const res = await page.request.get('/shop-grid-standard');
  expect(await res.text()).toContain('<html lang="fr" dir="ltr">');
});

test('without JavaScript, the home and a listing still show the products and their links lead on', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const newest = await catalogue(request, 'new=1&pageSize=8');
  await page.goto('/');
  await expect(page.getByTestId('product-card').first().getByRole('heading')).toHaveText(newest[0]!.name);
  await page.goto('/shop-grid-standard');
  await expect(page.getByTestId('listing-count')).toContainText(/Showing 1-15 of \d+/);
  const first = page.getByTestId('product-card').first();
  const name = await first.getByRole('heading').innerText();
  await first.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await context.close();
});

test("a returning shopper's cart and currency come back on a server-rendered page, with no hydration error", async ({ page, request }) => {
  const [first, second] = await catalogue(request, 'pageSize=2');
  await page.goto(`/product/${first!.id}`);
  await page.getByLabel('Currency').first().selectOption('USD');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // A new page load: the server renders pounds and an empty cart; the stored state takes over.
  await page.goto(`/product/${second!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.name);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByLabel('Currency').first()).toHaveValue('USD');
  await expect(page.getByTestId('product-price').first()).toContainText('$');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByLabel('Currency').first()).toHaveValue('USD');
});

test('a press on Add to cart before the scripts arrive is made once the page is live', async ({ context, request }) => {
  const product = await simpleProduct(request, 2);
  // A page of its own: the fixture's page waits for the app, this one must not.
  const page = await context.newPage();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-live'))).toBe(false);
  release();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByText('Added To Cart').first()).toBeVisible();
  await page.close();
});

/**
 * A page of its own whose app scripts (everything under /assets/*.js) go through `handle`: the
 * fixture's page waits for the app to be live, which these pages are not.
 */
async function pageWithScripts(context: BrowserContext, handle: Parameters<Page['route']>[1]): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.route(/\/assets\/[^/]+\.js$/, handle);
  return { page, errors };
}

test("when the app's scripts cannot load, links and plain forms still work and a button says so, offering a reload", async ({ context, request }) => {
  // The app's scripts are blocked on purpose: the browser reports each one it could not load.
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED \(at [^)]*\/assets\/[^)]+\.js\)/);
  const product = await simpleProduct(request, 2);
  const { page, errors } = await pageWithScripts(context, (route) => route.abort());
  await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
  const notice = page.getByTestId('boot-notice');
  await expect(notice).toHaveCount(0);

  // A button that needs the app: the shopper is told, in the page's language, with a way out.
  await page.getByRole('button', { name: en.product.addToCart, exact: true }).click();
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toContainText(en.boot.failed);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await notice.getByRole('button', { name: en.boot.close }).click();
  await expect(notice).toHaveCount(0);
  // Another press says it again; Try again reloads the page.
  await page.getByRole('button', { name: en.product.addToCart, exact: true }).click();
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('domcontentloaded'), notice.getByRole('button', { name: en.boot.retry }).click()]);
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));

  // The header's search (a combobox once the app runs) is a plain form: it leads to the listing
  // with the query, as without scripts.
  await page.getByRole('combobox', { name: en.nav.search }).fill('candle');
  await page.getByRole('combobox', { name: en.nav.search }).press('Enter');
  await expect(page).toHaveURL(/\/shop-grid-standard\?q=candle$/);
  await expect(page.getByTestId('listing-count')).toBeVisible();
  // A plain link leads on.
  const first = page.getByTestId('product-card').first();
  const name = await first.getByRole('heading').innerText();
  await first.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('html')).not.toHaveAttribute('data-live', /.*/);
  expect(errors).toEqual([]);
  await page.close();
});

test("the could-not-load notice speaks the page's language: Arabic, right to left", async ({ context, request }) => {
  // The app's scripts are blocked on purpose: the browser reports each one it could not load.
  allowConsoleErrors(/Failed to load resource: net::ERR_FAILED \(at [^)]*\/assets\/[^)]+\.js\)/);
  const product = await simpleProduct(request, 2);
  const { page } = await pageWithScripts(context, (route) => route.abort());
  await page.goto(`/product/${product.id}?lng=ar`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: ar.product.addToCart, exact: true }).click();
  const notice = page.getByTestId('boot-notice');
  await expect(notice).toHaveText(new RegExp(`^${ar.boot.failed}\\s*${ar.boot.retry}`));
  await expect(notice.getByRole('button', { name: ar.boot.close })).toBeVisible();
  expect(await notice.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await page.close();
});

test('a press held longer than the scripts may take is let go with the notice, and not made once the app comes late', async ({ context, request }) => {
  const product = await simpleProduct(request, 2);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const { page, errors } = await pageWithScripts(context, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
  const addToCart = page.getByRole('button', { name: en.product.addToCart, exact: true });
  const notice = page.getByTestId('boot-notice');
  const pressed = Date.now();
  await addToCart.click();
  // Held at first (the scripts may still come), given up after about 4 s.
  await expect(notice).toHaveCount(0);
  await expect(notice).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - pressed).toBeGreaterThan(3_500);
  await expect(notice).toContainText(en.boot.failed);
  // The scripts arrive after all: the notice goes, and the press the shopper was told failed is not
  // made behind their back; a new one works.
  release();
  await expect(page.locator('html')).toHaveAttribute('data-live', 'true');
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await addToCart.click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(errors).toEqual([]);
  await page.close();
});

test("a home section below the first screen comes live on its own: until then it shows the server's HTML, and a press on Add to cart there is made once, when it is live", async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  // Chunks are named by their hash (vite.config.ts): the build's manifest says which one holds the sections.
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; src?: string }>;
  const sections = Object.values(manifest).find((chunk) => chunk.src === 'src/client/features/home/section.tsx');
  expect(sections, 'the home sections are a chunk of their own').toBeDefined();
  await page.route((url) => url.pathname === `/${sections!.file}`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.goto('/');
  // Live without the sections' code: the product cards below are the server's, already readable.
  const add = page.getByRole('button', { name: /^add to cart: /i, disabled: false }).first();
  await expect(add).toBeAttached();
  await add.scrollIntoViewIfNeeded();
  await expect.poll(() => asked).toBe(true);
  expect(await add.evaluate((button) => button.closest('[data-waiting]') !== null)).toBe(true);
  await add.click();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  release();
  await expect(page.locator('[data-waiting]')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByText('Added To Cart').first()).toBeVisible();
  // Made once: neither the app nor the page's boot script made it a second time.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});
