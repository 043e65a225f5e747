import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { AdminPage, Card, EmptyState, tableClass } from '../admin';
import { showToast } from '../../components/ui/toast';
import type { AdminCategory } from '../../../shared/schemas/admin-product';
import { ConfirmDialog, failureOf, previewOf, useDeleteAdminCategoryMutation, useErrorText, useGetAdminCategoriesQuery } from '../admin-products';

type Lng = 'en' | 'ar' | 'fr' | 'de';

function Tile({ image }: { image: string | null }) {
  return image ? (
    <img src={previewOf(image, 'category')} alt="" width={48} height={64} loading="lazy" className="h-14 w-11 shrink-0 rounded-lg bg-sand object-cover" />
  ) : (
    <span className="flex h-14 w-11 shrink-0 items-center justify-center rounded-lg bg-sand text-muted">
      <ImageOff size={16} aria-hidden="true" />
    </span>
  );
}

/** Categories with their product counts; deleting a used one asks where its products go. */
export default function CategoriesPage() {
  const { t, i18n } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const { data, isError, refetch } = useGetAdminCategoriesQuery();
  const [remove, removeState] = useDeleteAdminCategoryMutation();
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const items = data?.items ?? [];
  const label = (c: AdminCategory) => (i18n.language !== 'en' && c.name[i18n.language as Lng]) || c.name.en;

  const ask = (c: AdminCategory) => {
    setMoveTo('');
    setToDelete(c);
  };
  const confirm = async () => {
    if (!toDelete) return;
    try {
      await remove({ id: toDelete.id, moveTo: toDelete.productCount > 0 ? Number(moveTo) : undefined }).unwrap();
      showToast('success', t('categories.deleted', { name: label(toDelete) }));
      setToDelete(null);
    } catch (e) {
      const failure = failureOf(e);
      // Products were added meanwhile: refresh the count so the dialog asks where they go.
      if (failure.code === 'category_in_use') {
        const fresh = (await refetch()).data?.items.find((c) => c.id === toDelete.id);
        if (fresh) setToDelete(fresh);
      }
      showToast('error', errorText(failure.code) ?? '');
    }
  };
  const used = toDelete !== null && toDelete.productCount > 0;

  return (
    <AdminPage
      title={t('titles.categories')}
      subtitle={data ? t('categories.count', { count: items.length }) : undefined}
      actions={
        <Link to="/admin/categories/add" className="btn btn-primary h-10 px-4 py-0 text-sm">
          <Plus size={16} aria-hidden="true" />
          {t('categories.add')}
        </Link>
      }
    >
      <Card>
        {isError ? (
          <EmptyState>
            {ta('common.loadFailed')}{' '}
            <button type="button" onClick={() => void refetch()} className="font-semibold text-ink underline">
              {ta('common.retry')}
            </button>
          </EmptyState>
        ) : !data ? (
          <p className="p-8 text-center text-sm text-muted">{ta('common.loading')}</p>
        ) : items.length === 0 ? (
          <EmptyState>{t('categories.empty')}</EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto md:block">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th>{t('categories.category')}</th>
                    <th>{t('categories.slug')}</th>
                    <th>{t('categories.products')}</th>
                    <th>{t('categories.order')}</th>
                    <th className="text-end">
                      <span className="sr-only">{ta('common.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <div className="flex items-center gap-3">
                          <Tile image={c.image} />
                          <div>
                            <Link to={`/admin/categories/edit/${c.id}`} className="font-semibold text-ink hover:underline">
                              {label(c)}
                            </Link>
                            <p lang={i18n.language === 'ar' ? 'en' : 'ar'} className="text-xs text-muted">
                              {i18n.language === 'ar' ? c.name.en : c.name.ar}
                            </p>
                          </div>
                        </div>
                      </td>
                      <td className="font-mono text-xs text-muted">{c.slug}</td>
                      <td className="tabular-nums">
                        <Link to={`/admin/products?category=${c.id}`} className="font-semibold hover:underline">
                          {c.productCount}
                        </Link>
                      </td>
                      <td className="tabular-nums text-muted">{c.sortOrder}</td>
                      <td className="text-end">
                        <div className="inline-flex gap-1">
                          <Link
                            to={`/admin/categories/edit/${c.id}`}
                            className="rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
                            aria-label={t('categories.editOne', { name: label(c) })}
                          >
                            <Pencil size={16} aria-hidden="true" />
                          </Link>
                          <button
                            type="button"
                            onClick={() => ask(c)}
                            className="rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
                            aria-label={t('categories.deleteOne', { name: label(c) })}
                          >
                            <Trash2 size={16} aria-hidden="true" />
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="divide-y divide-line/70 md:hidden">
              {items.map((c) => (
                <li key={c.id} className="flex items-center gap-3 py-3">
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
                  <button
                    type="button"
                    onClick={() => ask(c)}
                    className="rounded-full p-2 text-muted hover:bg-rose/10 hover:text-rose"
                    aria-label={t('categories.deleteOne', { name: label(c) })}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('categories.deleteTitle', { name: toDelete ? label(toDelete) : '' })}
        confirmLabel={used ? t('categories.moveAndDelete') : ta('common.delete')}
        busy={removeState.isLoading}
        confirmDisabled={used && !moveTo}
        onConfirm={() => void confirm()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete &&
          (used ? (
            <div className="grid gap-3">
              <p>{t('categories.inUse', { count: toDelete.productCount })}</p>
              <label className="grid gap-1.5 text-sm font-semibold text-ink">
                {t('categories.moveTo')}
                <select value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className="field text-sm font-normal">
                  <option value="">{t('categories.chooseCategory')}</option>
                  {items
                    .filter((c) => c.id !== toDelete.id)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {label(c)}
                      </option>
                    ))}
                </select>
              </label>
            </div>
          ) : (
            <p>{t('categories.deleteBody')}</p>
          ))}
      </ConfirmDialog>
    </AdminPage>
  );
}
