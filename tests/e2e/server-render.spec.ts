import { catalogue, expect, simpleProduct, test } from './fixtures';
import { homes, listings, products } from './route-list';

/** The pages the server renders (decision 007); the others must stay browser-rendered. */
const serverRendered = [...homes, ...listings, '/blog-standard', '/blog-no-sidebar', '/blog-right-sidebar', '/blog-details-standard', '/about', '/contact'];
const browserRendered = [
  '/cart',
  '/wishlist',
  '/compare',
  '/checkout',
  '/checkout-success',
  '/my-account',
  '/login-register',
  '/admin',
  '/no-such-page',
  '/product/999999',
];

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
