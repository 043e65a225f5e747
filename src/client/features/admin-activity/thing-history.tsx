import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ChevronDown, History as HistoryIcon } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { columnHelper, DataTable, type TableParams } from '../../components/data-table';
import type { ActivityEntry } from '../../../shared/schemas/audit';
import { Card } from '../admin';
import { useGetHistoryQuery, type HistoryArgs } from './api';
import { ActivityCard } from './activity-entry';

const col = columnHelper<ActivityEntry>();
const columns = col.columns([col.accessor('at', {}), col.accessor('action', {})]);
const entryId = (e: ActivityEntry) => String(e.id);
/** The URL's parameter of the history's page, beside the page's own. */
const PAGE_PARAM = 'history';

/**
 * The page of the history kept in the URL (`?history=2`), with the pager's links: the DataTable's
 * page parameters under another name, so the page's own stay as they are.
 */
function useHistoryParams(): TableParams {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const raw = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  return useMemo(
    () => ({
      page,
      sort: '',
      setSort: () => undefined,
      pageHref: (p: number) => {
        const next = new URLSearchParams(params);
        if (p > 1) next.set(PAGE_PARAM, String(p));
        else next.delete(PAGE_PARAM);
        const qs = next.toString();
        return `${pathname}${qs ? `?${qs}` : ''}#history`;
      },
    }),
    [page, params, pathname],
  );
}

function HistoryList({ of, id, version }: Omit<HistoryArgs, 'page'> & { version: string }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const table = useHistoryParams();
  const { data, isFetching, isError, refetch } = useGetHistoryQuery({ of, id, page: table.page, version });
  return (
    <div className="border-t border-line/70" aria-live="polite">
      <DataTable
        label={t('activity.history')}
        columns={columns}
        data={data?.items}
        getRowId={entryId}
        empty={t('activity.historyEmpty')}
        failed={isError && !data && { message: t('admin:common.loadFailed'), retryLabel: t('admin:common.retry'), onRetry: () => void refetch() }}
        fetching={isFetching}
        params={table}
        paging={data && { total: data.total, pageSize: data.pageSize, exact: data.totalExact }}
        layout="cards"
        card={(e) => <ActivityCard entry={e} withAddress={false} withSubject={false} />}
        bleed
      />
    </div>
  );
}

/**
 * A product's or an order's own History (issue 32): every admin change of it, newest first, as the
 * activity page shows its entries. Closed at first; opened, it reads the log (and again when
 * `version` moves: the thing was saved or moved meanwhile). Opened by a link to `#history` or a
 * history page in the URL.
 */
export function ThingHistory({ of, id, version }: Omit<HistoryArgs, 'page'> & { version: string }) {
  const { t } = useTranslation('admin-staff');
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const [open, setOpen] = useState(() => hash === '#history' || params.has(PAGE_PARAM));
  return (
    <Card className="!p-0 overflow-hidden print:hidden">
      <section id="history" aria-labelledby="history-title" className="scroll-mt-20">
        <h2 id="history-title" className="text-base font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="history-body"
            onClick={() => setOpen((v) => !v)}
            className="flex w-full items-center gap-3 px-5 py-4 text-start hover:bg-ivory"
          >
            <HistoryIcon size={18} aria-hidden="true" className="text-muted" />
            <span className="flex-1">
              <span className="block">{t('activity.history')}</span>
              <span className="block text-xs font-normal text-muted">{t('activity.historyLead')}</span>
            </span>
            <ChevronDown size={18} aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
        </h2>
        <div id="history-body" hidden={!open}>
          {open && <HistoryList of={of} id={id} version={version} />}
        </div>
      </section>
    </Card>
  );
}
