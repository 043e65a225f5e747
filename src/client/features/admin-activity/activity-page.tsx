import { useMemo, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { columnHelper, DataTable, useTableParams } from '../../components/data-table';
import { auditKinds, type AuditKind } from '../../../shared/domain/audit';
import type { ActivityEntry, ActivityList } from '../../../shared/schemas/audit';
import { AdminPage, Card, DateRangeFields, FilterActions } from '../admin';
import { activityParams, readActivityFilters, useGetActivityQuery, type ActivityFilters } from './api';
import { ActivityCard, ActivityChanges, ActivityPerson, ActivitySubject, ActivityWhat, useActivityTime } from './activity-entry';

const col = columnHelper<ActivityEntry>();
const entryId = (e: ActivityEntry) => String(e.id);
const href = (f: ActivityFilters) => {
  const qs = activityParams(f).toString();
  return `/admin/activity${qs ? `?${qs}` : ''}`;
};

/** The log's columns: when (Cairo), who, from where, what, the thing, the changes. */
function useActivityColumns() {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const time = useActivityTime();
  return useMemo(
    () =>
      col.columns([
        col.accessor('at', {
          header: t('activity.columns.when'),
          meta: { className: 'whitespace-nowrap text-sm text-muted align-top' },
          cell: ({ getValue }) => <time dateTime={getValue()}>{time(getValue())}</time>,
        }),
        col.display({
          id: 'person',
          header: t('activity.columns.person'),
          meta: { className: 'max-w-56 align-top' },
          cell: ({ row }) => <ActivityPerson entry={row.original} />,
        }),
        col.accessor('address', {
          header: t('activity.columns.address'),
          meta: { className: 'align-top' },
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="font-mono text-xs text-muted">
              {getValue() ?? '—'}
            </bdi>
          ),
        }),
        col.display({
          id: 'what',
          header: t('activity.columns.what'),
          meta: { className: 'min-w-40 align-top' },
          cell: ({ row }) => <ActivityWhat entry={row.original} />,
        }),
        col.display({
          id: 'thing',
          header: t('activity.columns.thing'),
          meta: { className: 'min-w-32 max-w-52 align-top' },
          cell: ({ row }) => <ActivitySubject entry={row.original} />,
        }),
        col.display({
          id: 'changes',
          header: t('activity.columns.changes'),
          meta: { className: 'min-w-64 max-w-md align-top' },
          cell: ({ row }) => <ActivityChanges entry={row.original} />,
        }),
      ]),
    [t, time],
  );
}

/** Person, kind and Cairo days; applying writes the URL (page 1), so a reload or a shared link shows the same entries. */
function ActivitySearch({
  filters,
  people,
  formKey,
  onApply,
}: {
  filters: ActivityFilters;
  people: ActivityList['people'];
  formKey: string;
  onApply: (f: ActivityFilters) => void;
}) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const filtered = Boolean(filters.actor || filters.kind || filters.subject || filters.from || filters.to);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const kind = auditKinds.find((k) => k === value('kind'));
    const actor = Number(value('actor'));
    // The thing a link narrowed the log to stays while its kind does.
    onApply({ actor: actor > 0 ? actor : undefined, kind, subject: kind === filters.kind ? filters.subject : undefined, from: value('from'), to: value('to') });
  };
  const applyNow = (e: { currentTarget: HTMLSelectElement }) => e.currentTarget.form?.requestSubmit();
  return (
    <Card className="mb-4 !p-4">
      <form
        key={formKey}
        onSubmit={submit}
        role="search"
        aria-label={t('activity.filters.label')}
        className="grid gap-3 sm:grid-cols-2 md:items-end lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto]"
      >
        <div>
          <label htmlFor="activity-actor" className="mb-1.5 block text-sm font-semibold">
            {t('activity.filters.person')}
          </label>
          <select id="activity-actor" name="actor" defaultValue={filters.actor ?? ''} onChange={applyNow} className="field min-h-[calc(2.8rem+2px)] !py-0">
            <option value="">{t('activity.filters.everyone')}</option>
            {/* A person filtered by a link keeps a name even when they are past the list's 200. */}
            {filters.actor && !people.some((p) => p.id === filters.actor) && <option value={filters.actor}>#{filters.actor}</option>}
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-kind" className="mb-1.5 block text-sm font-semibold">
            {t('activity.filters.kind')}
          </label>
          <select id="activity-kind" name="kind" defaultValue={filters.kind ?? ''} onChange={applyNow} className="field min-h-[calc(2.8rem+2px)] !py-0">
            <option value="">{t('activity.filters.allKinds')}</option>
            {auditKinds.map((k: AuditKind) => (
              <option key={k} value={k}>
                {t(keyIn('admin-staff:activity.kinds', k))}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          idPrefix="activity"
          from={filters.from}
          to={filters.to}
          labels={{ from: t('activity.filters.from'), to: t('activity.filters.to') }}
          breakpoint="lg"
        />
        <FilterActions
          filtered={filtered}
          clearTo="/admin/activity"
          labels={{ apply: t('activity.filters.apply'), clear: t('activity.filters.clear') }}
          className="flex items-center gap-2 sm:col-span-2 lg:col-span-1"
        />
      </form>
      {filters.subject && filters.kind && (
        <p className="mt-3 text-sm">
          <Link
            to={href({ ...filters, subject: undefined, page: 1 })}
            className="inline-flex items-center gap-1.5 rounded-full bg-sand px-3 py-1 font-semibold hover:bg-line"
            aria-label={`${t('activity.filters.subject', { kind: t(keyIn('admin-staff:activity.kinds', filters.kind)), subject: filters.subject })} · ${t('activity.filters.clear')}`}
          >
            {t('activity.filters.subject', { kind: t(keyIn('admin-staff:activity.kinds', filters.kind)), subject: filters.subject })}
            <X size={14} aria-hidden="true" />
          </Link>
        </p>
      )}
    </Card>
  );
}

/** `/admin/activity`: who changed what in the admin, newest first, filtered by person, kind and Cairo days (in the URL). */
export default function ActivityPage() {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const filters = readActivityFilters(params, table.page);
  const { data, isFetching, isError, refetch } = useGetActivityQuery(filters, { refetchOnMountOrArgChange: true });
  const columns = useActivityColumns();
  const filtered = Boolean(filters.actor || filters.kind || filters.subject || filters.from || filters.to);

  return (
    <AdminPage
      title={t('activity.title')}
      subtitle={data ? (data.totalExact ? t('activity.subtitle', { count: data.total }) : t('activity.subtitleMore', { count: data.total })) : undefined}
    >
      <ActivitySearch filters={filters} people={data?.people ?? []} formKey={`${params.toString()}|${data ? 1 : 0}`} onApply={(f) => void navigate(href(f))} />
      <Card className="!p-0 overflow-hidden">
        <div aria-live="polite">
          <DataTable
            label={t('activity.title')}
            columns={columns}
            data={data?.items}
            getRowId={entryId}
            empty={filtered ? t('activity.emptyFiltered') : t('activity.empty')}
            failed={isError && !data && { message: t('admin:common.loadFailed'), retryLabel: t('admin:common.retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: data.total, pageSize: data.pageSize, exact: data.totalExact }}
            card={(e) => <ActivityCard entry={e} />}
            bleed
          />
        </div>
      </Card>
    </AdminPage>
  );
}
