// Interaction to Next Paint of the purchase's presses (issue 17, point 3), measured in Chromium
// with the CPU slowed 4x (Lighthouse's mobile setting): Add to cart on a product page, a quantity
// raised on /cart, and the header's cart dropdown opened. Each is measured on a fresh visit, five
// times; the median is printed. INP is the longest Event Timing entry of the interaction (the
// browser's own measure: input delay, handlers and the next paint). Prints, asserts nothing.
import { chromium } from '@playwright/test';
import { browserSuite } from '../tests/browser-options.ts';

const runs = Number(process.env.BENCH_INP_RUNS ?? 5);

/** Starts recording every interaction's Event Timing entries (16 ms is the smallest threshold there is). */
const record = () => {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) window.__interactions.push(entry.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
};

async function interaction(browser, base, setUp, press) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  try {
    await setUp(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(record);
    await press(page);
    await page.waitForTimeout(600);
    const durations = await page.evaluate(() => window.__interactions);
    // Nothing recorded: every entry of the interaction took less than 16 ms.
    return durations.length ? Math.max(...durations) : 0;
  } finally {
    await context.close();
  }
}

const live = (page) => page.waitForSelector('html[data-live]', { state: 'attached' });

export async function measureInteractions(base) {
  const products = (await (await fetch(`${base}/api/products?pageSize=50`)).json()).items.filter((p) => p.variants.length === 0 && p.stock > 5);
  const product = products[0];
  const browser = await chromium.launch({ executablePath: browserSuite.use.launchOptions.executablePath, args: browserSuite.use.launchOptions.args });
  const addToCart = async (page) => {
    await page.goto(`/product/${product.id}`);
    await live(page);
  };
  const withCart = (path) => async (page) => {
    await addToCart(page);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText('Added To Cart').first().waitFor();
    await page.goto(path);
    await live(page);
  };
  const cases = [
    ['add to cart (product page)', addToCart, (page) => page.getByRole('button', { name: 'Add to cart', exact: true }).click()],
    ['raise a quantity (/cart)', withCart('/cart'), (page) => page.getByRole('button', { name: 'Increase quantity' }).locator('visible=true').first().click()],
    ['open the cart dropdown (header)', withCart('/'), (page) => page.locator('button[aria-controls="cart-dropdown"]').click()],
  ];
  console.log(`\n== Interaction to Next Paint (Chromium, CPU 4x slower, 1366 px, median of ${runs}; target at most 100 ms)`);
  try {
    for (const [name, setUp, press] of cases) {
      const values = [];
      for (let i = 0; i < runs; i += 1) values.push(await interaction(browser, base, setUp, press));
      values.sort((a, b) => a - b);
      const median = values[Math.floor((values.length - 1) / 2)];
      console.log(`${name.padEnd(40)} ${median ? `${median} ms` : '< 16 ms'}   (runs: ${values.map((v) => (v ? v : '<16')).join(', ')})`);
    }
  } finally {
    await browser.close();
  }
}
