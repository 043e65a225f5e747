import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { columnHelper, DataTable, useTableParams } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import { MAX_RETURN_WINDOW_DAYS, returnStates } from '../../../shared/domain/returns';
import type { AdminReturnRow } from '../../../shared/schemas/returns';
import { AdminPage, Card, useCan } from '../admin';
import { readReturnFilters, RETURNS_PAGE_SIZE, returnsHref, useGetAdminReturnsQuery, useGetReturnSettingsQuery, useSaveReturnSettingsMutation } from './api';
import { ReturnStateBadge, useReturnFormat } from './format';

const col = columnHelper<AdminReturnRow>();
const rowId = (r: AdminReturnRow) => String(r.id);

/** "Return window (days)": a small box beside the title; a role that may not change it reads it. */
function WindowSetting({ writable }: { writable: boolean }) {
  const { t } = useTranslation(['admin-returns', 'translation']);
  const { data } = useGetReturnSettingsQuery();
  const [save, { isLoading }] = useSaveReturnSettingsMutation();
  const [typed, setTyped] = useState<string | null>(null);
  if (!data) return null;
  if (!writable)
    return <p className="max-w-xs text-sm text-muted">{data.windowDays ? t('settings.readOnly', { count: data.windowDays }) : t('settings.off')}</p>;
  const value = typed ?? String(data.windowDays);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const windowDays = Number(value);
    if (!Number.isInteger(windowDays) || windowDays < 0 || windowDays > MAX_RETURN_WINDOW_DAYS) {
      showToast('error', t('settings.invalid', { max: MAX_RETURN_WINDOW_DAYS }));
      return;
    }
    void save({ windowDays })
      .unwrap()
      .then(() => {
        setTyped(null);
        showToast('success', windowDays ? t('settings.saved', { count: windowDays }) : t('settings.turnedOff'));
      })
      .catch((err: unknown) => showToast('error', t(errorKeys(failureOf(err).code, 'admin-returns:errors'))));
  };
  return (
    <form onSubmit={submit} className="flex max-w-sm items-end gap-3 rounded-2xl border border-line/70 bg-white px-4 py-3 shadow-soft">
      <label className="grid gap-1 text-sm font-semibold">
        {t('settings.label')}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_RETURN_WINDOW_DAYS}
          value={value}
          onChange={(e) => setTyped(e.target.value)}
          aria-describedby="returns-window-hint"
          className="field w-24 tabular-nums"
          data-testid="return-window"
        />
      </label>
      <div className="grid gap-1">
        <button type="submit" className="btn btn-ghost !py-2 text-sm" disabled={isLoading}>
          {t('settings.save')}
        </button>
      </div>
      <p id="returns-window-hint" className="sr-only">
        {t('settings.hint')}
      </p>
    </form>
  );
}

/** One return as a phone card. */
function ReturnRowCard({ r }: { r: AdminReturnRow }) {
  const { t } = useTranslation('admin-returns');
  const fmt = useReturnFormat();
  return (
    <Link to={`/admin/returns/${r.id}`} className="block px-4 py-3.5 hover:bg-ivory">
      <span className="flex items-center justify-between gap-3">
        <bdi dir="ltr" className="font-semibold text-ink">
          {r.number}
        </bdi>
        <ReturnStateBadge state={r.state} />
      </span>
      <span className="mt-1 flex items-center justify-between gap-3 text-sm">
        <span className="truncate">{r.customerName}</span>
        <span className="shrink-0 text-muted">
          {t(`kind.${r.kind}`)} · {t('list.unitCount', { count: r.units })}
        </span>
      </span>
      <span className="mt-0.5 block text-xs text-muted">
        {fmt.date(r.createdAt)} · {t(`reasons.${r.reason}`)}
      </span>
    </Link>
  );
}

/** `/admin/returns`: every return and exchange, newest first, by state (in the URL), with the return window. */
export default function ReturnsPage() {
  const { t } = useTranslation(['admin-returns', 'admin']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const filters = readReturnFilters(params, table.page);
  const { data, isFetching, isError, refetch } = useGetAdminReturnsQuery(filters, { refetchOnMountOrArgChange: true });
  const writable = useCan('returns.update');
  const fmt = useReturnFormat();
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('number', {
          header: t('list.number'),
          cell: ({ row: { original: r } }) => (
            <Link to={`/admin/returns/${r.id}`} className="font-semibold text-ink underline-offset-4 hover:underline" onClick={(e) => e.stopPropagation()}>
              <bdi dir="ltr">{r.number}</bdi>
            </Link>
          ),
        }),
        col.accessor('createdAt', {
          header: t('list.asked'),
          meta: { className: 'whitespace-nowrap text-muted' },
          cell: ({ getValue }) => fmt.date(getValue()),
        }),
        col.accessor('customerName', {
          header: t('list.customer'),
          cell: ({ row: { original: r } }) => (
            <>
              <span className="block font-medium">{r.customerName}</span>
              <bdi dir="ltr" className="block text-xs text-muted">
                {r.orderNumber}
              </bdi>
            </>
          ),
        }),
        col.accessor('kind', { header: t('list.kind'), cell: ({ getValue }) => t(`kind.${getValue()}`) }),
        col.accessor('reason', { header: t('list.reason'), cell: ({ getValue }) => t(`reasons.${getValue()}`) }),
        col.accessor('units', { header: t('list.units'), meta: { align: 'end', className: 'tabular-nums' } }),
        col.accessor('state', { header: t('list.state'), cell: ({ getValue }) => <ReturnStateBadge state={getValue()} /> }),
      ]),
    [t, fmt],
  );
  const tabClass = (active: boolean) =>
    `inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm font-semibold transition-colors ${
      active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
    }`;
  return (
    <AdminPage title={t('title')} subtitle={t('subtitle')} actions={<WindowSetting writable={writable} />}>
      <nav aria-label={t('list.state')} className="mb-4 chip-row">
        {[undefined, ...returnStates].map((state) => (
          <Link
            key={state ?? 'all'}
            to={returnsHref({ state, page: 1 })}
            className={tabClass(filters.state === state)}
            aria-current={filters.state === state ? 'page' : undefined}
          >
            {state ? t(`states.${state}`) : t('list.all')}
          </Link>
        ))}
      </nav>
      <Card className="overflow-hidden !p-0">
        <div aria-live="polite">
          <DataTable
            label={t('title')}
            columns={columns}
            data={data?.items}
            getRowId={rowId}
            empty={filters.state ? t('list.emptyState') : t('list.empty')}
            failed={isError && !data && { message: t('list.loadFailed'), retryLabel: t('list.retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: data.total, pageSize: RETURNS_PAGE_SIZE, exact: data.totalExact }}
            card={(r) => <ReturnRowCard r={r} />}
            onRowClick={(r) => void navigate(`/admin/returns/${r.id}`)}
            bleed
          />
        </div>
      </Card>
    </AdminPage>
  );
}
