import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Eye, RotateCcw } from 'lucide-react';
import { columnHelper } from '../../components/data-table';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { OutboxEntry, OutboxStatusValue } from '../../../shared/schemas/outbox';
import { Badge } from '../admin';

const col = columnHelper<OutboxEntry>();

const statusTone: Record<OutboxStatusValue, string> = {
  pending: 'bg-honey/20 text-amber-dark',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose/10 text-rose',
  held: 'bg-stone-200 text-stone-700',
};

/** A message's state as a pill: pending, sent, failed or held. */
export function OutboxStatusBadge({ status }: { status: OutboxStatusValue }) {
  const { t } = useTranslation('admin-dash');
  return <Badge tone={statusTone[status]}>{t(`outbox.status.${status}`)}</Badge>;
}

/** When a message was written, in the shop's zone (Cairo), Latin digits in Arabic too. */
export function useOutboxTime() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((iso: string) => formatShopTime(iso, lng, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }), [lng]);
}

export interface OutboxActions {
  onPreview: (m: OutboxEntry) => void;
  onResend: (m: OutboxEntry) => void;
  /** The message whose "send again" is on its way. */
  resendingId: number | undefined;
}

/** Preview, and "send again" where the server takes it (failed, held, a sent message without a single-use link). */
function RowActions({
  m,
  actions,
  t,
  inCard = false,
}: {
  m: OutboxEntry;
  actions: OutboxActions;
  t: ReturnType<typeof useTranslation<'admin-dash'>>['t'];
  inCard?: boolean;
}) {
  const busy = actions.resendingId === m.id;
  return (
    <span className={`flex items-center gap-1.5 whitespace-nowrap ${inCard ? 'flex-wrap justify-start' : 'justify-end'}`}>
      <button type="button" className="btn btn-ghost h-8 !px-3 text-xs" onClick={() => actions.onPreview(m)}>
        <Eye size={14} aria-hidden="true" />
        {t('outbox.preview')}
      </button>
      {m.resendable && (
        <button type="button" className="btn btn-ghost h-8 !px-3 text-xs" disabled={busy} onClick={() => actions.onResend(m)}>
          <RotateCcw size={14} aria-hidden="true" className={busy ? 'animate-spin' : ''} />
          {busy ? t('outbox.sendAgainBusy') : t('outbox.sendAgain')}
        </button>
      )}
    </span>
  );
}

/** The outbox list's columns: status, recipient, kind, time, the error of a failed one, actions. */
export function useOutboxColumns(actions: OutboxActions) {
  const { t } = useTranslation('admin-dash');
  const time = useOutboxTime();
  return useMemo(
    () =>
      col.columns([
        col.accessor('status', {
          header: t('outbox.columns.status'),
          cell: ({ row: { original: m } }) => (
            <span className="flex flex-col items-start gap-0.5">
              <OutboxStatusBadge status={m.status} />
              {m.attempts > 0 && <span className="text-xs text-muted">{t('outbox.attempts', { count: m.attempts })}</span>}
            </span>
          ),
        }),
        col.accessor('recipient', {
          header: t('outbox.columns.recipient'),
          meta: { className: 'max-w-60' },
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="block truncate font-medium">
              {getValue()}
            </bdi>
          ),
        }),
        col.accessor('kind', { header: t('outbox.columns.kind'), cell: ({ getValue }) => t(`outbox.kind.${getValue()}`) }),
        col.accessor('createdAt', {
          header: t('outbox.columns.time'),
          meta: { className: 'whitespace-nowrap text-muted' },
          cell: ({ getValue }) => <time dateTime={getValue()}>{time(getValue())}</time>,
        }),
        col.accessor('lastError', {
          header: t('outbox.columns.error'),
          meta: { className: 'min-w-40 max-w-64' },
          cell: ({ row: { original: m } }) =>
            m.lastError && m.status !== 'sent' ? (
              <span dir="ltr" className="line-clamp-2 text-xs text-rose" title={m.lastError}>
                {m.lastError}
              </span>
            ) : null,
        }),
        col.display({
          id: 'actions',
          header: t('outbox.columns.actions'),
          meta: { align: 'end' },
          cell: ({ row: { original: m } }) => <RowActions m={m} actions={actions} t={t} />,
        }),
      ]),
    [t, time, actions],
  );
}

/** One message as a phone card: status and time, recipient, kind, the error, the actions. */
export function OutboxCard({ m, actions }: { m: OutboxEntry; actions: OutboxActions }) {
  const { t } = useTranslation('admin-dash');
  const time = useOutboxTime();
  return (
    <div className="px-4 py-3.5">
      <span className="flex items-center justify-between gap-3">
        <OutboxStatusBadge status={m.status} />
        <time dateTime={m.createdAt} className="text-xs text-muted">
          {time(m.createdAt)}
        </time>
      </span>
      <bdi dir="ltr" className="mt-1.5 block truncate font-medium">
        {m.recipient}
      </bdi>
      <span className="block text-sm text-muted">
        {t(`outbox.kind.${m.kind}`)}
        {m.attempts > 0 && ` · ${t('outbox.attempts', { count: m.attempts })}`}
      </span>
      {m.lastError && m.status !== 'sent' && (
        <span dir="ltr" className="mt-1 block text-xs break-words text-rose">
          {m.lastError}
        </span>
      )}
      <span className="mt-2 block">
        <RowActions m={m} actions={actions} t={t} inCard />
      </span>
    </div>
  );
}
