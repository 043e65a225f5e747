import { useMemo, type ReactNode } from 'react';
import {
  functionalUpdate,
  useTable,
  type CellContext,
  type Column,
  type HeaderContext,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { dataTableFeatures, type DataColumn, type DataTableFeatures } from './features';
import { EmptyState, Pager, TableFailed, TableLoading } from './states';
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
  /** Server pages: the API's `total` and `pageSize`; a pager links to the others. */
  paging?: { total: number; pageSize: number };
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
  /** Rows that stand out (the open message, a selected product): extra classes. */
  rowClassName?: (row: T) => string;
}

const listTable =
  'w-full min-w-[640px] border-collapse text-sm [&_thead_th]:bg-sand/60 [&_thead_th]:px-3 [&_thead_th]:py-2.5 [&_thead_th]:text-start [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:uppercase [&_thead_th]:tracking-wide [&_thead_th]:text-muted [&_tbody>tr>*]:border-t [&_tbody>tr>*]:border-line/70 [&_tbody>tr>*]:px-3 [&_tbody>tr>*]:py-3 [&_tbody_tr:hover]:bg-ivory';
const gridTable =
  'w-full border-collapse text-sm [&_thead_tr]:bg-sand/60 [&_thead_th]:px-3 [&_thead_th]:py-2 [&_thead_th]:text-start [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:text-muted [&_tbody_tr]:border-t [&_tbody_tr]:border-line/70';
const checkbox = 'h-4 w-4 accent-ink';

/** Renders a header or cell template as a plain call, so a cell's inputs keep focus across renders. */
function render<C>(template: unknown, context: C): ReactNode {
  return typeof template === 'function' ? (template as (c: C) => ReactNode)(context) : (template as ReactNode);
}

/** The URL value of a column's sort in one direction (undefined: the column does not sort that way). */
function sortValue<T extends RowData>(column: DataColumn<T> | Column<DataTableFeatures, T>, desc: boolean): string | undefined {
  const def = 'columnDef' in column ? column.columnDef : column;
  const values = def.meta?.sortValues;
  const id = 'columnDef' in column ? column.id : (def.id ?? ('accessorKey' in def ? String(def.accessorKey) : undefined));
  if (values) return desc ? values.desc : values.asc;
  return id && (desc ? `-${id}` : id);
}

/** The URL's sort as the table's sorting state: the column (and direction) whose value it is. */
function sortingFromParam<T extends RowData>(columns: DataColumn<T>[], sort: string): SortingState {
  for (const column of columns) {
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : undefined);
    if (!id) continue;
    if (sortValue(column, false) === sort) return [{ id, desc: false }];
    if (sortValue(column, true) === sort) return [{ id, desc: true }];
  }
  return [];
}

function SortButton<T extends RowData>({ column, children }: { column: Column<DataTableFeatures, T>; children: ReactNode }) {
  const sorted = column.getIsSorted();
  const canAsc = sortValue(column, false) !== undefined;
  const canDesc = sortValue(column, true) !== undefined;
  // One click walks the directions this column offers, then back to the list's default order.
  const next = () => {
    if (!sorted) column.toggleSorting(!canAsc, false);
    else if (sorted === 'asc' && canDesc) column.toggleSorting(true, false);
    else column.clearSorting();
  };
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <button type="button" onClick={next} className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-ink">
      {children}
      <Icon size={13} aria-hidden="true" className={sorted ? 'text-ink' : 'opacity-50'} />
    </button>
  );
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
    rowClassName,
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

  const pageRows = table.getRowModel().rows;
  const allSelected = table.getIsAllPageRowsSelected();
  const someSelected = table.getIsSomePageRowsSelected();
  const selectAll = (extra = '') => (
    <input
      type="checkbox"
      checked={allSelected}
      ref={(el) => {
        if (el) el.indeterminate = someSelected && !allSelected;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      aria-label={selection?.allLabel}
      className={`${checkbox} ${extra}`}
    />
  );
  const selectOne = (row: (typeof pageRows)[number], extra = '') => (
    <input
      type="checkbox"
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
      aria-label={selection?.rowLabel(row.original)}
      className={`${checkbox} ${extra}`}
    />
  );

  const cards = card && (
    <div className={layout === 'cards' ? '' : 'md:hidden'}>
      {selection && (
        <label className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold text-muted">
          {selectAll()}
          {selection.allLabel}
        </label>
      )}
      <ul aria-label={label} className="divide-y divide-line/70">
        {pageRows.map((row) =>
          selection ? (
            <li key={row.id} className="flex items-start gap-3 py-3">
              {selectOne(row, 'mt-4 shrink-0')}
              {card(row.original)}
            </li>
          ) : (
            <li key={row.id}>{card(row.original)}</li>
          ),
        )}
      </ul>
    </div>
  );

  const tableView = layout === 'table' && (
    <div className={`overflow-x-auto ${card ? 'hidden md:block' : ''} ${scrollClassName}`}>
      <table className={variant === 'grid' ? gridTable : listTable}>
        <caption className="sr-only">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col" className="w-10">
                  {selectAll()}
                </th>
              )}
              {group.headers.map((header) => {
                const { column } = header;
                const meta = column.columnDef.meta;
                const sorted = column.getIsSorted();
                const content = render<HeaderContext<DataTableFeatures, T, unknown>>(column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : column.getCanSort() ? 'none' : undefined}
                    className={`${meta?.align === 'end' ? '!text-end' : ''} ${meta?.headerClassName ?? meta?.className ?? ''}`}
                  >
                    {meta?.srOnlyHeader ? (
                      <span className="sr-only">{content}</span>
                    ) : column.getCanSort() && params ? (
                      <SortButton column={column}>{content}</SortButton>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {pageRows.map((row) => (
            <tr
              key={row.id}
              className={`${row.getIsSelected() ? 'bg-sand/40' : ''} ${onRowClick ? 'cursor-pointer' : ''} ${rowClassName?.(row.original) ?? ''}`}
              onClick={onRowClick && (() => onRowClick(row.original))}
            >
              {selection && <td>{selectOne(row)}</td>}
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const content = render<CellContext<DataTableFeatures, T, unknown>>(cell.column.columnDef.cell ?? cell.getValue(), cell.getContext());
                const className = `${meta?.align === 'end' ? 'text-end' : ''} ${meta?.className ?? ''}`;
                return meta?.rowHeader ? (
                  <th key={cell.id} scope="row" className={className}>
                    {content}
                  </th>
                ) : (
                  <td key={cell.id} className={className}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div aria-busy={fetching}>
      <div className={fetching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        {tableView}
        {cards}
      </div>
      {paging && params && (
        <Pager page={params.page} pages={table.getPageCount()} total={paging.total} href={params.pageHref} className={bleed ? 'px-4 pb-4' : ''} />
      )}
    </div>
  );
}
