import type { Row, RowData } from '@tanstack/react-table';
import type { DataTableFeatures, DataTableInstance } from './features';

const checkbox = 'h-4 w-4 accent-ink';

/** Selects or clears every row on the page; shows "some" (indeterminate) when only part is chosen. */
export function SelectAll<T extends RowData>({ table, label, className = '' }: { table: DataTableInstance<T>; label?: string; className?: string }) {
  const all = table.getIsAllPageRowsSelected();
  const some = table.getIsSomePageRowsSelected();
  return (
    <input
      type="checkbox"
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some && !all;
      }}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      aria-label={label}
      className={`${checkbox} ${className}`}
    />
  );
}

/** One row's checkbox, named after the row ("Select Oud candle"); Shift-click selects a range. */
export function SelectRow<T extends RowData>({ row, label, className = '' }: { row: Row<DataTableFeatures, T>; label: string; className?: string }) {
  return (
    <input type="checkbox" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} aria-label={label} className={`${checkbox} ${className}`} />
  );
}
