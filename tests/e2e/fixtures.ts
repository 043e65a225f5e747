import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import type { ProductList, ProductSummary } from '../../src/shared/schemas/product';
import { adminEmail, adminPassword, mailboxUrl } from '../../playwright.config';

/** What `context.storageState()` answers: cookies and local storage, ready for `browser.newContext({ storageState })`. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Server-rendered pages show before their scripts run, and a tap before that does nothing: like a
 * shopper who waits for the page, each navigation waits until the app is live (`<html data-live>`,
 * set once the page is hydrated or rendered).
 */
function waitForLiveApp(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const live = () => page.waitForSelector('html[data-live]', { state: 'attached' });
  page.goto = async (...args) => {
    const res = await goto(...args);
    await live();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await live();
    return res;
  };
}

/** React's hydration warnings: a page that hydrated against different HTML is a failure too. */
const HYDRATION = /hydrat|did not match|didn't match/i;

const allowed = new WeakMap<TestInfo, RegExp[]>();

/**
 * Declares console errors the running test expects (say, the 404 of a resource it asks for on
 * purpose): lines matching one of the patterns do not fail it. Each line reads
 * `<message> (at <url>)`, so a pattern can name the address. Say why beside the call.
 */
export function allowConsoleErrors(...patterns: RegExp[]): void {
  const info = test.info();
  allowed.set(info, [...(allowed.get(info) ?? []), ...patterns]);
}

/**
 * Fails every test, after its body, on a console error, a hydration warning or an uncaught
 * exception in any of its pages: the test's own context and any context it opens from the
 * browser. `consoleErrors` holds the lines seen so far, for a test that wants to look earlier.
 */
export const test = base.extend<{ consoleErrors: string[] }, { adminState: StorageState }>({
  /**
   * The admin's signed-in session, made once per worker through the API (what the sign-in form
   * posts), for tests about what an admin does after signing in: `context.addCookies(adminState.cookies)`
   * or `browser.newContext({ storageState: adminState })`. Signing in by the form is tested by the
   * tests that say so (admin-catalog.spec.ts), not repeated by every admin test.
   */
  adminState: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const res = await api.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
      expect(res.status(), 'the admin signs in through the API').toBe(200);
      await use(await api.storageState());
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    waitForLiveApp(page);
    await use(page);
  },
  consoleErrors: [
    async ({ context, browser }, use, testInfo) => {
      const errors: string[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on('console', (msg) => {
          const text = msg.text();
          if (msg.type() === 'error' || (msg.type() === 'warning' && HYDRATION.test(text)))
            errors.push(`${text} (at ${msg.location().url || msg.page()?.url()})`);
        });
        ctx.on('weberror', (err) => errors.push(`Uncaught ${String(err.error())} (at ${err.page()?.url() ?? 'unknown page'})`));
      };
      watch(context);
      // Contexts the test opens itself (a second shopper, an admin beside a customer) count too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const ctx = await newContext(...args);
        watch(ctx);
        return ctx;
      };
      try {
        await use(errors);
      } finally {
        browser.newContext = newContext;
      }
      const expected = allowed.get(testInfo) ?? [];
      expect(
        errors.filter((line) => !expected.some((pattern) => pattern.test(line))),
        'console errors, hydration warnings or uncaught exceptions in the page (allowConsoleErrors declares expected ones)',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The real catalogue from the running server. */
export async function catalogue(request: APIRequestContext, query = 'pageSize=100'): Promise<ProductSummary[]> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as ProductList).items;
}

/**
 * The `usable` products of this worker's share: those whose id, modulo the number of workers, is
 * the worker's `parallelIndex`. Tests running at the same time are in different workers, so a test
 * that buys from its share, or counts on a stock figure, does not race another test for the same
 * units. When the share holds fewer than `atLeast` usable ones (many workers, or stock sold during
 * the run), the usable products of the whole list, as before the shares.
 */
export function workerShare<T extends { id: number }>(products: T[], usable: (p: T) => boolean = () => true, atLeast = 1): T[] {
  const { parallelIndex, config } = test.info();
  const share = products.filter((p) => p.id % config.workers === parallelIndex && usable(p));
  return share.length >= atLeast ? share : products.filter(usable);
}

/** A product without variants, from this worker's share (`workerShare`), that has at least `stock` units. */
export async function simpleProduct(request: APIRequestContext, stock = 3, opts: { untouched?: boolean } = {}): Promise<ProductSummary> {
  const simple = workerShare(await catalogue(request), (p) => p.variants.length === 0 && p.stock >= stock);
  // Most tests buy the first one; `untouched` takes the last, whose stock a test may count on.
  const product = opts.untouched ? simple.at(-1) : simple[0];
  if (!product) throw new Error(`This worker's share of the demo catalogue has no simple product with ${stock} in stock`);
  return product;
}

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  /** The `List-Unsubscribe` address, or '' (mail-sink.mjs). */
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/**
 * The newest e-mail the shop sent to an address whose subject or text matches, waiting (the outbox
 * sends within moments) until more than `previous` such have arrived at the test's SMTP server
 * (tests/mail-sink.mjs).
 */
export async function mailTo(request: APIRequestContext, to: string, match: RegExp, previous = 0): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as ReceivedMail[]).filter((m) => match.test(`${m.subject}\n${m.text}`));
        return found.length;
      },
      { timeout: 15_000, message: `an e-mail to ${to} like ${match}` },
    )
    .toBeGreaterThan(previous);
  return found.at(-1)!;
}

/** The shop link of a path (`/reset-password`, `/verify-email`) in an e-mail's plain-text part, as a path with its query. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/]/g, '\\/')}\\?token=[\\w-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the e-mail "${mail.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
