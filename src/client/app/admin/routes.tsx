import type { RouteObject } from 'react-router';
import { ErrorPage } from '../../components/layout/error-page';
import { Preloader } from '../../components/ui/preloader';
import type { AdminRouteHandle } from '../../features/admin';
import type { Permission } from '../../../shared/domain/permissions';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
/** The permission a page needs: the admin layout shows it only to a role that holds it. */
const needs = (permission: Permission): AdminRouteHandle => ({ permission });

/**
 * `/admin` and everything under it: its own layout, every page its own chunk. The app composes the
 * admin features here, so the admin kit (features/admin) never imports the pages built on it.
 * Every page but the index names its permission; the index (home.tsx) sends a role without the
 * dashboard's to the first page it may use. This table is not in the browser's first script: the
 * browser adds it to the storefront's routes when the admin is first opened (main.tsx, `withAdmin`).
 */
export const adminRoute: RouteObject = {
  id: 'admin',
  path: 'admin',
  lazy: page(() => import('./frame')),
  hydrateFallbackElement: <Preloader />,
  errorElement: <ErrorPage />,
  children: [
    { index: true, lazy: page(() => import('./home')) },
    { path: 'products', handle: needs('catalogue.read'), lazy: page(() => import('../../features/admin-products/products-page')) },
    { path: 'products/import', handle: needs('catalogue.write'), lazy: page(() => import('../../features/admin-import/import-page')) },
    { path: 'products/add', handle: needs('catalogue.write'), lazy: page(() => import('../../features/admin-products/product-form-page')) },
    { path: 'products/edit/:id', handle: needs('catalogue.write'), lazy: page(() => import('../../features/admin-products/product-form-page')) },
    { path: 'orders', handle: needs('orders.read'), lazy: page(() => import('../../features/admin-orders/orders-page')) },
    { path: 'orders/:id', handle: needs('orders.read'), lazy: page(() => import('../../features/admin-orders/order-page')) },
    { path: 'risk', handle: needs('risk.read'), lazy: page(() => import('../../features/admin-risk/risk-page')) },
    { path: 'categories', handle: needs('catalogue.read'), lazy: page(() => import('../../features/admin-categories/categories-page')) },
    { path: 'categories/add', handle: needs('catalogue.write'), lazy: page(() => import('../../features/admin-categories/category-form-page')) },
    { path: 'categories/edit/:id', handle: needs('catalogue.write'), lazy: page(() => import('../../features/admin-categories/category-form-page')) },
    { path: 'promotions', handle: needs('promotions.read'), lazy: page(() => import('../../features/admin-promotions/promotions-page')) },
    { path: 'promotions/new', handle: needs('promotions.write'), lazy: page(() => import('../../features/admin-promotions/promotion-form-page')) },
    { path: 'promotions/:id', handle: needs('promotions.write'), lazy: page(() => import('../../features/admin-promotions/promotion-form-page')) },
    { path: 'reviews', handle: needs('reviews.read'), lazy: page(() => import('../../features/admin-reviews/reviews-page')) },
    { path: 'returns', handle: needs('returns.read'), lazy: page(() => import('../../features/admin-returns/returns-page')) },
    { path: 'returns/:id', handle: needs('returns.read'), lazy: page(() => import('../../features/admin-returns/return-page')) },
    { path: 'messages', handle: needs('messages.read'), lazy: page(() => import('../../features/admin-messages/messages-page')) },
    { path: 'outbox', handle: needs('outbox.read'), lazy: page(() => import('../../features/admin-outbox/outbox-page')) },
    { path: 'activity', handle: needs('audit.read'), lazy: page(() => import('../../features/admin-activity/activity-page')) },
    { path: 'staff', handle: needs('staff.manage'), lazy: page(() => import('../../features/admin-staff/staff-page')) },
    { path: 'settings', handle: needs('settings.write'), lazy: page(() => import('../../features/admin-settings/settings-page')) },
  ],
};
