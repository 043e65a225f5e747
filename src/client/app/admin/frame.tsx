import { AdminLayout } from '../../features/admin';
import { useGetAdminMessagesQuery } from '../../features/admin-messages';
import { useAppSelector } from '../hooks';
import { can } from '../../../shared/domain/permissions';
import { useShopSettingsSubscription } from '../use-shop-settings';

/**
 * The admin layout with its menu's count of unread contact messages (for a role that may read
 * them), checked again every two minutes; it keeps the shop's settings in the store for the
 * admin's pages (useShopSettings).
 */
export default function AdminFrame() {
  useShopSettingsSubscription();
  const readsMessages = useAppSelector((s) => can(s.user.user?.role, 'messages.read'));
  const { data: inbox } = useGetAdminMessagesQuery({ page: 1, pageSize: 1, filter: 'unread' }, { skip: !readsMessages, pollingInterval: 120_000 });
  return <AdminLayout unreadMessages={inbox?.unread ?? 0} />;
}
