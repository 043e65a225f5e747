import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Download, Plus, Upload } from 'lucide-react';
import { AdminPage, useCan } from '../admin';
import { DataTable, useTableParams, type RowSelectionState } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import { MAX_BULK_PRODUCTS, type AdminProductFilter, type AdminProductRow } from '../../../shared/schemas/admin-product';
import { failureOf, useDeleteAdminProductMutation, useGetAdminProductsQuery } from './api';
import { BulkEditDialog, type BulkTarget } from './bulk-edit-dialog';
import type { BulkForm } from './bulk-edit-form';
import { ConfirmDialog } from './confirm-dialog';
import { useErrorText } from './use-error-text';
import { useProductColumns } from './product-columns';
import { BulkBar, ProductFilters, type ProductFilterValues } from './product-filters';
import { ProductCard } from './product-list-parts';

const PAGE_SIZE = 20;
const productId = (p: AdminProductRow) => String(p.id);

/** The list's filters as a bulk edit's selection of "every product matching" (decision 041). */
function filterOf(values: ProductFilterValues): AdminProductFilter {
  const filter: AdminProductFilter = {};
  if (values.q) filter.q = values.q;
  if (values.category) filter.category = Number(values.category);
  if (values.stock) filter.stock = values.stock as AdminProductFilter['stock'];
  if (values.status) filter.status = values.status as AdminProductFilter['status'];
  return filter;
}

/** The merchant's product list: filters, sort and page in the URL; bulk edit of the selection or of every match; delete. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const canWrite = useCan('catalogue.write');
  const [params, setParams] = useSearchParams();
  const table = useTableParams({ defaultSort: 'newest' });
  const filters: ProductFilterValues = {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    stock: params.get('stock') ?? '',
    status: params.get('status') ?? '',
    sort: table.sort,
  };
  const { data, isFetching, isError, refetch } = useGetAdminProductsQuery({ ...filters, page: table.page, pageSize: PAGE_SIZE, lng: i18n.language });
  const [remove, removeState] = useDeleteAdminProductMutation();
  const [selected, setSelected] = useState<RowSelectionState>({});
  // Every product the filters match, beyond this page ("Select all 240 …").
  const [allMatching, setAllMatching] = useState(false);
  const [bulkTarget, setBulkTarget] = useState<BulkTarget | null>(null);
  const [bulkStart, setBulkStart] = useState<Partial<BulkForm> | undefined>();
  const [toDelete, setToDelete] = useState<AdminProductRow | null>(null);
  const columns = useProductColumns(setToDelete);
  const selectedIds = Object.keys(selected).map(Number);

  // A new page or filter starts with nothing selected.
  useEffect(() => {
    setSelected({});
    setAllMatching(false);
  }, [params]);

  const update = (changes: Partial<ProductFilterValues>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && !(key === 'sort' && value === 'newest')) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  };

  const select = (next: RowSelectionState) => {
    setSelected(next);
    setAllMatching(false);
  };
  const clearSelection = () => select({});
  const openBulk = (start?: Partial<BulkForm>) => {
    if (!data) return;
    const target: BulkTarget = allMatching
      ? { selection: { filter: filterOf(filters) }, count: data.total, rows: data.items }
      : { selection: { ids: selectedIds }, count: selectedIds.length, rows: data.items.filter((p) => selected[String(p.id)]) };
    setBulkStart(start);
    setBulkTarget(target);
  };
  const pageAllSelected = Boolean(data?.items.length) && data!.items.every((p) => selected[String(p.id)]);
  const matchingState = allMatching
    ? 'all'
    : !pageAllSelected || !data || data.total <= data.items.length
      ? 'none'
      : data.total > MAX_BULK_PRODUCTS
        ? 'too_many'
        : 'offer';
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      showToast('success', t('list.deleted', { name: toDelete.name }));
      setToDelete(null);
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? '');
    }
  };
  const filtered = Boolean(filters.q || filters.category || filters.stock || filters.status);
  const selectionOn = canWrite && (selectedIds.length > 0 || allMatching);

  return (
    <AdminPage
      title={t('titles.products')}
      subtitle={data ? t('list.count', { count: data.total }) : undefined}
      actions={
        <>
          <a href="/api/admin/products.csv" download className="btn btn-ghost h-10 px-4 py-0 text-sm">
            <Download size={16} aria-hidden="true" />
            {ta('common.exportCsv')}
          </a>
          {canWrite && (
            <Link to="/admin/products/import" className="btn btn-ghost h-10 px-4 py-0 text-sm">
              <Upload size={16} aria-hidden="true" />
              {ta('common.importCsv')}
            </Link>
          )}
          <Link to="/admin/products/add" className="btn btn-primary h-10 px-4 py-0 text-sm">
            <Plus size={16} aria-hidden="true" />
            {t('list.add')}
          </Link>
        </>
      }
    >
      <section className="rounded-2xl border border-line/70 bg-white shadow-soft">
        <ProductFilters values={filters} onChange={update} />
        {selectionOn && (
          <BulkBar
            count={selectedIds.length}
            matching={{ state: matchingState, total: data?.total ?? 0, filtered }}
            onSelectMatching={() => setAllMatching(true)}
            onEdit={() => openBulk()}
            onVisibility={(visible) => openBulk({ visibility: visible ? 'show' : 'hide' })}
            onClear={clearSelection}
          />
        )}
        <div className="p-4">
          <DataTable
            label={t('titles.products')}
            columns={columns}
            data={data?.items}
            getRowId={productId}
            empty={filtered ? t('list.noMatch') : t('list.empty')}
            failed={isError && { onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            sorting="server"
            paging={data && { total: data.total, pageSize: data.pageSize }}
            selection={
              canWrite ? { selected, onChange: select, allLabel: t('list.selectAll'), rowLabel: (p) => t('list.selectOne', { name: p.name }) } : undefined
            }
            card={(p) => <ProductCard p={p} onDelete={setToDelete} />}
          />
        </div>
      </section>

      <BulkEditDialog
        target={bulkTarget}
        start={bulkStart}
        onClose={() => setBulkTarget(null)}
        onDone={() => {
          setBulkTarget(null);
          clearSelection();
        }}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title={t('list.deleteTitle')}
        confirmLabel={ta('common.delete')}
        busy={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && t('list.deleteBody', { name: toDelete.name })}
      </ConfirmDialog>
    </AdminPage>
  );
}
