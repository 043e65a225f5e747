import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { ErrorPage } from '../components/layout/error-page';
import { Preloader } from '../components/ui/preloader';

type PageModule = { default: React.ComponentType };

/** A route whose page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const home = page(() => import('../features/home/home-page'));

export const storefrontRoutes: RouteObject[] = [
  { index: true, lazy: home },
  { path: 'home-fashion', lazy: home },
  { path: 'shop-grid-standard', lazy: page(() => import('../features/catalog/listing-page')) },
  { path: 'product/:id', lazy: page(() => import('../features/product/product-page')) },
  { path: 'cart', lazy: page(() => import('../features/cart/cart-page')) },
  {
    path: '*',
    loader: () => {
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    },
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <Preloader />,
    errorElement: <ErrorPage />,
    // The pathless child keeps the header and footer around an error.
    children: [{ errorElement: <ErrorPage />, children: storefrontRoutes }],
  },
];

export const router = createBrowserRouter(routes);
