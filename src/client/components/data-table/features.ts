import {
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type ReactTable,
  type RowData,
} from '@tanstack/react-table';

/** What a column may say about its own cells, beyond what the table library knows. */
export interface DataColumnMeta {
  /** Classes of the column's `<td>` (and its `<th>` unless `headerClassName` is set). */
  className?: string;
  headerClassName?: string;
  /** Numbers and money: header and cells end-aligned. */
  align?: 'end';
  /** The header is read by screen readers only (an actions column). */
  srOnlyHeader?: boolean;
  /** The cells are `<th scope="row">`: they name their row (a grid's first column). */
  rowHeader?: boolean;
  /**
   * The URL's `sort` value for each direction this column sorts in, when the server sorts
   * (`{ asc: 'price_asc', desc: 'price_desc' }`). A missing direction is skipped. Without it, a
   * sortable column writes its id (`name`, `-name` descending).
   */
  sortValues?: { asc?: string; desc?: string };
}

/**
 * The one set of table features every admin list uses: sorting (client or server), row
 * selection and pages. Registered once so every table has the same APIs and the same bundle.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, text: sortFn_text },
  rowSelectionFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/** A column of a DataTable over rows of type `T`; cells are plain render functions (no hooks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** Typed column builders for rows of type `T`: `const col = columnHelper<Order>()`. */
export const columnHelper = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();

/** The table instance a DataTable builds (rows of type `T`). */
export type DataTableInstance<T extends RowData> = ReactTable<DataTableFeatures, T>;
