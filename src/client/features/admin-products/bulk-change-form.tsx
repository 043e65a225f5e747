import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Field, FieldError, controlProps } from '../../components/form';
import { CategoryChecklist } from './category-checklist';
import type { BulkForm } from './bulk-edit-form';
import { MoneyInput } from './money-input';
import { TagInput } from './tag-input';
import { useErrorText } from './use-error-text';

export type BulkFormErrors = Partial<Record<keyof BulkForm | 'change', string>>;

/** A choice of what to do with one part of the products, "No change" first. */
function ModeSelect<M extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: M;
  options: Array<[M, string]>;
  onChange: (mode: M) => void;
}) {
  const { t } = useTranslation('admin-catalog');
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as M)} className="field h-10 py-0 text-sm">
        <option value="none">{t('bulk.noChange')}</option>
        {options.map(([mode, text]) => (
          <option key={mode} value={mode}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One part of the change: its choice and, once chosen, the value it needs. */
function Part({ children, value }: { children: ReactNode; value?: ReactNode }) {
  return (
    <div className="grid gap-3 border-b border-line/60 py-3 last:border-b-0 sm:grid-cols-2">
      {children}
      {value || <span aria-hidden="true" className="hidden sm:block" />}
    </div>
  );
}

/** A number typed as text (Arabic-Indic digits too), with its unit at the end. */
function NumberField({
  name,
  label,
  value,
  onChange,
  error,
  end,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  end?: string;
  hint?: string;
}) {
  const id = `bulk-${name}`;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          {...controlProps(id, error, hint ? 'below' : false)}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`field tabular-nums ${end ? 'pe-8' : ''}`}
        />
        {end && <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3 text-sm text-muted">{end}</span>}
      </div>
    </Field>
  );
}

/** The categories a bulk change adds, removes or puts in place, as checkboxes. */
function CategoryPicker({ value, onChange, error }: { value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const { t } = useTranslation('admin-catalog');
  const id = 'bulk-categoryIds';
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">{t('bulk.categoriesPick')}</legend>
      <CategoryChecklist id={id} value={value} onChange={onChange} invalid={Boolean(error)} className="grid max-h-44 gap-1 overflow-y-auto" />
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The price part's value: a new price, or the percentage up or down. */
function PriceValue({ form, set, err }: { form: BulkForm; set: Setter; err: (key: keyof BulkForm) => string | undefined }) {
  const { t } = useTranslation('admin-catalog');
  if (form.price === 'none') return undefined;
  if (form.price === 'set')
    return (
      <Field id="bulk-newPrice" label={t('bulk.newPrice')} error={err('newPrice')} hint={t('bulk.priceHint')}>
        <MoneyInput
          {...controlProps('bulk-newPrice', err('newPrice'), 'below')}
          value={form.newPrice}
          onChange={(v) => set('newPrice', v)}
          placeholder="0.00"
        />
      </Field>
    );
  return (
    <NumberField
      name="percent"
      label={t('bulk.percent')}
      value={form.percent}
      onChange={(v) => set('percent', v)}
      error={err('percent')}
      end="%"
      hint={t('bulk.priceHint')}
    />
  );
}

type Setter = <K extends keyof BulkForm>(key: K, value: BulkForm[K]) => void;

/** The form's step: each part of the products the merchant may change, all at once. */
export function ChangeForm({ form, setForm, errors }: { form: BulkForm; setForm: (next: BulkForm) => void; errors: BulkFormErrors }) {
  const { t } = useTranslation('admin-catalog');
  const errorText = useErrorText();
  const set: Setter = (key, value) => setForm({ ...form, [key]: value });
  const err = (key: keyof BulkForm) => errorText(errors[key]);
  const tagsError = err('tagsAdd');
  return (
    <div>
      <Part value={<PriceValue form={form} set={set} err={err} />}>
        <ModeSelect
          id="bulk-price"
          label={t('bulk.price')}
          value={form.price}
          onChange={(v) => set('price', v)}
          options={[
            ['raise', t('bulk.priceRaise')],
            ['lower', t('bulk.priceLower')],
            ['set', t('bulk.priceSet')],
          ]}
        />
      </Part>
      <Part
        value={
          form.discount === 'set' && (
            <NumberField
              name="discountPercent"
              label={t('bulk.discountPercent')}
              value={form.discountPercent}
              onChange={(v) => set('discountPercent', v)}
              error={err('discountPercent')}
              end="%"
            />
          )
        }
      >
        <ModeSelect
          id="bulk-discount"
          label={t('bulk.discount')}
          value={form.discount}
          onChange={(v) => set('discount', v)}
          options={[
            ['set', t('bulk.discountSet')],
            ['remove', t('bulk.discountRemove')],
          ]}
        />
      </Part>
      <Part
        value={
          form.stock === 'set' && (
            <NumberField
              name="stockValue"
              label={t('bulk.stockValue')}
              value={form.stockValue}
              onChange={(v) => set('stockValue', v)}
              error={err('stockValue')}
              hint={t('bulk.stockHint')}
            />
          )
        }
      >
        <ModeSelect id="bulk-stock" label={t('bulk.stock')} value={form.stock} onChange={(v) => set('stock', v)} options={[['set', t('bulk.stockSet')]]} />
      </Part>
      <Part
        value={form.categories !== 'none' && <CategoryPicker value={form.categoryIds} onChange={(v) => set('categoryIds', v)} error={err('categoryIds')} />}
      >
        <ModeSelect
          id="bulk-categories"
          label={t('bulk.categories')}
          value={form.categories}
          onChange={(v) => set('categories', v)}
          options={[
            ['add', t('bulk.categoriesAdd')],
            ['remove', t('bulk.categoriesRemove')],
            ['replace', t('bulk.categoriesReplace')],
          ]}
        />
      </Part>
      <div className="grid gap-3 border-b border-line/60 py-3 sm:grid-cols-2">
        <Field id="bulk-tagsAdd" label={t('bulk.tagsAdd')} error={tagsError}>
          <TagInput
            id="bulk-tagsAdd"
            value={form.tagsAdd}
            onChange={(v) => set('tagsAdd', v)}
            invalid={Boolean(tagsError)}
            describedBy={tagsError ? 'bulk-tagsAdd-error' : undefined}
          />
        </Field>
        <Field id="bulk-tagsRemove" label={t('bulk.tagsRemove')}>
          <TagInput id="bulk-tagsRemove" value={form.tagsRemove} onChange={(v) => set('tagsRemove', v)} />
        </Field>
      </div>
      <Part>
        <ModeSelect
          id="bulk-visibility"
          label={t('bulk.visibility')}
          value={form.visibility}
          onChange={(v) => set('visibility', v)}
          options={[
            ['show', t('bulk.visibilityShow')],
            ['hide', t('bulk.visibilityHide')],
          ]}
        />
      </Part>
    </div>
  );
}
