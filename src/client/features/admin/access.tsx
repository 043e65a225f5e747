import { BadgePercent, FolderTree, History, LayoutDashboard, Lock, Mail, MessageSquareQuote, Package, PackageOpen, Send, Settings, ShieldAlert, ShoppingBag, Users } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useAppSelector } from '../../app/hooks';
import { can, type Permission } from '../../../shared/domain/permissions';
import { Card } from './ui';

/**
 * What an admin route needs, in its `handle` (app/admin/routes.tsx): the layout shows the page only
 * to a role that holds it. The server checks the same permission on every request the page makes.
 */
export interface AdminRouteHandle {
  permission: Permission;
}

/** The admin menu, each entry shown only to a role holding its permission. */
export const adminMenu = [
  { to: '/admin', key: 'dashboard', icon: LayoutDashboard, permission: 'dashboard.read', end: true },
  { to: '/admin/products', key: 'products', icon: Package, permission: 'catalogue.read' },
  { to: '/admin/orders', key: 'orders', icon: ShoppingBag, permission: 'orders.read' },
  { to: '/admin/risk', key: 'risk', icon: ShieldAlert, permission: 'risk.read' },
  { to: '/admin/categories', key: 'categories', icon: FolderTree, permission: 'catalogue.read' },
  { to: '/admin/promotions', key: 'promotions', icon: BadgePercent, permission: 'promotions.read' },
  { to: '/admin/reviews', key: 'reviews', icon: MessageSquareQuote, permission: 'reviews.read' },
  { to: '/admin/returns', key: 'returns', icon: PackageOpen, permission: 'returns.read' },
  { to: '/admin/messages', key: 'messages', icon: Mail, permission: 'messages.read' },
  { to: '/admin/outbox', key: 'outbox', icon: Send, permission: 'outbox.read' },
  { to: '/admin/activity', key: 'activity', icon: History, permission: 'audit.read' },
  { to: '/admin/staff', key: 'staff', icon: Users, permission: 'staff.manage' },
  // The page is a form that saves: a role that may only read the settings has nothing to do there.
  { to: '/admin/settings', key: 'settings', icon: Settings, permission: 'settings.write' },
] as const satisfies ReadonlyArray<{ to: string; key: string; icon: unknown; permission: Permission; end?: true }>;

/** The menu entries `role` may use, in menu order. */
export function menuFor(role: string | null | undefined) {
  return adminMenu.filter((entry) => can(role, entry.permission));
}

/** True when the signed-in user's role holds `permission`: a page hides the controls it may not use. */
export function useCan(permission: Permission): boolean {
  return useAppSelector((s) => can(s.user.user?.role, permission));
}

/** Shown instead of a page the signed-in role may not use (a bookmark, a link from a colleague). */
export function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto w-full max-w-xl">
      <title>{t('layout.documentTitle', { page: t('access.title') })}</title>
      <Card>
        <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
          <Lock className="text-amber-dark" aria-hidden="true" />
          <h1 className="font-display text-2xl font-semibold">{t('access.denied')}</h1>
          <p className="text-sm text-muted">{t('access.hint')}</p>
        </div>
      </Card>
    </div>
  );
}
