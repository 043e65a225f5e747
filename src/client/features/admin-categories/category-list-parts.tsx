import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ImageOff, Pencil, Trash2 } from 'lucide-react';
import { columnHelper } from '../../components/data-table';
import type { AdminCategory } from '../../../shared/schemas/admin-product';
import { previewOf } from '../admin-products';
import { IconButton } from '../admin';

type Lng = 'en' | 'ar' | 'fr' | 'de';

/** A category's name in the admin's language (English when it has none). */
export function useCategoryLabel() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return useMemo(() => (c: AdminCategory) => (lng !== 'en' && c.name[lng as Lng]) || c.name.en, [lng]);
}

export function Tile({ image }: { image: string | null }) {
  return image ? (
    <img src={previewOf(image, 'category')} alt="" width={48} height={64} loading="lazy" className="h-14 w-11 shrink-0 rounded-lg bg-sand object-cover" />
  ) : (
    <span className="flex h-14 w-11 shrink-0 items-center justify-center rounded-lg bg-sand text-muted">
      <ImageOff size={16} aria-hidden="true" />
    </span>
  );
}

const col = columnHelper<AdminCategory>();

/** The categories' columns; the whole list is loaded, so the table sorts it in the browser. */
export function useCategoryColumns(onDelete: (c: AdminCategory) => void) {
  const { t, i18n } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const label = useCategoryLabel();
  const ar = i18n.language === 'ar';
  return useMemo(
    () =>
      col.columns([
        col.accessor(label, {
          id: 'name',
          header: t('categories.category'),
          enableSorting: true,
          cell: ({ row: { original: c } }) => (
            <div className="flex items-center gap-3">
              <Tile image={c.image} />
              <div>
                <Link to={`/admin/categories/edit/${c.id}`} className="font-semibold text-ink hover:underline">
                  {label(c)}
                </Link>
                <p lang={ar ? 'en' : 'ar'} className="text-xs text-muted">
                  {ar ? c.name.en : c.name.ar}
                </p>
              </div>
            </div>
          ),
        }),
        col.accessor('slug', { header: t('categories.slug'), meta: { className: 'font-mono text-xs text-muted' } }),
        col.accessor('productCount', {
          id: 'products',
          header: t('categories.products'),
          enableSorting: true,
          meta: { className: 'tabular-nums' },
          cell: ({ row: { original: c } }) => (
            <Link to={`/admin/products?category=${c.id}`} className="font-semibold hover:underline">
              {c.productCount}
            </Link>
          ),
        }),
        col.accessor('sortOrder', { id: 'order', header: t('categories.order'), enableSorting: true, meta: { className: 'tabular-nums text-muted' } }),
        col.display({
          id: 'actions',
          header: ta('common.actions'),
          meta: { srOnlyHeader: true, align: 'end' },
          cell: ({ row: { original: c } }) => (
            <div className="inline-flex gap-1">
              <Link
                to={`/admin/categories/edit/${c.id}`}
                className="rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
                aria-label={t('categories.editOne', { name: label(c) })}
              >
                <Pencil size={16} aria-hidden="true" />
              </Link>
              <DeleteButton name={label(c)} onClick={() => onDelete(c)} />
            </div>
          ),
        }),
      ]),
    [t, ta, label, ar, onDelete],
  );
}

/** One category as a phone card: picture, name, slug, product count and order, delete. */
export function CategoryCard({ c, onDelete }: { c: AdminCategory; onDelete: (c: AdminCategory) => void }) {
  const { t } = useTranslation('admin-catalog');
  const label = useCategoryLabel();
  return (
    <div className="flex items-center gap-3 py-3">
      <Tile image={c.image} />
      <div className="min-w-0 flex-1">
        <Link to={`/admin/categories/edit/${c.id}`} className="block font-semibold text-ink">
          {label(c)}
        </Link>
        <p className="font-mono text-[0.7rem] text-muted">{c.slug}</p>
        <p className="text-xs text-muted">
          {t('categories.productCount', { count: c.productCount })} · {t('categories.order')} {c.sortOrder}
        </p>
      </div>
      <DeleteButton name={label(c)} onClick={() => onDelete(c)} />
    </div>
  );
}

/** The delete button of a category row or card, named for screen readers. */
function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('admin-catalog');
  return (
    <IconButton
      label={t('categories.deleteOne', { name })}
      icon={<Trash2 size={16} aria-hidden="true" />}
      onClick={onClick}
      className="rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
    />
  );
}
