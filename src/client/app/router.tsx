import type { Params, RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { ErrorPage } from '../components/layout/error-page';
import { Preloader } from '../components/ui/preloader';
import type * as ListingPageModule from '../features/catalog/listing-page';
import type * as ProductPageModule from '../features/product/product-page';
import type { GalleryKind } from '../features/product/product-gallery';
import { CartDropdown } from '../features/cart';
import { ConsentGate } from '../features/consent';
import { prefetchProductPage, productIdOf } from '../features/product/prefetch';
import type { AppDispatch } from './store';
import type { ServerExtra } from './api';
import type { CheckoutSubmission } from '../../shared/schemas/checkout';
import { homeVariantKeys } from '../../shared/domain/home-variants';

type PageModule = { default: React.ComponentType };

/** A route whose page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * A home's module; the server also loads the code of the sections below its opening, which the
 * browser fetches only when they come near the screen (features/home/later-section.tsx).
 */
const homeModule = async () => {
  const m = await import('../features/home/home-page');
  if (import.meta.env.SSR) await m.loadSections();
  return m;
};
const home = page(homeModule);

/**
 * A route's `handle`: `ssr` marks the pages the server renders (entry-server.tsx asks it), those
 * whose first screen does not depend on what the shopper keeps in the browser (cart, wishlist,
 * account). A function narrows the mark to the addresses whose parameters it accepts.
 */
export interface RouteHandle {
  ssr?: boolean | ((params: Params) => boolean);
  /** Fetches the page's data before the server renders it, so the render needs fewer passes. */
  prefetch?: (dispatch: AppDispatch, params: Params, lng: string) => Promise<void>;
  /**
   * The page is the visitor's own (their cart, their order): the server renders it for each visit
   * from what the visit brings (cookies, a refused form), never keeps it, and this sets its state up.
   */
  personal?: (visit: ServerVisit) => Promise<void>;
}

/** What the server's render of a personal page knows of the visit (decision 025). */
export interface ServerVisit {
  cookies: Record<string, string | undefined>;
  /** A checkout form posted without scripts and refused: what to show again. */
  submission: CheckoutSubmission | null;
  lng: string;
  get: ServerExtra['get'];
  dispatch: AppDispatch;
}

const rendered: RouteHandle = { ssr: true };
/** Server-rendered per visit from the cart cookie (decision 025); the loaders are the server's only. */
const loadCookieCart = async (visit: ServerVisit) => (await import('../features/cart/server-cart')).loadCookieCart(visit);
const renderedCart: RouteHandle = { ssr: true, personal: loadCookieCart };
const renderedCheckout: RouteHandle = {
  ssr: true,
  personal: async (visit) => {
    await loadCookieCart(visit);
    (await import('../features/checkout/server-checkout')).loadCheckout(visit);
  },
};
/** An order seen through its private link: rendered per visit (the token is in its address), never kept. */
const renderedOrder: RouteHandle = { ssr: true, personal: async () => undefined };
/** A product page is rendered for a numeric id only; any other id is left to the browser. */
const renderedProduct: RouteHandle = { ssr: (params) => productIdOf(params) !== null, prefetch: prefetchProductPage };

const homeVariant = (name: string) => async () => {
  const m = await homeModule();
  return { Component: () => <m.HomeVariantPage name={name} /> };
};

type ListingModule = typeof ListingPageModule;
type ProductModule = typeof ProductPageModule;

/** A listing route: the shared listing with that route's configuration. */
const listing = (name: keyof ListingModule['listingConfigs']) => async () => {
  const m: ListingModule = await import('../features/catalog/listing-page');
  const config = m.listingConfigs[name];
  return { Component: () => <m.Listing key={name} config={config} /> };
};

/** A product route: the shared product page with that route's gallery (on the server, with its structured data's code). */
const product = (gallery: GalleryKind) => async () => {
  const m: ProductModule = await import('../features/product/product-page');
  if (import.meta.env.SSR) await m.loadStructuredData?.();
  return { Component: () => <m.ProductView key={gallery} gallery={gallery} /> };
};

const listingRoutes = [
  'shop-grid-standard',
  'shop-grid-filter',
  'shop-grid-two-column',
  'shop-grid-no-sidebar',
  'shop-grid-full-width',
  'shop-grid-right-sidebar',
  'shop-list-standard',
  'shop-list-full-width',
  'shop-list-two-column',
] as const;

const productRoutes: Array<[string, GalleryKind]> = [
  ['product', 'standard'],
  ['product-tab-left', 'thumbs-left'],
  ['product-tab-right', 'thumbs-right'],
  ['product-sticky', 'sticky'],
  ['product-slider', 'slider'],
  ['product-fixed-image', 'fixed'],
];

export const storefrontRoutes: RouteObject[] = [
  { index: true, lazy: home, handle: rendered },
  { path: 'home-fashion', lazy: home, handle: rendered },
  ...homeVariantKeys.map((key) => ({ path: `home-${key}`, lazy: homeVariant(key), handle: rendered })),
  ...listingRoutes.map((name) => ({ path: name, lazy: listing(name), handle: rendered })),
  ...productRoutes.map(([path, gallery]) => ({ path: `${path}/:id`, lazy: product(gallery), handle: renderedProduct })),
  { path: 'cart', lazy: page(() => import('../features/cart/cart-page')), handle: renderedCart },
  { path: 'wishlist', lazy: page(() => import('../features/lists/wishlist-page')) },
  { path: 'compare', lazy: page(() => import('../features/lists/compare-page')) },
  { path: 'checkout', lazy: page(() => import('../features/checkout/checkout-page')), handle: renderedCheckout },
  { path: 'checkout-success', lazy: page(() => import('../features/checkout/checkout-success-page')) },
  { path: 'order/:number', lazy: page(() => import('../features/checkout/order-page')), handle: renderedOrder },
  // The buyer's review page behind the signed link (decision 038): the browser's, like the account.
  { path: 'review/:number', lazy: page(() => import('../features/reviews/review-page')) },
  // The form is the same for everyone: the server renders it; what it finds is the browser's.
  { path: 'track', lazy: page(() => import('../features/track/track-page')), handle: rendered },
  ...(['left', 'none', 'right'] as const).map((sidebar) => ({
    path: { left: 'blog-standard', none: 'blog-no-sidebar', right: 'blog-right-sidebar' }[sidebar],
    handle: rendered,
    lazy: async () => {
      const m = await import('../features/blog/blog-pages');
      return { Component: () => <m.BlogList key={sidebar} sidebar={sidebar} /> };
    },
  })),
  { path: 'blog-details-standard', lazy: async () => ({ Component: (await import('../features/blog/blog-pages')).BlogPost }), handle: rendered },
  { path: 'blog/:slug', lazy: async () => ({ Component: (await import('../features/blog/blog-pages')).BlogPost }), handle: rendered },
  { path: 'about', lazy: page(() => import('../features/pages/about-page')), handle: rendered },
  { path: 'contact', lazy: page(() => import('../features/pages/contact-page')), handle: rendered },
  { path: 'my-account', lazy: page(() => import('../features/account/account-page')) },
  { path: 'login-register', lazy: page(() => import('../features/account/login-register-page')) },
  { path: 'forgot-password', lazy: page(() => import('../features/account/forgot-password-page')) },
  { path: 'reset-password', lazy: page(() => import('../features/account/reset-password-page')) },
  { path: 'verify-email', lazy: page(() => import('../features/account/verify-email-page')) },
  // An invitation to the staff (issue 32): the browser's page, like the other e-mailed links; not indexed.
  { path: 'staff-invite', lazy: page(() => import('../features/account/staff-invite-page')) },
  // A back-in-stock alert's confirmation and one-click unsubscribe (issue 34): e-mailed links, like the others.
  { path: 'stock-alerts/confirm', lazy: page(() => import('../features/stock-alerts/stock-alert-page')) },
  { path: 'stock-alerts/unsubscribe', lazy: page(() => import('../features/stock-alerts/stock-alert-page')) },
  {
    path: '*',
    loader: () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    },
  },
];

const storefront: RouteObject = {
  element: <RootLayout cartPanel={(close) => <CartDropdown onNavigate={close} />} consent={<ConsentGate />} />,
  hydrateFallbackElement: <Preloader />,
  errorElement: <ErrorPage />,
  // The pathless child keeps the header and footer around an error.
  children: [{ errorElement: <ErrorPage />, children: storefrontRoutes }],
};

/**
 * The storefront's routes: what a shopper's browser starts with. The admin's table
 * (admin/routes.tsx, `adminRoute`) is its own chunk, added where the admin is used: the server's
 * table and a browser that opens `/admin` have `withAdmin`.
 */
export const shopRoutes: RouteObject[] = [storefront];
export const withAdmin = (admin: RouteObject): RouteObject[] => [admin, storefront];
/** An address in the admin, whose routes the browser adds when it first goes there. */
export const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');
