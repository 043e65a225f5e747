import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { columnHelper, DataTable, useTableParams } from '../../components/data-table';
import { Card } from '../admin';
import type { ImportRow, ImportView } from '../../../shared/schemas/product-import';
import { IMPORT_ROWS_PAGE, useGetImportRowsQuery } from './api';
import { useImportNumber, useIssueText, useOutcomeText } from './format';
import { isolate } from '../../../shared/domain/bidi';

const col = columnHelper<ImportRow>();
const rowId = (r: ImportRow) => String(r.id);
/** A long text (a description) is cut in the list; the preview shows that it changes, not all of it. */
const cut = (v: string | string[] | null, empty: string) => {
  const text = Array.isArray(v) ? v.join('; ') : (v ?? '');
  if (!text) return empty;
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** What a row of the list says besides its SKU and name: its refusals, its changes, why it failed or which pictures were not fetched. */
function RowDetails({ row, view }: { row: ImportRow; view: ImportView }) {
  const { t } = useTranslation('admin-import');
  const issueText = useIssueText();
  const outcome = useOutcomeText();
  if (view === 'error')
    return (
      <ul className="space-y-1 text-sm text-rose">
        {row.issues.map((issue) => (
          <li key={`${issue.line}|${issue.column}|${issue.code}|${issue.value}`}>{issueText(issue)}</li>
        ))}
      </ul>
    );
  if (view === 'update')
    return (
      <ul className="space-y-1 text-sm">
        {row.changes.map((c) => (
          <li key={c.field} className="flex flex-wrap items-baseline gap-x-1.5">
            <code className="rounded bg-sand px-1 text-xs text-ink" dir="ltr">
              {c.field}
            </code>
            <span className="text-muted line-through decoration-muted/60" dir="auto">
              {cut(c.before, t('list.emptyValue'))}
            </span>
            <ArrowRight size={14} className="shrink-0 self-center text-muted rtl:rotate-180" aria-label="→" />
            <span className="font-semibold text-ink" dir="auto">
              {cut(c.after, t('list.emptyValue'))}
            </span>
          </li>
        ))}
      </ul>
    );
  if (view === 'failed') return <p className="text-sm text-rose">{outcome.failure(row)}</p>;
  if (view === 'pictures')
    return (
      <ul className="space-y-1 text-sm">
        {row.pictures.map((p) => (
          <li key={p.url}>
            <span className="break-all font-mono text-xs" dir="ltr">
              {p.url}
            </span>
            <span className="text-muted"> — {outcome.picture(p.code)}</span>
          </li>
        ))}
      </ul>
    );
  return <p className="text-sm text-muted">{view === 'create' ? t('list.newProduct') : t('list.asIs')}</p>;
}

/** The product's name, a link to it when it exists. */
function ProductName({ row }: { row: ImportRow }) {
  const { t } = useTranslation('admin-import');
  const name = row.name || t('list.noName');
  return row.productId ? (
    <Link to={`/admin/products/edit/${row.productId}`} className="font-semibold text-ink hover:underline" dir="auto">
      {name}
    </Link>
  ) : (
    <span className="font-semibold text-ink" dir="auto">
      {name}
    </span>
  );
}

/**
 * A run's lists as tabs (`?view=`, with each one's count) over one paged DataTable (`?page=`):
 * the preview's refused, updated, new and unchanged products, or the report's products not
 * imported and pictures not fetched. Rows stay in the file's order, by row number.
 */
export function ImportRows({ id, views }: { id: number; views: Array<{ view: ImportView; count: number }> }) {
  const { t } = useTranslation(['admin-import', 'translation']);
  const number = useImportNumber();
  const [params] = useSearchParams();
  const table = useTableParams();
  const shown = views.filter((v) => v.count > 0);
  const asked = params.get('view') as ImportView | null;
  const view = shown.find((v) => v.view === asked)?.view ?? shown[0]?.view;
  const { data, isFetching, isError, refetch } = useGetImportRowsQuery({ id, view: view ?? 'error', page: table.page }, { skip: !view });
  const label = view ? t(viewLabel(view)) : '';

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('line', { header: t('list.row'), meta: { className: 'tabular-nums text-muted w-16' } }),
        col.accessor('sku', {
          header: t('list.sku'),
          cell: ({ getValue }) => (
            <span className="whitespace-nowrap font-mono text-xs" dir="ltr">
              {getValue()}
            </span>
          ),
        }),
        col.accessor('name', { header: t('list.product'), cell: ({ row }) => <ProductName row={row.original} /> }),
        col.display({ id: 'details', header: t('list.details'), cell: ({ row }) => (view ? <RowDetails row={row.original} view={view} /> : null) }),
      ]),
    [t, view],
  );
  if (!view) return null;

  const hrefOf = (v: ImportView) => {
    const next = new URLSearchParams(params);
    next.set('view', v);
    next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <Card className="mt-6 overflow-hidden !p-0">
      <nav aria-label={t('preview.tabs')} className="chip-row border-b border-line/70 p-4">
        {shown.map((v) => {
          const active = v.view === view;
          return (
            <Link
              key={v.view}
              to={hrefOf(v.view)}
              replace
              aria-current={active ? 'page' : undefined}
              className={`inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors ${
                active ? 'bg-ink text-ivory' : 'bg-white text-ink ring-1 ring-line hover:ring-ink'
              }`}
            >
              {t(viewLabel(v.view))}
              <span
                className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? 'bg-honey text-ink' : v.view === 'error' || v.view === 'failed' ? 'bg-rose/10 text-rose' : 'bg-sand text-muted'}`}
              >
                {number(v.count)}
              </span>
            </Link>
          );
        })}
      </nav>
      <DataTable
        label={label}
        columns={columns}
        data={data?.items}
        getRowId={rowId}
        empty={t('list.empty')}
        failed={isError && !data && { message: t('list.loadFailed'), onRetry: () => void refetch() }}
        fetching={isFetching}
        params={table}
        paging={data && { total: data.total, pageSize: IMPORT_ROWS_PAGE }}
        card={(r) => (
          <div className="min-w-0 flex-1 px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
              <span>{t('list.rowSku', { line: r.line, sku: isolate(r.sku) })}</span>
            </p>
            <ProductName row={r} />
            <div className="mt-1.5">
              <RowDetails row={r} view={view} />
            </div>
          </div>
        )}
        bleed
      />
    </Card>
  );
}

function viewLabel(view: ImportView) {
  return keyIn('admin-import:views', view);
}
