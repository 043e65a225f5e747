export { DataTable, type DataTableProps, type DataTableSelection } from './data-table';
export { columnHelper, dataTableFeatures, type DataColumn, type DataColumnMeta, type DataTableFeatures } from './features';
export { useTableParams, type TableParams } from './use-table-params';
export { EmptyState, Pager, TableFailed, TableLoading } from './states';
export type { RowSelectionState } from '@tanstack/react-table';
