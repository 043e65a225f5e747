import type { RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { ErrorPage } from '../components/layout/error-page';
import { Preloader } from '../components/ui/preloader';
import type * as ListingPageModule from '../features/catalog/listing-page';
import type * as ProductPageModule from '../features/product/product-page';
import type { GalleryKind } from '../features/product/product-gallery';
import { CartDropdown } from '../features/cart';
import { adminRoutes } from './admin/routes';

type PageModule = { default: React.ComponentType };

/** A route whose page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const home = page(() => import('../features/home/home-page'));

/** The alternative homes (`/home-<key>`), one configuration each; keys live in the home feature. */
export const homeVariantKeys = [
  'fashion-two',
  'fashion-three',
  'fashion-four',
  'fashion-five',
  'fashion-six',
  'fashion-seven',
  'fashion-eight',
  'kids-fashion',
  'cosmetics',
  'furniture',
  'furniture-two',
  'furniture-three',
  'furniture-four',
  'furniture-five',
  'furniture-six',
  'furniture-seven',
  'electronics',
  'electronics-two',
  'electronics-three',
  'book-store',
  'book-store-two',
  'plants',
  'flower-shop',
  'flower-shop-two',
  'organic-food',
  'organic-food-two',
  'onepage-scroll',
  'grid-banner',
  'auto-parts',
  'cake-shop',
  'handmade',
  'pet-food',
  'medical-equipment',
  'christmas',
  'black-friday',
  'black-friday-two',
  'valentines-day',
] as const;

const homeVariant = (name: string) => async () => {
  const m = await import('../features/home/home-page');
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

/** A product route: the shared product page with that route's gallery. */
const product = (gallery: GalleryKind) => async () => {
  const m: ProductModule = await import('../features/product/product-page');
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
  { index: true, lazy: home },
  { path: 'home-fashion', lazy: home },
  ...homeVariantKeys.map((key) => ({ path: `home-${key}`, lazy: homeVariant(key) })),
  ...listingRoutes.map((name) => ({ path: name, lazy: listing(name) })),
  ...productRoutes.map(([path, gallery]) => ({ path: `${path}/:id`, lazy: product(gallery) })),
  { path: 'cart', lazy: page(() => import('../features/cart/cart-page')) },
  { path: 'wishlist', lazy: page(() => import('../features/lists/wishlist-page')) },
  { path: 'compare', lazy: page(() => import('../features/lists/compare-page')) },
  { path: 'checkout', lazy: page(() => import('../features/checkout/checkout-page')) },
  { path: 'checkout-success', lazy: page(() => import('../features/checkout/checkout-success-page')) },
  { path: 'order/:number', lazy: page(() => import('../features/checkout/order-page')) },
  ...(['left', 'none', 'right'] as const).map((sidebar) => ({
    path: { left: 'blog-standard', none: 'blog-no-sidebar', right: 'blog-right-sidebar' }[sidebar],
    lazy: async () => {
      const m = await import('../features/blog/blog-pages');
      return { Component: () => <m.BlogList key={sidebar} sidebar={sidebar} /> };
    },
  })),
  { path: 'blog-details-standard', lazy: async () => ({ Component: (await import('../features/blog/blog-pages')).BlogPost }) },
  { path: 'blog/:slug', lazy: async () => ({ Component: (await import('../features/blog/blog-pages')).BlogPost }) },
  { path: 'about', lazy: page(() => import('../features/pages/about-page')) },
  { path: 'contact', lazy: page(() => import('../features/pages/contact-page')) },
  { path: 'my-account', lazy: page(() => import('../features/account/account-page')) },
  { path: 'login-register', lazy: page(() => import('../features/account/login-register-page')) },
  {
    path: '*',
    loader: () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    },
  },
];

export const routes: RouteObject[] = [
  { ...adminRoutes, hydrateFallbackElement: <Preloader />, errorElement: <ErrorPage /> },
  {
    element: <RootLayout cartPanel={(close) => <CartDropdown onNavigate={close} />} />,
    hydrateFallbackElement: <Preloader />,
    errorElement: <ErrorPage />,
    // The pathless child keeps the header and footer around an error.
    children: [{ errorElement: <ErrorPage />, children: storefrontRoutes }],
  },
];
