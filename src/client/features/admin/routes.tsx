import type { RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** `/admin` and everything under it: its own layout, every page its own chunk. */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: page(() => import('./admin-layout')),
  children: [
    { index: true, lazy: page(() => import('./admin-home')) },
    { path: 'products', lazy: page(() => import('../admin-products/products-page')) },
    { path: 'products/add', lazy: page(() => import('../admin-products/product-form-page')) },
    { path: 'products/edit/:id', lazy: page(() => import('../admin-products/product-form-page')) },
    { path: 'orders', lazy: page(() => import('../admin-orders/orders-page')) },
    { path: 'orders/:id', lazy: page(() => import('../admin-orders/order-page')) },
    { path: 'categories', lazy: page(() => import('../admin-categories/categories-page')) },
    { path: 'categories/add', lazy: page(() => import('../admin-categories/category-form-page')) },
    { path: 'categories/edit/:id', lazy: page(() => import('../admin-categories/category-form-page')) },
    { path: 'messages', lazy: page(() => import('../admin-messages/messages-page')) },
    { path: 'settings', lazy: page(() => import('../admin-settings/settings-page')) },
  ],
};
