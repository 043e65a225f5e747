// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { makeStore } from '../../app/store';
import { setSessionChecked } from '../../app/app-slice';
import { setUser, type SessionUser } from '../../app/user-slice';
import { permissions } from '../../../shared/domain/permissions';
import AdminLayout from './admin-layout';
import { adminMenu, type AdminRouteHandle } from './access';

const texts = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lng}/admin.json`), 'utf8')) as Texts;
afterEach(cleanup);

/**
 * The layout under a router whose pages each need a permission, as app/admin/routes.tsx declares
 * them, opened at `url` by a signed-in user of `role`.
 */
function renderAdmin(role: string, url: string, lng = 'en') {
  const i18n = new Translator({ lng, resources: { [lng]: { admin: texts(lng) } } });
  const { store } = makeStore();
  // Roles beyond customer and admin arrive with issue 32: the layout reads whatever the session says.
  store.dispatch(setUser({ id: 1, name: 'Nour Samy', email: 'nour@nasma.test', phone: null, role: role as SessionUser['role'] }));
  store.dispatch(setSessionChecked());
  const page = (name: string, permission: AdminRouteHandle['permission']) => ({
    path: name,
    handle: { permission } satisfies AdminRouteHandle,
    element: <p>{`${name} page`}</p>,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <p>home page</p> },
          page('products', 'catalogue.read'),
          page('orders', 'orders.read'),
          page('settings', 'settings.write'),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>,
  );
}

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Admin menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the admin for a role with some permissions', () => {
  it('shows the owner every menu entry', () => {
    renderAdmin('owner', '/admin/settings');
    expect(menuLinks()).toEqual([
      'Dashboard',
      'Products',
      'Orders',
      'Risk rules',
      'Categories',
      'Promotions',
      'Reviews',
      'Returns',
      'Messages',
      'Messages sent',
      'Activity',
      'Staff',
      'Settings',
    ]);
    expect(screen.getByText('settings page')).toBeTruthy();
  });

  it('hides from the catalogue role what it may not use', () => {
    renderAdmin('catalogue', '/admin/products');
    expect(menuLinks()).toEqual(['Products', 'Categories']);
    expect(screen.getByText('products page')).toBeTruthy();
    expect(screen.queryByText("You don't have access to this page.")).toBeNull();
  });

  it('hides the settings and the staff from a manager, who reads the activity log', () => {
    renderAdmin('manager', '/admin/orders');
    expect(menuLinks()).toEqual(['Dashboard', 'Products', 'Orders', 'Risk rules', 'Categories', 'Promotions', 'Reviews', 'Returns', 'Messages', 'Messages sent', 'Activity']);
  });

  it('says so, instead of the page, when a role opens a page it may not use', () => {
    renderAdmin('catalogue', '/admin/settings');
    expect(screen.getByRole('alert').textContent).toContain("You don't have access to this page.");
    expect(screen.queryByText('settings page')).toBeNull();
  });

  it('says so in Arabic too', () => {
    renderAdmin('orders', '/admin/settings', 'ar');
    expect(screen.getByRole('alert').textContent).toContain('ليست لديك صلاحية الوصول إلى هذه الصفحة.');
    expect(screen.queryByText('settings page')).toBeNull();
  });

  it('names a known permission on every menu entry', () => {
    for (const entry of adminMenu) expect(permissions, entry.to).toContain(entry.permission);
  });
});
