import type { ReactNode } from 'react';
import type { Column, RowData, SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { DataColumn, DataTableFeatures } from './features';

/** The URL value of a column's sort in one direction (undefined: the column does not sort that way). */
export function sortValue<T extends RowData>(column: DataColumn<T> | Column<DataTableFeatures, T>, desc: boolean): string | undefined {
  const def = 'columnDef' in column ? column.columnDef : column;
  const values = def.meta?.sortValues;
  const id = 'columnDef' in column ? column.id : (def.id ?? ('accessorKey' in def ? String(def.accessorKey) : undefined));
  if (values) return desc ? values.desc : values.asc;
  return id && (desc ? `-${id}` : id);
}

/** The URL's sort as the table's sorting state: the column (and direction) whose value it is. */
export function sortingFromParam<T extends RowData>(columns: DataColumn<T>[], sort: string): SortingState {
  for (const column of columns) {
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : undefined);
    if (!id) continue;
    if (sortValue(column, false) === sort) return [{ id, desc: false }];
    if (sortValue(column, true) === sort) return [{ id, desc: true }];
  }
  return [];
}

/** A header's sort button; the header cell around it carries `aria-sort`. */
export function SortButton<T extends RowData>({ column, children }: { column: Column<DataTableFeatures, T>; children: ReactNode }) {
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
