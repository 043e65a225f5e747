import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../hooks';
import { Preloader } from '../../components/ui/preloader';
import { AdminSignIn, menuFor, NoAccess } from '../../features/admin';
import { can, isStaff } from '../../../shared/domain/permissions';

const Dashboard = lazy(() => import('../../features/admin-dashboard/dashboard-page'));

/**
 * `/admin`: the sign-in form for a visitor, the dashboard for staff whose role may read it; other
 * staff go to the first page of their menu.
 */
export default function AdminHome() {
  const user = useAppSelector((s) => s.user.user);
  const checked = useAppSelector((s) => s.app.sessionChecked);
  if (!checked && !user) return <Preloader />;
  if (!user || !isStaff(user.role)) return <AdminSignIn />;
  if (!can(user.role, 'dashboard.read')) {
    const first = menuFor(user.role)[0];
    return first ? <Navigate to={first.to} replace /> : <NoAccess />;
  }
  return (
    <Suspense fallback={<Preloader />}>
      <Dashboard />
    </Suspense>
  );
}
