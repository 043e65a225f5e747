import { useMemo, type ReactNode } from 'react';
import { functionalUpdate, useTable, type RowData, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { dataTableFeatures, type DataColumn } from './features';
import { EmptyState, Pager, TableFailed, TableLoading } from './states';
import { sortingFromParam, sortValue } from './sorting';
import { CardList, TableView } from './table-view';
import type { TableParams } from './use-table-params';

export interface DataTableSelection<T extends RowData> {
  /** Selected row ids (`getRowId`), e.g. `{ '12': true }`. */
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** Name of the "select every row on this page" checkbox. */
  allLabel: string;
  /** Name of one row's checkbox ("Select Oud candle"). */
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (a caption only screen readers read). */
  label: string;
  /** Stable column definitions (`useMemo` or module scope); cells are plain render functions. */
  columns: DataColumn<T>[];
  /** The rows on screen; `undefined` while the first load runs. */
  data: T[] | undefined;
  getRowId: (row: T, index: number) => string;
  /** What an empty list says. */
  empty: ReactNode;
  /** The load failed: a message and a way to try again. */
  failed?: { message?: ReactNode; retryLabel?: ReactNode; onRetry: () => void } | false;
  /** A newer page is on its way: the rows on screen are dimmed and the region is busy. */
  fetching?: boolean;
  /** Page and sort kept in the URL (`useTableParams`); needed for sorting and paging. */
  params?: TableParams;
  /**
   * Server pages: the API's `total` and `pageSize`; a pager links to the others. `exact: false`
   * when the server stopped counting (at least `total` match): the pager says "more than".
   */
  paging?: { total: number; pageSize: number; exact?: boolean };
  /** Who orders the rows: the server (the sort is in the request) or this table. */
  sorting?: 'server' | 'client';
  /** Checkboxes on each row and one for the page. */
  selection?: DataTableSelection<T>;
  /** Phone layout: below `md` each row is this card instead of a table row. */
  card?: (row: T) => ReactNode;
  /** `cards`: rows are cards at every width (a narrow pane); `table` (default): a table, cards on phones if `card` is given. */
  layout?: 'table' | 'cards';
  /** `grid`: a compact editing grid (inputs in cells) rather than a list. */
  variant?: 'list' | 'grid';
  /** The whole row opens something (a link cell should stop the click's propagation). */
  onRowClick?: (row: T) => void;
  /** The table runs edge to edge of its card: states and pager get their own padding. */
  bleed?: boolean;
  /** Extra classes of the table's scrolling box (`-mx-5` to run it to a padded card's edges). */
  scrollClassName?: string;
}

/**
 * The one way to show an admin list: a real `<table>` (headers with `scope`, sort buttons with
 * `aria-sort`, labelled checkboxes) over `@tanstack/react-table`, with page and sort in the URL,
 * a loading, failed and empty state, and cards instead of rows on a phone.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    data,
    getRowId,
    empty,
    failed,
    fetching = false,
    params,
    paging,
    sorting,
    selection,
    card,
    layout = 'table',
    variant = 'list',
    onRowClick,
    bleed = false,
    scrollClassName = '',
  } = props;
  const rows = useMemo(() => data ?? [], [data]);
  const sortingState = useMemo(() => (params && sorting ? sortingFromParam(columns, params.sort) : []), [columns, params, sorting]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    defaultColumn: { enableSorting: false },
    manualSorting: sorting !== 'client',
    enableMultiSort: false,
    manualPagination: true,
    rowCount: paging?.total ?? rows.length,
    enableRowSelection: Boolean(selection),
    state: {
      sorting: sortingState,
      rowSelection: selection?.selected ?? {},
      pagination: { pageIndex: (params?.page ?? 1) - 1, pageSize: paging?.pageSize ?? Math.max(1, rows.length) },
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sortingState);
      const column = next && table.getColumn(next.id);
      params?.setSort((column && sortValue(column, next.desc)) || '');
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => selection?.onChange(functionalUpdate(updater, selection.selected)),
  });

  const pad = bleed ? 'p-4' : '';
  if (failed) {
    return (
      <div className={pad}>
        <TableFailed {...failed} />
      </div>
    );
  }
  if (!data) return <TableLoading />;
  if (data.length === 0) {
    return (
      <div className={pad}>
        <EmptyState>{empty}</EmptyState>
      </div>
    );
  }

  return (
    <div aria-busy={fetching}>
      <div className={fetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        {layout === 'table' && (
          <TableView
            table={table}
            label={label}
            selection={selection}
            sortable={Boolean(params)}
            variant={variant}
            onRowClick={onRowClick}
            className={`${card ? 'hidden md:block' : ''} ${scrollClassName}`}
          />
        )}
        {card && <CardList table={table} label={label} selection={selection} card={card} className={layout === 'cards' ? '' : 'md:hidden'} />}
      </div>
      {paging && params && (
        <Pager
          page={params.page}
          pages={table.getPageCount()}
          total={paging.total}
          exact={paging.exact ?? true}
          href={params.pageHref}
          className={bleed ? 'px-4 pb-4' : ''}
        />
      )}
    </div>
  );
}
