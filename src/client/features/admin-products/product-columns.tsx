import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { columnHelper } from '../../components/data-table';
import type { AdminProductRow } from '../../../shared/schemas/admin-product';
import { Price, StockBadge, Thumb, VisibilityBadge } from './product-list-parts';

const col = columnHelper<AdminProductRow>();

/**
 * The product list's columns. Sortable ones name the API's `sort` values, so a header click
 * asks the server for the whole catalogue in that order (the same values as the sort menu).
 */
export function useProductColumns(onDelete: (p: AdminProductRow) => void) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  return useMemo(
    () =>
      col.columns([
        col.accessor('name', {
          header: t('list.product'),
          enableSorting: true,
          meta: { sortValues: { asc: 'name' } },
          cell: ({ row: { original: p } }) => (
            <div className="flex items-center gap-3">
              <Thumb src={p.thumbnail} />
              <div className="min-w-0">
                <Link to={`/admin/products/edit/${p.id}`} className="font-semibold text-ink hover:underline">
                  {p.name}
                </Link>
                <p className="truncate text-xs text-muted">{p.categories.join(' · ')}</p>
              </div>
            </div>
          ),
        }),
        col.accessor('sku', { header: t('list.sku'), meta: { className: 'font-mono text-xs text-muted' } }),
        col.accessor('price', {
          header: t('list.price'),
          enableSorting: true,
          meta: { sortValues: { asc: 'price_asc', desc: 'price_desc' } },
          cell: ({ row }) => <Price p={row.original} />,
        }),
        col.accessor('stock', {
          header: t('list.stock'),
          enableSorting: true,
          meta: { sortValues: { asc: 'stock_asc' } },
          cell: ({ getValue, row }) => <StockBadge stock={getValue()} waiting={row.original.waiting} />,
        }),
        col.accessor('visible', { header: t('list.status'), cell: ({ getValue }) => <VisibilityBadge visible={getValue()} /> }),
        col.display({
          id: 'actions',
          header: ta('common.actions'),
          meta: { srOnlyHeader: true, align: 'end' },
          cell: ({ row: { original: p } }) => (
            <div className="inline-flex gap-1">
              <Link
                to={`/admin/products/edit/${p.id}`}
                className="rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
                aria-label={t('list.editOne', { name: p.name })}
              >
                <Pencil size={16} aria-hidden="true" />
              </Link>
              <button
                type="button"
                onClick={() => onDelete(p)}
                className="rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
                aria-label={t('list.deleteOne', { name: p.name })}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </div>
          ),
        }),
      ]),
    [t, ta, onDelete],
  );
}
