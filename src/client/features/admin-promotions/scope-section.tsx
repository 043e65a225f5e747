import { Controller, useFormContext, useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import { Layers, Package, ShoppingBag, Target } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { FieldError, RadioGroup, useFieldProps } from '../../components/form';
import { CategoryChecklist } from '../admin-products';
import type { PromotionFormValues } from './form-values';
import { ProductPicker } from './product-picker';
import { Section } from './section';

/** The message of a list field itself (zod puts it on the list; a server code may sit under root). */
function listError(error: FieldErrors<PromotionFormValues>['productIds']): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/** The categories an offer covers, as checkboxes. */
function CategoryChoice() {
  const { t } = useTranslation('admin-promotions');
  const { control } = useFormContext<PromotionFormValues>();
  const { errors } = useFormState<PromotionFormValues>({ name: 'categoryIds' });
  const { id, error } = useFieldProps('categoryIds', { error: listError(errors.categoryIds) });
  return (
    <fieldset className="mt-5 min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('form.categories')}</legend>
      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => (
          <CategoryChecklist id={id} value={field.value} onChange={field.onChange} invalid={Boolean(error)} className="grid gap-1.5 sm:grid-cols-2" />
        )}
      />
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The products an offer covers, picked by search. */
function ProductChoice() {
  const { control } = useFormContext<PromotionFormValues>();
  const { errors } = useFormState<PromotionFormValues>({ name: 'productIds' });
  const { id, error } = useFieldProps('productIds', { error: listError(errors.productIds) });
  return (
    <div className="mt-5">
      <Controller
        control={control}
        name="productIds"
        render={({ field }) => <ProductPicker id={id} value={field.value} onChange={field.onChange} error={error} />}
      />
    </div>
  );
}

/** What the offer covers: the whole order, chosen categories, or chosen products. */
export function ScopeSection() {
  const { t } = useTranslation('admin-promotions');
  const scope = useWatch<PromotionFormValues, 'scope'>({ name: 'scope' });
  const icon = 'shrink-0 text-amber-dark';
  return (
    <Section icon={<Target size={18} />} title={t('form.scope')} hint={t(`form.${scope}Hint`)}>
      <RadioGroup
        name="scope"
        legend={t('form.scope')}
        legendClassName="sr-only"
        className="grid gap-3 [&>div]:grid [&>div]:gap-3 sm:[&>div]:grid-cols-3 [&_label]:!gap-3 [&_label]:!py-3"
        options={[
          { value: 'order', label: t('form.scopeOrder'), icon: <ShoppingBag size={18} aria-hidden="true" className={icon} /> },
          { value: 'categories', label: t('form.scopeCategories'), icon: <Layers size={18} aria-hidden="true" className={icon} /> },
          { value: 'products', label: t('form.scopeProducts'), icon: <Package size={18} aria-hidden="true" className={icon} /> },
        ]}
      />
      {scope === 'categories' && <CategoryChoice />}
      {scope === 'products' && <ProductChoice />}
    </Section>
  );
}
