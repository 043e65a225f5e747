import { useTranslation } from '../../app/i18n-view';
import type { ProductLanguage } from '../../../shared/schemas/admin-product';
import { useGetAdminCategoriesQuery } from './api';

/**
 * The shop's categories as checkboxes, each named in the admin's language (English where it has
 * none), the chosen ones marked: the product form's categories, an offer's scope and a bulk edit's
 * categories. `id` goes on the first box (the field's label and error point at it).
 */
export function CategoryChecklist({
  id,
  value,
  onChange,
  invalid = false,
  className = 'grid gap-1.5',
}: {
  id: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  invalid?: boolean;
  /** The list's layout (columns, height). */
  className?: string;
}) {
  const { i18n } = useTranslation();
  const { data: cats } = useGetAdminCategoriesQuery();
  return (
    <div className={className}>
      {(cats?.items ?? []).map((c, i) => {
        const checked = value.includes(c.id);
        return (
          <label
            key={c.id}
            className={`flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-sm transition-colors ${checked ? 'border-ink bg-sand/50' : 'border-line hover:border-ink/50'}`}
          >
            <input
              id={i === 0 ? id : undefined}
              type="checkbox"
              checked={checked}
              aria-invalid={invalid || undefined}
              onChange={() => onChange(checked ? value.filter((x) => x !== c.id) : [...value, c.id])}
              className="h-4 w-4 accent-ink"
            />
            {(i18n.language !== 'en' && c.name[i18n.language as ProductLanguage]) || c.name.en}
          </label>
        );
      })}
    </div>
  );
}
