import type { ReactNode } from 'react';
import type { CellContext, HeaderContext, RowData } from '@tanstack/react-table';
import type { DataTableFeatures, DataTableInstance } from './features';
import { SelectAll, SelectRow } from './select-boxes';
import { SortButton } from './sorting';

const listTable =
  'w-full min-w-[640px] border-collapse text-sm [&_thead_th]:bg-sand/60 [&_thead_th]:px-3 [&_thead_th]:py-2.5 [&_thead_th]:text-start [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:uppercase [&_thead_th]:tracking-wide [&_thead_th]:text-muted [&_tbody>tr>*]:border-t [&_tbody>tr>*]:border-line/70 [&_tbody>tr>*]:px-3 [&_tbody>tr>*]:py-3 [&_tbody_tr:hover]:bg-ivory';
const gridTable =
  'w-full border-collapse text-sm [&_thead_tr]:bg-sand/60 [&_thead_th]:px-3 [&_thead_th]:py-2 [&_thead_th]:text-start [&_thead_th]:text-xs [&_thead_th]:font-semibold [&_thead_th]:text-muted [&_tbody_tr]:border-t [&_tbody_tr]:border-line/70';

/** Renders a header or cell template as a plain call, so a cell's inputs keep focus across renders. */
function render<C>(template: unknown, context: C): ReactNode {
  return typeof template === 'function' ? (template as (c: C) => ReactNode)(context) : (template as ReactNode);
}

/** The `<table>` itself: caption, column headers (sort buttons where a column sorts), rows. */
export function TableView<T extends RowData>({
  table,
  label,
  selection,
  sortable,
  variant,
  onRowClick,
  className,
}: {
  table: DataTableInstance<T>;
  label: string;
  selection?: { allLabel: string; rowLabel: (row: T) => string };
  /** Headers may sort (the page gave URL state to write the sort to). */
  sortable: boolean;
  variant: 'list' | 'grid';
  onRowClick?: (row: T) => void;
  className: string;
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className={variant === 'grid' ? gridTable : listTable}>
        <caption className="sr-only">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col" className="w-10">
                  <SelectAll table={table} label={selection.allLabel} />
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
                    ) : column.getCanSort() && sortable ? (
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
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={`${row.getIsSelected() ? 'bg-sand/40' : ''} ${onRowClick ? 'cursor-pointer' : ''}`}
              onClick={onRowClick && (() => onRowClick(row.original))}
            >
              {selection && (
                <td>
                  <SelectRow row={row} label={selection.rowLabel(row.original)} />
                </td>
              )}
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const content = render<CellContext<DataTableFeatures, T, unknown>>(cell.column.columnDef.cell ?? cell.getValue(), cell.getContext());
                const cellClass = `${meta?.align === 'end' ? 'text-end' : ''} ${meta?.className ?? ''}`;
                return meta?.rowHeader ? (
                  <th key={cell.id} scope="row" className={cellClass}>
                    {content}
                  </th>
                ) : (
                  <td key={cell.id} className={cellClass}>
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
}

/** The rows as a list of cards (a phone, or a narrow pane), with the same labelled checkboxes. */
export function CardList<T extends RowData>({
  table,
  label,
  selection,
  card,
  className,
}: {
  table: DataTableInstance<T>;
  label: string;
  selection?: { allLabel: string; rowLabel: (row: T) => string };
  card: (row: T) => ReactNode;
  className: string;
}) {
  return (
    <div className={className}>
      {selection && (
        <label className="mb-2 flex items-center gap-2 px-1 text-xs font-semibold text-muted">
          <SelectAll table={table} />
          {selection.allLabel}
        </label>
      )}
      <ul aria-label={label} className="divide-y divide-line/70">
        {table.getRowModel().rows.map((row) =>
          selection ? (
            <li key={row.id} className="flex items-start gap-3 py-3">
              <SelectRow row={row} label={selection.rowLabel(row.original)} className="mt-4 shrink-0" />
              {card(row.original)}
            </li>
          ) : (
            <li key={row.id}>{card(row.original)}</li>
          ),
        )}
      </ul>
    </div>
  );
}
