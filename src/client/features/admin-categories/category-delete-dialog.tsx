import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { showToast } from '../../components/ui/toast';
import type { AdminCategory } from '../../../shared/schemas/admin-product';
import { ConfirmDialog, failureOf, useDeleteAdminCategoryMutation, useErrorText } from '../admin-products';
import { useCategoryLabel } from './category-list-parts';

/**
 * Deleting a category: a used one asks where its products go. When products were added
 * meanwhile, `refresh` fetches the current count so the dialog asks again.
 */
export function CategoryDeleteDialog({
  category: toDelete,
  categories,
  onChange,
  refresh,
}: {
  category: AdminCategory | null;
  categories: AdminCategory[];
  /** `null` closes the dialog; a fresher copy of the same category keeps the destination picked. */
  onChange: (category: AdminCategory | null) => void;
  refresh: (id: number) => Promise<AdminCategory | undefined>;
}) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const label = useCategoryLabel();
  const [remove, removeState] = useDeleteAdminCategoryMutation();
  const [moveTo, setMoveTo] = useState('');
  const [askedFor, setAskedFor] = useState(toDelete?.id);
  // Another category to delete starts afresh, with no destination picked.
  if (toDelete?.id !== askedFor) {
    setAskedFor(toDelete?.id);
    setMoveTo('');
  }
  const used = toDelete !== null && toDelete.productCount > 0;

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await remove({ id: toDelete.id, moveTo: toDelete.productCount > 0 ? Number(moveTo) : undefined }).unwrap();
      showToast('success', t('categories.deleted', { name: label(toDelete) }));
      onChange(null);
    } catch (e) {
      const failure = failureOf(e);
      // Products were added meanwhile: refresh the count so the dialog asks where they go.
      if (failure.code === 'category_in_use') {
        const fresh = await refresh(toDelete.id);
        if (fresh) onChange(fresh);
      }
      showToast('error', errorText(failure.code) ?? '');
    }
  };

  return (
    <ConfirmDialog
      open={toDelete !== null}
      title={t('categories.deleteTitle', { name: toDelete ? label(toDelete) : '' })}
      confirmLabel={used ? t('categories.moveAndDelete') : ta('common.delete')}
      busy={removeState.isLoading}
      confirmDisabled={used && !moveTo}
      onConfirm={() => void confirm()}
      onCancel={() => onChange(null)}
    >
      {toDelete &&
        (used ? (
          <div className="grid gap-3">
            <p>{t('categories.inUse', { count: toDelete.productCount })}</p>
            <label className="grid gap-1.5 text-sm font-semibold text-ink">
              {t('categories.moveTo')}
              <select value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className="field text-sm font-normal">
                <option value="">{t('categories.chooseCategory')}</option>
                {categories
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
  );
}
