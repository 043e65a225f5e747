import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { columnHelper, DataTable, type TableParams } from '../../components/data-table';
import type { ContactMessage, MessageFilter } from '../../../shared/schemas/admin-dashboard';
import { when } from './when';

const col = columnHelper<ContactMessage>();
const messageId = (m: ContactMessage) => String(m.id);

/** One message in the inbox: unread ones bold with a dot, the open one marked. */
function MessageCard({ m, open, onSelect }: { m: ContactMessage; open: boolean; onSelect: (m: ContactMessage) => void }) {
  const { t, i18n } = useTranslation(['admin-dash', 'admin', 'translation']);
  const unread = !m.handled && !open;
  return (
    <button
      type="button"
      onClick={() => onSelect(m)}
      aria-current={open ? 'true' : undefined}
      className={`relative block w-full px-5 py-3.5 text-start transition-colors focus-visible:z-10 ${open ? 'bg-sand/70' : 'hover:bg-ivory'}`}
    >
      {open && <span className="absolute inset-y-0 start-0 w-1 bg-honey" aria-hidden="true" />}
      <span className="flex items-center gap-2">
        <span className={`h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-amber' : 'bg-transparent'}`} aria-hidden="true" />
        {unread && <span className="sr-only">{t('messages.unread')}:</span>}
        <span className={`min-w-0 flex-1 truncate ${unread ? 'font-bold text-ink' : 'font-medium text-ink/80'}`}>{m.name}</span>
        <time dateTime={m.createdAt} className={`shrink-0 text-xs ${unread ? 'font-semibold text-ink' : 'text-muted'}`}>
          {when(m.createdAt, i18n.language)}
        </time>
      </span>
      <span className="block truncate ps-4 text-xs text-muted">
        <bdi dir="ltr">{m.email}</bdi>
      </span>
      <span className={`mt-1 block truncate ps-4 text-sm ${unread ? 'font-semibold text-ink' : 'text-ink/90'}`}>{m.subject}</span>
      <span className="block truncate ps-4 text-sm text-muted">{m.message}</span>
    </button>
  );
}

/**
 * The inbox: a DataTable in its card layout at every width (the list shares the screen with the
 * reading pane), paged through the URL like every admin list.
 */
export function MessageList({
  items,
  total,
  pageSize,
  filter,
  params,
  openId,
  onSelect,
}: {
  items: ContactMessage[];
  total: number;
  pageSize: number;
  filter: MessageFilter;
  params: TableParams;
  openId: number | undefined;
  onSelect: (m: ContactMessage) => void;
}) {
  const { t } = useTranslation(['admin-dash', 'admin', 'translation']);
  const columns = useMemo(
    () => col.columns([col.accessor('name', { header: t('messages.from') }), col.accessor('subject', { header: t('admin:menu.messages') })]),
    [t],
  );
  return (
    <div className="overflow-hidden rounded-2xl border border-line/70 bg-white shadow-soft">
      <DataTable
        label={t('admin:menu.messages')}
        columns={columns}
        data={items}
        getRowId={messageId}
        empty={filter === 'unread' ? t('messages.emptyUnread') : t('messages.empty')}
        params={params}
        paging={{ total, pageSize }}
        layout="cards"
        card={(m) => <MessageCard m={m} open={openId === m.id} onSelect={onSelect} />}
        bleed
      />
    </div>
  );
}
