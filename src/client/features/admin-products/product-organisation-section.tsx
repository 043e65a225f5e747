import { useTranslation } from '../../app/i18n-view';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { Card } from '../admin';
import { Field, FieldError, useFieldProps } from '../../components/form';
import type { AdminProductInput } from '../../../shared/schemas/admin-product';
import { CategoryChecklist } from './category-checklist';
import { Switch } from './inventory-editor';
import { TagInput } from './tag-input';

/** The categories a product is listed under, as checkboxes. */
function CategoryChoice() {
  const { t } = useTranslation('admin-catalog');
  const { control } = useFormContext<AdminProductInput>();
  const { errors } = useFormState<AdminProductInput>();
  const { id, error } = useFieldProps('categoryIds', { error: errors.categoryIds?.message ?? errors.categoryIds?.root?.message });
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('organisation.categories')}</legend>
      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => <CategoryChecklist id={id} value={field.value} onChange={field.onChange} invalid={Boolean(error)} />}
      />
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** Categories, tags, and whether the product is shown and marked new. */
export function ProductOrganisationSection() {
  const { t } = useTranslation('admin-catalog');
  const { control } = useFormContext<AdminProductInput>();
  const { errors } = useFormState<AdminProductInput>();
  const tags = useFieldProps('tags', { error: errors.tags?.message ?? errors.tags?.root?.message ?? errors.tags?.find?.((x) => x)?.message });
  return (
    <Card title={t('organisation.section')}>
      <div className="flex min-w-0 flex-col gap-5">
        <CategoryChoice />
        <Field id={tags.id} label={t('organisation.tags')} error={tags.error} hint={t('organisation.tagsHint')}>
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagInput
                id={tags.id}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(tags.error)}
                describedBy={tags.error ? `${tags.id}-error` : undefined}
              />
            )}
          />
        </Field>
        {(['visible', 'isNew'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Switch
                id={`pf-${name}`}
                checked={field.value}
                onChange={field.onChange}
                label={t(`organisation.${name}`)}
                hint={t(`organisation.${name}Hint`)}
              />
            )}
          />
        ))}
      </div>
    </Card>
  );
}
