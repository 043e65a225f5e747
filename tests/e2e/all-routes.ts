import type { Cookie, Page } from '@playwright/test';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import type { ProductList } from '../../src/shared/schemas/product';
import { adminEmail, adminPassword } from '../../playwright.config';
import { expect, linkIn, mailTo, test as base } from './fixtures';
import { homes, listings, products } from './route-list';

/**
 * Every storefront and admin route with what it needs from the running shop (a product, an order,
 * a promotion, an invitation, the admin's cookies), made once per worker: the table the suites
 * that visit every route share (axe.spec.ts, phone-width.spec.ts).
 */
/** What the routes need from the running shop, found or made once per worker. */
export type Shop = {
  productId: number;
  blogSlug: string;
  orderPath: string;
  adminOrderId: number;
  /** The worker's own order, confirmed: its admin page offers shipping (the tracking note). */
  confirmedOrderId: number;
  categoryId: number;
  promotionId: number;
  /** An open invitation to the staff, as its e-mail links it (`/staff-invite?token=…`). */
  staffInvitePath: string;
  adminCookies: Cookie[];
};

export const test = base.extend<object, { shop: Shop }>({
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
      const mine = await json<{ items: { id: number; number: string }[] }>(await api.get(`/api/admin/orders?q=${placed.order.number}`));
      const confirmedOrderId = mine.items.find((o) => o.number === placed.order.number)!.id;
      await json(
        await api.post(`/api/admin/orders/${confirmedOrderId}/status`, {
          headers: { origin: workerInfo.project.use.baseURL! },
          data: { status: 'confirmed' },
        }),
      );
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
        confirmedOrderId,
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

export type Route = {
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

export const storefront: Route[] = [
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

export const adminRoutes: Route[] = [
  fixed('/admin', { admin: true }),
  fixed('/admin/products', { admin: true }),
  fixed('/admin/products/add', { admin: true }),
  fixed('/admin/products/import', { admin: true }),
  { name: '/admin/products/edit/:id', path: (shop) => `/admin/products/edit/${shop.productId}`, admin: true },
  fixed('/admin/orders', { admin: true }),
  { name: '/admin/orders/:id', path: (shop) => `/admin/orders/${shop.adminOrderId}`, admin: true },
  { name: '/admin/orders/:id confirmed', path: (shop) => `/admin/orders/${shop.confirmedOrderId}`, admin: true },
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
export const adminSignIn: Route = { name: '/admin signed out', path: () => '/admin' };

export const languages = { en, ar } as const;

export async function fillCart(page: Page, shop: Shop, lng: keyof typeof languages) {
  await page.goto(`/product/${shop.productId}`);
  await page.getByRole('button', { name: languages[lng].product.addToCart, exact: true }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
}

/** Every route, the admin's sign-in form among them. */
export const allRoutes = [...storefront, adminSignIn, ...adminRoutes];
