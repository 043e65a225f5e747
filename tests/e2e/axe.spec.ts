import type { Cookie, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import type { ProductList } from '../../src/shared/schemas/product';
import { adminEmail, adminPassword } from '../../playwright.config';
import { allowConsoleErrors, expect, linkIn, mailTo, test as base } from './fixtures';
import { homes, listings, products } from './route-list';

/**
 * Every storefront and admin route, scanned by axe against WCAG 2.1 A and AA: no violation of any
 * impact. Each route is scanned once, on one of the four screens (phone and desktop width, English
 * and Arabic right to left) taking them in turn from route to route (decision 049; it was two of
 * the four, decision 035); the first home, listing and product layout, which hold the parts every
 * page shares (header, menus, drawers, footer, cards), are scanned on all four screens, and the
 * other layouts, built of the same parts, once each, in turn. The phone width runs inside the
 * desktop project, so nothing is tagged @phone.
 */
/** What the routes need from the running shop, found or made once per worker. */
type Shop = {
  productId: number;
  blogSlug: string;
  orderPath: string;
  adminOrderId: number;
  categoryId: number;
  promotionId: number;
  /** An open invitation to the staff, as its e-mail links it (`/staff-invite?token=…`). */
  staffInvitePath: string;
  adminCookies: Cookie[];
};

const test = base.extend<object, { shop: Shop }>({
  shop: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const json = async <T>(res: Awaited<ReturnType<typeof api.get>>): Promise<T> => {
        expect(res.ok(), `${res.url()} answered ${res.status()}`).toBe(true);
        return (await res.json()) as T;
      };
      const catalogue = await json<ProductList>(await api.get('/api/products?pageSize=100'));
      const product = catalogue.items.find((p) => p.variants.length === 0 && p.stock >= 5)!;
      const blog = await json<{ items: { slug: string }[] }>(await api.get('/api/blog/posts?pageSize=1'));
      const categories = await json<{ items: { id: number }[] }>(await api.get('/api/categories'));
      const placed = await json<{ order: { number: string }; accessToken: string }>(
        await api.post('/api/orders', {
          headers: { 'idempotency-key': `axe-${workerInfo.workerIndex}-${Date.now()}` },
          data: { ...testCustomer, phone: testPhone(100 + workerInfo.workerIndex), lines: [{ productId: product.id, quantity: 1 }] },
        }),
      );
      await json(await api.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } }));
      const orders = await json<{ items: { id: number }[] }>(await api.get('/api/admin/orders?page=1&pageSize=1'));
      // A paused code offer: its page has every part (status, usage, delete), and no cart elsewhere is changed by it.
      const promotion = await json<{ id: number }>(
        await api.post('/api/admin/promotions', {
          data: {
            names: { en: 'Scan offer', ar: 'عرض الفحص' },
            code: `AXE${workerInfo.workerIndex}T${Date.now()}`,
            kind: 'percent',
            value: 10,
            productIds: [],
            categoryIds: [],
            minSubtotal: 20000,
            startsAt: null,
            endsAt: null,
            maxUses: 100,
            perCustomer: 1,
            firstOrderOnly: false,
            withProductDiscounts: false,
            combines: false,
            paused: true,
          },
        }),
      );
      // An invitation to the staff, its link read from the e-mail the shop sent (the test's SMTP server).
      const invitee = `axe-${workerInfo.workerIndex}-${Date.now().toString(36)}@example.com`;
      await json(await api.post('/api/admin/staff/invites', { data: { email: invitee, name: 'Scan Person', role: 'orders' } }));
      const staffInvitePath = linkIn(await mailTo(api, invitee, /invited to the team/), '/staff-invite');
      const { cookies } = await api.storageState();
      await use({
        productId: product.id,
        blogSlug: blog.items[0]!.slug,
        orderPath: `/order/${placed.order.number}?token=${encodeURIComponent(placed.accessToken)}`,
        adminOrderId: orders.items[0]!.id,
        categoryId: categories.items[0]!.id,
        promotionId: promotion.id,
        staffInvitePath,
        adminCookies: cookies,
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

type Route = {
  /** The name in the test title. */
  name: string;
  path: (shop: Shop) => string;
  admin?: boolean;
  /** A product in the cart before the page opens. */
  withCart?: boolean;
  /** The page answers 404, which the browser logs. */
  missing?: boolean;
  /** What the shopper does on the page before the scan (the page's state after a press). */
  act?: (page: Page, lng: keyof typeof languages) => Promise<void>;
  /**
   * One of several layouts of a page kind already scanned in all four screens and languages (home,
   * listing and product variants share their parts): scanned once, in one of the four, in turn.
   */
  variant?: number;
};

const fixed = (path: string, more: Omit<Route, 'name' | 'path'> = {}): Route => ({ name: path, path: () => path, ...more });

const storefront: Route[] = [
  ...homes.map((path, i) => fixed(path, { variant: i })),
  ...listings.map((path, i) => fixed(path, { variant: homes.length + i })),
  ...products.map((path, i) => ({ name: `${path}/:id`, path: (shop: Shop) => `${path}/${shop.productId}`, variant: homes.length + listings.length + i })),
  {
    name: '/product/:id after Add to cart',
    path: (shop: Shop) => `/product/${shop.productId}`,
    act: async (page, lng) => {
      await page.getByRole('button', { name: languages[lng].product.addToCart, exact: true }).click();
      await expect(page.getByTestId('cart-count').first()).toHaveText('1');
      // The "added" toast slides in: scanned once it is in place, not mid-fade (where its text is faint).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .filter(
            (a) => (a.effect as KeyframeEffect | null)?.target instanceof Element && ((a.effect as KeyframeEffect).target as Element).closest('.Toastify'),
          )
          .every((a) => a.playState !== 'running'),
      );
    },
  },
  fixed('/cart'),
  { ...fixed('/cart'), name: '/cart with a product', withCart: true },
  fixed('/checkout'),
  { ...fixed('/checkout'), name: '/checkout with a product', withCart: true },
  fixed('/checkout-success'),
  { name: '/order/:number', path: (shop) => shop.orderPath },
  fixed('/wishlist'),
  fixed('/compare'),
  fixed('/login-register'),
  fixed('/my-account'),
  fixed('/blog-standard'),
  fixed('/blog-no-sidebar'),
  fixed('/blog-right-sidebar'),
  fixed('/blog-details-standard'),
  { name: '/blog/:slug', path: (shop) => `/blog/${shop.blogSlug}` },
  fixed('/about'),
  fixed('/contact'),
  fixed('/track'),
  { name: '/staff-invite?token=', path: (shop) => shop.staffInvitePath },
  { ...fixed('/staff-invite'), name: '/staff-invite without a token' },
  fixed('/no-such-page', { missing: true }),
];

const adminRoutes: Route[] = [
  fixed('/admin', { admin: true }),
  fixed('/admin/products', { admin: true }),
  fixed('/admin/products/add', { admin: true }),
  fixed('/admin/products/import', { admin: true }),
  { name: '/admin/products/edit/:id', path: (shop) => `/admin/products/edit/${shop.productId}`, admin: true },
  fixed('/admin/orders', { admin: true }),
  { name: '/admin/orders/:id', path: (shop) => `/admin/orders/${shop.adminOrderId}`, admin: true },
  fixed('/admin/categories', { admin: true }),
  fixed('/admin/categories/add', { admin: true }),
  { name: '/admin/categories/edit/:id', path: (shop) => `/admin/categories/edit/${shop.categoryId}`, admin: true },
  fixed('/admin/messages', { admin: true }),
  fixed('/admin/outbox', { admin: true }),
  fixed('/admin/settings', { admin: true }),
  fixed('/admin/promotions', { admin: true }),
  fixed('/admin/promotions/new', { admin: true }),
  { name: '/admin/promotions/:id', path: (shop) => `/admin/promotions/${shop.promotionId}`, admin: true },
  fixed('/admin/reviews', { admin: true }),
  fixed('/admin/returns', { admin: true }),
  fixed('/admin/activity', { admin: true }),
  fixed('/admin/staff', { admin: true }),
  fixed('/admin/risk', { admin: true }),
];

/** The admin's sign-in form, seen by someone not signed in. */
const adminSignIn: Route = { name: '/admin signed out', path: () => '/admin' };

/** The two projects' screens (playwright.config.ts): a phone and a desktop. */
const screens = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
];
const languages = { en, ar } as const;

async function fillCart(page: Page, shop: Shop, lng: keyof typeof languages) {
  await page.goto(`/product/${shop.productId}`);
  await page.getByRole('button', { name: languages[lng].product.addToCart, exact: true }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
}

/** One line per violation and element, so a failure reads without opening the report. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
  );
}

/** The first of each kind (`/`, the first listing and product layout) is scanned everywhere. */
const firstVariants = new Set([0, homes.length, homes.length + listings.length]);
const combinations = screens.flatMap((screen) => (Object.keys(languages) as (keyof typeof languages)[]).map((lng) => ({ screen, lng })));
const allRoutes = [...storefront, adminSignIn, ...adminRoutes];

/** Whether a route is scanned on screen `c` (an index into `combinations`): once, the screens in turn. */
function scannedOn(route: Route, index: number, c: number): boolean {
  if (route.variant === undefined) return index % combinations.length === c;
  return firstVariants.has(route.variant) || route.variant % combinations.length === c;
}

for (const [c, { screen, lng }] of combinations.entries())
  test.describe(`axe at ${screen.viewport.width}px in ${lng}`, () => {
    test.use(screen);
    const routes = allRoutes.filter((route, index) => scannedOn(route, index, c));
    for (const route of routes)
      test(`${route.name} has no WCAG 2.1 A/AA violations`, async ({ page, context, baseURL, shop }) => {
        await context.addCookies([{ name: 'i18next', value: lng, url: baseURL! }, ...(route.admin ? shop.adminCookies : [])]);
        if (route.missing) allowConsoleErrors(/status of 404 \(Not Found\) \(at \S*\/no-such-page\)$/);
        if (route.withCart) await fillCart(page, shop, lng);
        await page.goto(route.path(shop));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (route.act) await route.act(page, lng);
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(describeViolations(violations)).toEqual([]);
      });
  });

test('every route is scanned, each screen takes its share, and the shared parts are scanned on every screen', () => {
  const counts = combinations.map((_, c) => allRoutes.filter((route, index) => scannedOn(route, index, c)).length);
  for (const [index, route] of allRoutes.entries()) {
    const screensOf = combinations.filter((_, c) => scannedOn(route, index, c));
    expect(screensOf.length, route.name).toBeGreaterThanOrEqual(1);
    if (route.variant !== undefined && firstVariants.has(route.variant)) expect(screensOf.length, route.name).toBe(combinations.length);
  }
  // Every screen, Arabic on a phone included, scans about a quarter of the routes.
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(Math.floor(allRoutes.length / combinations.length));
});
