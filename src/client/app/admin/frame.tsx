import { AdminLayout } from '../../features/admin';
import { useGetAdminMessagesQuery } from '../../features/admin-messages';
import { useAppSelector } from '../hooks';

/** The admin layout with its menu's count of unread contact messages, checked again every two minutes. */
export default function AdminFrame() {
  const isAdmin = useAppSelector((s) => s.user.user?.role === 'admin');
  const { data: inbox } = useGetAdminMessagesQuery({ page: 1, pageSize: 1, filter: 'unread' }, { skip: !isAdmin, pollingInterval: 120_000 });
  return <AdminLayout unreadMessages={inbox?.unread ?? 0} />;
}
