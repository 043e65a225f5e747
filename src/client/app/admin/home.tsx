import { lazy, Suspense } from 'react';
import { useAppSelector } from '../hooks';
import { Preloader } from '../../components/ui/preloader';
import { AdminSignIn } from '../../features/admin';

const Dashboard = lazy(() => import('../../features/admin-dashboard/dashboard-page'));

/** `/admin`: the sign-in form for a visitor, the dashboard for an admin. */
export default function AdminHome() {
  const user = useAppSelector((s) => s.user.user);
  const checked = useAppSelector((s) => s.app.sessionChecked);
  if (!checked && !user) return <Preloader />;
  if (user?.role !== 'admin') return <AdminSignIn />;
  return (
    <Suspense fallback={<Preloader />}>
      <Dashboard />
    </Suspense>
  );
}
