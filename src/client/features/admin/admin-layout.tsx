import { useEffect, useState } from 'react';
import { Link, NavLink, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { LogOut, Menu, Store, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Preloader } from '../../components/ui/preloader';
import { Toaster } from '../../components/ui/toast';
import { setUser } from '../account';
import { useLogoutMutation } from '../../app/auth-api';
import { PreferencesMenu } from './preferences-menu';
import { IconButton } from './ui';
import { can, isStaff } from '../../../shared/domain/permissions';
import { menuFor, NoAccess, type AdminRouteHandle } from './access';

/**
 * The admin area's frame. The left menu shows only to signed-in staff, and only the entries their
 * role may use; a nested admin route opened without a staff session goes to `/admin`, which shows
 * the sign-in form, and one whose permission (its route `handle`) the role lacks shows `NoAccess`.
 * The server checks the permission on every `/api/admin` request whatever this mirror says.
 * `unreadMessages` is the menu's count of contact messages waiting (the app's admin frame asks the
 * messages feature for it).
 */
export default function AdminLayout({ unreadMessages = 0 }: { unreadMessages?: number }) {
  const { t } = useTranslation('admin');
  const user = useAppSelector((s) => s.user.user);
  const checked = useAppSelector((s) => s.app.sessionChecked);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [logout] = useLogoutMutation();
  const isAdmin = user !== null && isStaff(user.role);
  const atRoot = location.pathname.replace(/\/+$/, '') === '/admin';
  const needed = useMatches()
    .map((m) => (m.handle as AdminRouteHandle | undefined)?.permission)
    .findLast((p) => p !== undefined);
  const allowed = !needed || can(user?.role, needed);

  useEffect(() => setOpen(false), [location.pathname]);

  if (!checked && !atRoot) return <Preloader />;
  if (!isAdmin && !atRoot) return <Navigate to="/admin" replace state={{ from: location.pathname }} />;

  const signOut = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(setUser(null));
    void navigate('/admin');
  };

  return (
    <div className="min-h-screen bg-[#f7f3ec] text-ink">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line/70 bg-white/95 px-4 backdrop-blur lg:px-6">
        {isAdmin && (
          <IconButton
            onClick={() => setOpen((v) => !v)}
            className="-ms-1 rounded-full p-2 hover:bg-sand lg:hidden"
            label={t('layout.menu')}
            aria-expanded={open}
            aria-controls="admin-menu"
            icon={open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
          />
        )}
        <Link to="/admin" className="flex items-baseline gap-2">
          <span className="font-display text-2xl font-semibold">Nasma</span>
          <span className="rounded-full bg-ink px-2 py-0.5 text-[0.65rem] font-semibold uppercase tracking-widest text-ivory">{t('layout.badge')}</span>
        </Link>
        <div className="ms-auto flex items-center gap-2">
          <PreferencesMenu />
          <Link to="/" className="hidden items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold hover:bg-sand sm:inline-flex">
            <Store size={16} aria-hidden="true" />
            {t('layout.viewShop')}
          </Link>
          {isAdmin && (
            <IconButton
              onClick={() => void signOut()}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold hover:bg-sand"
              label={t('layout.signOut')}
              labelFromSm
              icon={<LogOut size={16} aria-hidden="true" className="rtl:rotate-180" />}
            />
          )}
        </div>
      </header>
      <div className="flex">
        {isAdmin && (
          <nav
            id="admin-menu"
            aria-label={t('layout.menu')}
            className={`${open ? 'block' : 'hidden'} fixed inset-x-0 top-16 bottom-0 z-20 overflow-y-auto bg-white p-4 lg:sticky lg:block lg:h-[calc(100vh-4rem)] lg:w-60 lg:shrink-0 lg:border-e lg:border-line/70`}
          >
            <p className="mb-3 px-3 text-xs text-muted">
              {t('layout.signedInAs')} <strong className="block truncate text-ink">{user.email}</strong>
            </p>
            <ul className="grid gap-1">
              {menuFor(user.role).map(({ to, key, icon: Icon, ...rest }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={'end' in rest}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors ${isActive ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand'}`
                    }
                  >
                    <Icon size={18} aria-hidden="true" />
                    {t(`menu.${key}`)}
                    {key === 'messages' && unreadMessages > 0 && (
                      <span
                        className="ms-auto rounded-full bg-honey px-2 py-0.5 text-xs font-bold text-ink"
                        aria-label={t('layout.unread', { count: unreadMessages })}
                      >
                        {unreadMessages}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          {allowed ? <Outlet /> : <NoAccess />}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
