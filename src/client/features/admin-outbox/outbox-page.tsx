import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { MailWarning } from 'lucide-react';
import { errorKeys, failureOf } from '../../app/api-failure';
import { DataTable, useTableParams } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import { messageKinds, outboxStatuses, type MessageKindValue, type OutboxEntry, type OutboxList, type OutboxStatusValue } from '../../../shared/schemas/outbox';
import { AdminPage, Card } from '../admin';
import { outboxParams, useGetAdminOutboxQuery, useResendOutboxMessageMutation, type OutboxFilters } from './api';
import { OutboxCard, useOutboxColumns, type OutboxActions } from './outbox-columns';
import { PreviewDialog } from './preview-dialog';

const isStatus = (v: string | null): v is OutboxStatusValue => outboxStatuses.includes(v as OutboxStatusValue);
const isKind = (v: string | null): v is MessageKindValue => messageKinds.includes(v as MessageKindValue);
const messageId = (m: OutboxEntry) => String(m.id);

/** The filters in the URL, cleaned: anything malformed is ignored rather than sent. */
function readFilters(params: URLSearchParams, page: number): OutboxFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  return { status: isStatus(status) ? status : undefined, kind: isKind(kind) ? kind : undefined, page };
}

/** Status tabs with their counts; each keeps the kind and starts at page 1. */
function StatusTabs({ filters, data, href }: { filters: OutboxFilters; data: OutboxList | undefined; href: (f: OutboxFilters) => string }) {
  const { t } = useTranslation('admin-dash');
  const tabClass = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors ${
      active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
    }`;
  return (
    <nav aria-label={t('outbox.filterStatus')} className="chip-row">
      {[undefined, ...outboxStatuses].map((status) => {
        const active = filters.status === status;
        const count = status && data?.counts[status];
        return (
          <Link key={status ?? 'all'} to={href({ ...filters, status, page: 1 })} className={tabClass(active)} aria-current={active ? 'page' : undefined}>
            {status ? t(`outbox.status.${status}`) : t('outbox.all')}
            {status && data && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? 'bg-honey text-ink' : status === 'failed' && count ? 'bg-rose/10 text-rose' : 'bg-sand text-muted'}`}
              >
                {data.countsExact[status] ? count : t('outbox.countMore', { count: count || 0 })}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/** `/admin/outbox`: every message the shop wrote, its state, a preview, and "send again". */
export default function OutboxPage() {
  const { t } = useTranslation(['admin-dash', 'admin', 'translation']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const filters = readFilters(params, table.page);
  const { data, isFetching, isError, refetch } = useGetAdminOutboxQuery(filters, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const [resend] = useResendOutboxMessageMutation();
  const [resendingId, setResendingId] = useState<number>();
  const [previewing, setPreviewing] = useState<OutboxEntry | null>(null);

  const href = (f: OutboxFilters) => {
    const qs = outboxParams(f).toString();
    return `/admin/outbox${qs ? `?${qs}` : ''}`;
  };

  const actions = useMemo<OutboxActions>(
    () => ({
      resendingId,
      onPreview: setPreviewing,
      onResend: (m) => {
        setResendingId(m.id);
        resend(m.id)
          .unwrap()
          .then(() => {
            showToast('success', t('outbox.queued'));
            // The dialog's copy no longer says what "send again" may do: it shows the message as pending.
            setPreviewing((open) => (open?.id === m.id ? { ...open, status: 'pending', resendable: false } : open));
          })
          .catch((err: unknown) => {
            showToast('error', t(errorKeys(failureOf(err).code, 'admin-dash:errors')));
            void refetch();
          })
          .finally(() => setResendingId(undefined));
      },
    }),
    [resendingId, resend, t, refetch],
  );
  const columns = useOutboxColumns(actions);
  const filtered = Boolean(filters.status || filters.kind);

  return (
    <AdminPage
      title={t('outbox.title')}
      subtitle={t('outbox.subtitle')}
      actions={
        <label className="flex items-center gap-2 text-sm font-semibold">
          {t('outbox.filterKind')}
          <select
            className="field !h-10 !w-auto !py-0"
            value={filters.kind ?? ''}
            onChange={(e) => void navigate(href({ ...filters, kind: isKind(e.target.value) ? e.target.value : undefined, page: 1 }))}
          >
            <option value="">{t('outbox.allKinds')}</option>
            {messageKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`outbox.kind.${kind}`)}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {data && !data.sending && (
        <Card className="mb-4 border-honey/60 !bg-[#fdf7ea]">
          <div role="note" className="flex gap-3">
            <MailWarning size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-dark" />
            <div>
              <p className="font-semibold">{t('outbox.heldTitle')}</p>
              <p className="mt-1 text-sm text-ink/80">{t('outbox.heldBody')}</p>
            </div>
          </div>
        </Card>
      )}
      <div className="mb-4">
        <StatusTabs filters={filters} data={data} href={href} />
      </div>
      <Card className="!p-0 overflow-hidden">
        <div aria-live="polite">
          <DataTable
            label={t('outbox.title')}
            columns={columns}
            data={data?.items}
            getRowId={messageId}
            empty={filtered ? t('outbox.emptyFiltered') : t('outbox.empty')}
            failed={isError && !data && { message: t('admin:common.loadFailed'), retryLabel: t('admin:common.retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: data.total, pageSize: data.pageSize, exact: data.totalExact }}
            card={(m) => <OutboxCard m={m} actions={actions} />}
            bleed
          />
        </div>
      </Card>
      <PreviewDialog
        entry={previewing}
        onClose={() => setPreviewing(null)}
        onResend={actions.onResend}
        resending={previewing !== null && resendingId === previewing.id}
      />
    </AdminPage>
  );
}
