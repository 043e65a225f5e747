import { useRef, useState } from 'react';
import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../app/i18n-view';
import { Field, fieldProps } from '../admin';
import { compareSizes } from '../../../shared/domain/vocabulary';
import { offeredOptions } from '../../../shared/domain/category-options';
import { variantColors, type AdminProductInput, type AdminVariantInput } from '../../../shared/schemas/admin-product';
import { VariantGrid } from './variant-grid';
import { useErrorText } from './use-error-text';
import { OptionPicker } from './option-picker';
import { useGetAdminCategoriesQuery } from './api';

const keyOf = (color: string | null, size: string | null) => `${color ?? ''}|${size ?? ''}`;
const unique = <T,>(list: T[]) => [...new Set(list)];

/** A switch drawn on a checkbox, so it is a real form control for keyboards and screen readers. */
export function Switch({ id, checked, onChange, label, hint }: { id: string; checked: boolean; onChange: (v: boolean) => void; label: string; hint?: string }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3">
      <input id={id} type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} className="peer sr-only" />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-olive peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-amber after:absolute after:top-0.5 after:start-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
      />
      <span>
        <span className="block text-sm font-semibold text-ink">{label}</span>
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
}

/** Error message of an array field itself (zod puts it on the array, RHF arrays may nest it under root). */
function arrayError(error: FieldErrors<AdminProductInput>['variants']): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/**
 * Stock: one figure, or (with variants on) colours and sizes picked from the shared vocabulary and
 * a colour × size grid with a stock (and an optional own price) per cell. Cells taken away and
 * put back keep what was typed in them.
 */
export function InventoryEditor() {
  const { t } = useTranslation(['admin-catalog', 'translation']);
  const errorText = useErrorText();
  const {
    watch,
    setValue,
    register,
    formState: { errors, isSubmitted },
  } = useFormContext<AdminProductInput>();
  const hasVariants = watch('hasVariants');
  const variants = watch('variants');
  const [colors, setColors] = useState<string[]>(() => unique(variants.map((v) => v.color).filter((c): c is string => c !== null)));
  const [sizes, setSizes] = useState<string[]>(() => unique(variants.map((v) => v.size).filter((s): s is string => s !== null)).sort(compareSizes));
  const memory = useRef(new Map<string, AdminVariantInput>());

  const rebuild = (cs: string[], ss: string[]) => {
    for (const v of variants) memory.current.set(keyOf(v.color, v.size), v);
    const next: AdminVariantInput[] = [];
    if (cs.length || ss.length) {
      for (const color of cs.length ? cs : [null]) {
        for (const size of ss.length ? ss : [null]) {
          next.push(memory.current.get(keyOf(color, size)) ?? { color, size, stock: 0, price: null });
        }
      }
    }
    setValue('variants', next, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  // The options the product's categories name, and the ones it already has (shared/domain/vocabulary.ts).
  const categoryIds = watch('categoryIds');
  const { data: categoryList } = useGetAdminCategoriesQuery();
  const chosenCategories = (categoryList?.items ?? [])
    .filter((c) => categoryIds.includes(c.id))
    .map((c) => ({ colors: c.colors ?? null, sizes: c.sizes ?? null }));
  const offered = offeredOptions(chosenCategories, { colors, sizes });
  const offerHint = chosenCategories.length ? t('inventory.offeredByCategory') : t('inventory.offeredAll');
  const toggleColor = (c: string) => {
    const next = colors.includes(c) ? colors.filter((x) => x !== c) : variantColors.filter((x) => x === c || colors.includes(x));
    setColors(next);
    rebuild(next, sizes);
  };
  const toggleSize = (s: string) => {
    const next = sizes.includes(s) ? sizes.filter((x) => x !== s) : [...sizes, s].sort(compareSizes);
    setSizes(next);
    rebuild(colors, next);
  };
  const setCell = (i: number, change: Partial<AdminVariantInput>) => {
    const current = variants[i];
    if (!current) return;
    setValue(`variants.${i}`, { ...current, ...change }, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const gridError = arrayError(errors.variants);
  const total = variants.reduce((sum, v) => sum + (Number.isFinite(v.stock) ? v.stock : 0), 0);

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <Switch
        id="pf-hasVariants"
        checked={hasVariants}
        onChange={(v) => setValue('hasVariants', v, { shouldDirty: true, shouldValidate: isSubmitted })}
        label={t('inventory.hasVariants')}
        hint={t('inventory.hasVariantsHint')}
      />

      {!hasVariants ? (
        <Field id="pf-stock" label={t('inventory.stock')} error={errorText(errors.stock?.message)} hint={t('inventory.stockHint')} className="max-w-[12rem]">
          <input
            {...fieldProps('pf-stock', errors.stock?.message)}
            {...register('stock', { valueAsNumber: true })}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="field tabular-nums"
          />
        </Field>
      ) : (
        <div className="flex min-w-0 flex-col gap-5">
          <p className="-mb-2 text-xs text-muted">{offerHint}</p>
          {offered.colors.length > 0 && (
            <OptionPicker kind="colors" legend={t('inventory.colors')} keys={offered.colors} chosen={colors} onToggle={toggleColor} />
          )}
          {offered.sizes.length > 0 && <OptionPicker kind="sizes" legend={t('inventory.sizes')} keys={offered.sizes} chosen={sizes} onToggle={toggleSize} />}

          {variants.length === 0 ? (
            <p id="pf-variants" tabIndex={-1} className={`rounded-xl p-4 text-sm ${gridError ? 'bg-[#fdf6f4] font-medium text-rose' : 'bg-ivory text-muted'}`}>
              {gridError ? errorText(gridError) : t('inventory.pickOptions')}
            </p>
          ) : (
            <div>
              <VariantGrid colors={colors} sizes={sizes} variants={variants} errors={errors.variants} setCell={setCell} />
              <p className="mt-2 text-xs text-muted">
                {t('inventory.gridHint')} · <strong className="text-ink">{t('inventory.total', { count: total })}</strong>
              </p>
              {gridError && <p className="mt-1 text-sm font-medium text-rose">{errorText(gridError)}</p>}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
