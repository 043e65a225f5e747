import type { RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * `/admin` and everything under it: its own layout, every page its own chunk. The app composes the
 * admin features here, so the admin kit (features/admin) never imports the pages built on it.
 */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: page(() => import('./frame')),
  children: [
    { index: true, lazy: page(() => import('./home')) },
    { path: 'products', lazy: page(() => import('../../features/admin-products/products-page')) },
    { path: 'products/add', lazy: page(() => import('../../features/admin-products/product-form-page')) },
    { path: 'products/edit/:id', lazy: page(() => import('../../features/admin-products/product-form-page')) },
    { path: 'orders', lazy: page(() => import('../../features/admin-orders/orders-page')) },
    { path: 'orders/:id', lazy: page(() => import('../../features/admin-orders/order-page')) },
    { path: 'categories', lazy: page(() => import('../../features/admin-categories/categories-page')) },
    { path: 'categories/add', lazy: page(() => import('../../features/admin-categories/category-form-page')) },
    { path: 'categories/edit/:id', lazy: page(() => import('../../features/admin-categories/category-form-page')) },
    { path: 'messages', lazy: page(() => import('../../features/admin-messages/messages-page')) },
    { path: 'outbox', lazy: page(() => import('../../features/admin-outbox/outbox-page')) },
    { path: 'settings', lazy: page(() => import('../../features/admin-settings/settings-page')) },
  ],
};
