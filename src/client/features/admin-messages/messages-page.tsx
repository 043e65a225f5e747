import { errorKeys, failureOf } from '../../app/api-failure';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AdminPage, LoadFailed, useCan } from '../admin';
import { useTableParams } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import type { ContactMessage, MessageFilter } from '../../../shared/schemas/admin-dashboard';
import { messagesChanged, useDeleteAdminMessageMutation, useGetAdminMessagesQuery, useSetAdminMessageHandledMutation } from './api';
import { useAppDispatch } from '../../app/hooks';
import { MessageList } from './message-list';
import { MessageReader, NoMessageOpen } from './message-reader';

const PAGE_SIZE = 20;

/** `/admin/messages`: the contact-form inbox with a reading pane. */
export default function MessagesPage() {
  const { t } = useTranslation(['admin-dash', 'admin', 'translation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const table = useTableParams();
  const filter: MessageFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const { page } = table;
  const { data, isLoading, isError, refetch } = useGetAdminMessagesQuery(
    { page, pageSize: PAGE_SIZE, filter },
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [setHandledRequest] = useSetAdminMessageHandledMutation();
  const [deleteRequest] = useDeleteAdminMessageMutation();

  const filterHref = (f: MessageFilter) => `/admin/messages${f === 'unread' ? '?filter=unread' : ''}`;

  // A page emptied by a delete falls back to the one before it.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) void navigate(table.pageHref(page - 1), { replace: true });
  });

  const mayUpdate = useCan('messages.update');
  const fail = (err: unknown) => showToast('error', t(errorKeys(failureOf(err).code, 'admin-dash:errors')));

  const setHandled = async (message: ContactMessage, handled: boolean, quiet = false) => {
    setBusy(true);
    try {
      const updated = await setHandledRequest({ id: message.id, handled }).unwrap();
      setOpen((current) => (current?.id === updated.id ? updated : current));
      if (!quiet) showToast('success', t(handled ? 'messages.markedRead' : 'messages.markedUnread'));
      dispatch(messagesChanged());
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const select = (message: ContactMessage) => {
    setConfirming(false);
    setOpen(message);
    if (!message.handled && mayUpdate) void setHandled(message, true, true);
  };

  const remove = async (message: ContactMessage) => {
    setBusy(true);
    try {
      await deleteRequest(message.id).unwrap();
      showToast('success', t('messages.deleted'));
      setOpen(null);
      setConfirming(false);
      dispatch(messagesChanged());
    } catch (err) {
      fail(err);
      if (failureOf(err).status === 404) {
        setOpen(null);
        void refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  const tab = (value: MessageFilter, label: string, badge?: number) => (
    <Link
      to={filterHref(value)}
      aria-current={filter === value ? 'page' : undefined}
      className={`inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors ${filter === value ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand'}`}
    >
      {label}
      {badge !== undefined && badge > 0 && (
        <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${filter === value ? 'bg-honey text-ink' : 'bg-honey/25 text-amber-dark'}`}>
          {badge}
        </span>
      )}
    </Link>
  );

  return (
    <AdminPage
      title={t('admin:menu.messages')}
      subtitle={t('messages.subtitle')}
      actions={
        <nav aria-label={t('messages.filter')} className="flex items-center gap-1 rounded-full border border-line/70 bg-white p-1 shadow-soft">
          {tab('all', t('messages.all'))}
          {tab('unread', t('messages.unread'), data?.unread)}
        </nav>
      }
    >
      {isLoading ? (
        <div className="h-96 animate-pulse rounded-2xl border border-line/70 bg-white" role="status">
          <span className="sr-only">{t('admin:common.loading')}</span>
        </div>
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-label={t('admin:menu.messages')} className={`min-w-0 ${open ? 'hidden lg:block' : ''}`}>
            <MessageList items={data.items} total={data.total} pageSize={PAGE_SIZE} filter={filter} params={table} openId={open?.id} onSelect={select} />
          </section>
          <section aria-live="polite" className={`min-w-0 ${open ? '' : 'hidden lg:block'}`}>
            {open ? (
              <MessageReader
                open={open}
                busy={busy}
                confirming={confirming}
                setConfirming={setConfirming}
                onBack={() => setOpen(null)}
                onSetHandled={(handled) => void setHandled(open, handled)}
                onDelete={() => void remove(open)}
              />
            ) : (
              <NoMessageOpen />
            )}
          </section>
        </div>
      )}
    </AdminPage>
  );
}
