import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { AdminPage, Card, EmptyState, Field, fieldProps } from '../admin';
import { showToast } from '../../components/ui/toast';
import { effectivePrice } from '../../../shared/domain/pricing';
import { formatPiastres } from '../../../shared/domain/currency';
import { languageLabels } from '../../../shared/domain/languages';
import {
  adminProductSchema,
  productLanguages,
  type AdminProductDetail,
  type AdminProductInput,
  type CurrentStock,
  type ProductLanguage,
} from '../../../shared/schemas/admin-product';
import { failureOf, useGetAdminCategoriesQuery, useGetAdminProductQuery, useSaveAdminProductMutation } from './api';
import { ImageManager } from './image-manager';
import { InventoryEditor, Switch } from './inventory-editor';
import { MoneyInput } from './money-input';
import { TagInput } from './tag-input';
import { useErrorText } from './use-error-text';
import { keyIn } from '../../app/translation-keys';

/** A product's name in the admin's language, or in English where that one is empty. */
const nameIn = (names: { en: string } & Partial<Record<ProductLanguage, string>>, lng: string): string => names[lng as ProductLanguage] || names.en;

const blank: AdminProductInput = {
  sku: '',
  name: { en: '', ar: '', fr: '', de: '' },
  shortDescription: { en: '', ar: '', fr: '', de: '' },
  fullDescription: { en: '', ar: '', fr: '', de: '' },
  // Empty until typed, so the check says "required" rather than accepting zero.
  price: null as unknown as number,
  discount: 0,
  offerEnd: null,
  isNew: false,
  visible: true,
  categoryIds: [],
  tags: [],
  images: [],
  hasVariants: false,
  stock: 0,
  variants: [],
};

/** The element id of a form path (`variants.2.stock` -> `pf-variants-2-stock`). */
const idOf = (path: string) => `pf-${path.replace(/\./g, '-')}`;

/** Paths in the order they appear on the page, so "first error" means the first one the eye meets. */
const pageOrder = [
  ...productLanguages.flatMap((l) => [`name.${l}`, `shortDescription.${l}`, `fullDescription.${l}`]),
  'images',
  'sku',
  'hasVariants',
  'stock',
  'variants',
  'price',
  'discount',
  'offerEnd',
  'categoryIds',
  'tags',
];
const rank = (path: string) => {
  const i = pageOrder.findIndex((p) => path === p || path.startsWith(`${p}.`));
  return i === -1 ? pageOrder.length : i;
};

/** Every path holding an error message, depth first. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`;
    if ('message' in value && typeof value.message === 'string') out.push(path);
    else out.push(...errorPaths(value as FieldErrors, `${path}.`));
  }
  return out;
}

/** A YYYY-MM-DD for a date input from an ISO instant, in the merchant's time zone. */
const localDate = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

// Stock lives either on the product or on its variants: check only the one in use, so a grid
// left behind (or a stock figure under the grid) never blocks saving.
const schemaResolver = zodResolver(adminProductSchema) as unknown as Resolver<AdminProductInput>;
const resolver: Resolver<AdminProductInput> = (values, context, options) =>
  schemaResolver({ ...values, ...(values.hasVariants ? { stock: 0 } : { variants: [] }) }, context, options);

function ProductForm({ initial, id }: { initial: AdminProductInput; id?: number }) {
  const { t, i18n } = useTranslation(['admin-catalog', 'translation']);
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const navigate = useNavigate();
  // The merchant writes first in the language the admin is shown in.
  const [tab, setTab] = useState<ProductLanguage>(() =>
    (productLanguages as readonly string[]).includes(i18n.language) ? (i18n.language as ProductLanguage) : 'en',
  );
  const [banner, setBanner] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveAdminProductMutation();
  const { data: cats } = useGetAdminCategoriesQuery();
  const form = useForm<AdminProductInput>({ resolver, defaultValues: initial, shouldFocusError: false, mode: 'onSubmit', reValidateMode: 'onChange' });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    getValues,
    formState: { errors },
  } = form;

  /** Opens the tab holding the first error and focuses its control. */
  const focusFirst = (paths: string[]) => {
    const first = [...paths].sort((a, b) => rank(a) - rank(b))[0];
    if (!first) return;
    const lang = /^(name|shortDescription|fullDescription)\.(en|ar|fr|de)$/.exec(first)?.[2] as ProductLanguage | undefined;
    if (lang) setTab(lang);
    window.setTimeout(() => {
      const el =
        document.getElementById(idOf(first)) ??
        document.getElementById(idOf(first.split('.')[0]!)) ??
        document.querySelector<HTMLElement>(`[id^="${idOf(first.split('.')[0]!)}"]`);
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 0);
  };

  const onValid = async (values: AdminProductInput) => {
    setBanner(null);
    const body: AdminProductInput = { ...values, stock: values.hasVariants ? 0 : values.stock, variants: values.hasVariants ? values.variants : [] };
    try {
      await save({ id, body }).unwrap();
      showToast('success', t(id ? 'form.updated' : 'form.created', { name: nameIn(values.name, i18n.language) }));
      void navigate('/admin/products');
    } catch (e) {
      const failure = failureOf(e);
      if (failure.code === 'product_changed') {
        // Sales moved the stock while the form was open: keep every typed value, learn the current
        // figures (so saving again applies the merchant's figures on purpose) and say what they are.
        const current = (failure.details as { current?: CurrentStock } | undefined)?.current;
        if (current) {
          setValue('stockSeen', current.stock);
          getValues('variants').forEach((v, i) => {
            const now = current.variants.find((c) => c.color === v.color && c.size === v.size);
            if (now) setValue(`variants.${i}.stockSeen`, now.stock);
          });
          const figures = getValues('hasVariants')
            ? current.variants
                .map(
                  (v) =>
                    `${[v.color && t(keyIn('translation:colors', v.color)), v.size && t(keyIn('translation:sizes', v.size))].filter(Boolean).join(' / ')}: ${v.stock}`,
                )
                .join(' · ')
            : String(current.stock);
          setBanner(`${errorText('product_changed') ?? ''} ${t('form.stockNow', { figures })}`);
        } else setBanner(errorText('product_changed') ?? null);
        showToast('error', errorText('product_changed') ?? '');
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      const paths: string[] = [];
      for (const [path, code] of Object.entries(failure.fields)) {
        const target = /^images\.\d+$/.test(path) ? 'images' : path;
        if (target === '_' || paths.includes(target)) continue;
        setError(target as FieldPath<AdminProductInput>, { type: 'server', message: code });
        paths.push(target);
      }
      if (paths.length) focusFirst(paths);
      else setBanner(errorText(failure.code) ?? null);
      showToast('error', errorText(paths.length ? 'validation' : failure.code) ?? '');
    }
  };

  const langHasError = (l: ProductLanguage) => Boolean(errors.name?.[l] || errors.shortDescription?.[l] || errors.fullDescription?.[l]);
  const price = watch('price');
  const discount = watch('discount');
  const canPreview = typeof price === 'number' && Number.isFinite(price) && price > 0 && Number.isFinite(discount);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void handleSubmit(onValid, (errs) => focusFirst(errorPaths(errs)))(e)} className="pb-24">
        {banner && (
          <p role="alert" className="mb-4 rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose">
            {banner}
          </p>
        )}
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-5">
            <Card title={t('form.namesSection')}>
              <div role="tablist" aria-label={t('form.languages')} className="mb-4 grid grid-cols-4 gap-1 rounded-full bg-sand/70 p-1">
                {productLanguages.map((l) => (
                  <button
                    key={l}
                    type="button"
                    role="tab"
                    id={`pf-tab-${l}`}
                    aria-selected={tab === l}
                    aria-controls={`pf-panel-${l}`}
                    onClick={() => setTab(l)}
                    className={`relative min-w-0 truncate whitespace-nowrap rounded-full px-1.5 py-1.5 text-xs font-semibold sm:px-3 sm:text-sm transition-colors ${tab === l ? 'bg-white text-ink shadow-soft' : 'text-muted hover:text-ink'}`}
                  >
                    <span lang={l}>{languageLabels[l]}</span>
                    {(l === 'en' || l === 'ar') && (
                      <span className="ms-1 text-amber-dark" aria-hidden="true">
                        *
                      </span>
                    )}
                    {langHasError(l) && <span className="absolute end-2 top-1.5 h-2 w-2 rounded-full bg-rose" aria-label={t('form.tabHasErrors')} />}
                  </button>
                ))}
              </div>
              {productLanguages.map((l) => {
                const dir = l === 'ar' ? 'rtl' : 'ltr';
                const optional = l === 'fr' || l === 'de';
                return (
                  <div key={l} role="tabpanel" id={`pf-panel-${l}`} aria-labelledby={`pf-tab-${l}`} hidden={tab !== l} className="grid gap-4">
                    {optional && <p className="rounded-xl bg-ivory px-3 py-2 text-xs text-muted">{t('form.fallbackHint')}</p>}
                    <Field id={idOf(`name.${l}`)} label={t('form.name')} error={errorText(errors.name?.[l]?.message)}>
                      <input {...fieldProps(idOf(`name.${l}`), errors.name?.[l]?.message)} {...register(`name.${l}`)} lang={l} dir={dir} className="field" />
                    </Field>
                    <Field
                      id={idOf(`shortDescription.${l}`)}
                      label={t('form.shortDescription')}
                      error={errorText(errors.shortDescription?.[l]?.message)}
                      hint={t('form.shortHint')}
                    >
                      <textarea
                        {...fieldProps(idOf(`shortDescription.${l}`), errors.shortDescription?.[l]?.message)}
                        {...register(`shortDescription.${l}`)}
                        lang={l}
                        dir={dir}
                        rows={2}
                        className="field resize-y"
                      />
                    </Field>
                    <Field id={idOf(`fullDescription.${l}`)} label={t('form.fullDescription')} error={errorText(errors.fullDescription?.[l]?.message)}>
                      <textarea
                        {...fieldProps(idOf(`fullDescription.${l}`), errors.fullDescription?.[l]?.message)}
                        {...register(`fullDescription.${l}`)}
                        lang={l}
                        dir={dir}
                        rows={6}
                        className="field resize-y"
                      />
                    </Field>
                  </div>
                );
              })}
            </Card>

            <Card title={t('images.section')}>
              <Controller
                control={control}
                name="images"
                render={({ field }) => (
                  <ImageManager
                    id={idOf('images')}
                    value={field.value}
                    onChange={field.onChange}
                    getValue={() => getValues('images')}
                    error={errorText(errors.images?.message)}
                    describedBy={errors.images ? `${idOf('images')}-error` : undefined}
                  />
                )}
              />
              {errors.images && (
                <p id={`${idOf('images')}-error`} className="mt-2 text-sm font-medium text-rose">
                  {errorText(errors.images.message)}
                </p>
              )}
            </Card>

            <Card title={t('inventory.section')}>
              <div className="flex min-w-0 flex-col gap-5">
                <Field id={idOf('sku')} label={t('inventory.sku')} error={errorText(errors.sku?.message)} hint={t('inventory.skuHint')} className="max-w-sm">
                  <input
                    {...fieldProps(idOf('sku'), errors.sku?.message)}
                    {...register('sku')}
                    autoComplete="off"
                    spellCheck={false}
                    dir="ltr"
                    className="field font-mono text-sm uppercase"
                  />
                </Field>
                <InventoryEditor />
              </div>
            </Card>
          </div>

          <div className="flex min-w-0 flex-col gap-5">
            <Card title={t('pricing.section')}>
              <div className="grid gap-4">
                <Field id={idOf('price')} label={t('pricing.price')} error={errorText(errors.price?.message)}>
                  <Controller
                    control={control}
                    name="price"
                    render={({ field }) => (
                      <MoneyInput
                        {...fieldProps(idOf('price'), errors.price?.message)}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        placeholder="0.00"
                      />
                    )}
                  />
                </Field>
                <div className="grid grid-cols-2 gap-3">
                  <Field id={idOf('discount')} label={t('pricing.discount')} error={errorText(errors.discount?.message)}>
                    <div className="relative">
                      <input
                        {...fieldProps(idOf('discount'), errors.discount?.message)}
                        {...register('discount', { valueAsNumber: true })}
                        type="number"
                        min={0}
                        max={90}
                        step={1}
                        inputMode="numeric"
                        className="field pe-8 tabular-nums"
                      />
                      <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3 text-sm text-muted">%</span>
                    </div>
                  </Field>
                  <Field id={idOf('offerEnd')} label={t('pricing.offerEnd')} error={errorText(errors.offerEnd?.message)}>
                    <Controller
                      control={control}
                      name="offerEnd"
                      render={({ field }) => (
                        <input
                          {...fieldProps(idOf('offerEnd'), errors.offerEnd?.message)}
                          type="date"
                          value={localDate(field.value)}
                          onChange={(e) => field.onChange(e.target.value ? new Date(`${e.target.value}T23:59:59`).toISOString() : null)}
                          onBlur={field.onBlur}
                          className="field px-2 text-sm"
                        />
                      )}
                    />
                  </Field>
                </div>
                <p className="rounded-xl bg-ivory px-3 py-2 text-sm text-muted">
                  {canPreview ? (
                    <>
                      {t('pricing.customersPay')}{' '}
                      <strong className="text-ink tabular-nums">
                        {formatPiastres(effectivePrice(price, Math.min(90, Math.max(0, discount))), i18n.language)}
                      </strong>
                      {discount > 0 && <s className="ms-2 tabular-nums">{formatPiastres(price, i18n.language)}</s>}
                    </>
                  ) : (
                    t('pricing.hint')
                  )}
                </p>
              </div>
            </Card>

            <Card title={t('organisation.section')}>
              <div className="flex min-w-0 flex-col gap-5">
                <fieldset className="min-w-0" aria-describedby={errors.categoryIds ? `${idOf('categoryIds')}-error` : undefined}>
                  <legend className="mb-2 text-sm font-semibold text-ink">{t('organisation.categories')}</legend>
                  <Controller
                    control={control}
                    name="categoryIds"
                    render={({ field }) => (
                      <div className="grid gap-1.5">
                        {(cats?.items ?? []).map((c, i) => {
                          const checked = field.value.includes(c.id);
                          return (
                            <label
                              key={c.id}
                              className={`flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-sm transition-colors ${checked ? 'border-ink bg-sand/50' : 'border-line hover:border-ink/50'}`}
                            >
                              <input
                                id={i === 0 ? idOf('categoryIds') : undefined}
                                type="checkbox"
                                checked={checked}
                                onChange={() => field.onChange(checked ? field.value.filter((x) => x !== c.id) : [...field.value, c.id])}
                                className="h-4 w-4 accent-ink"
                              />
                              {(i18n.language !== 'en' && c.name[i18n.language as ProductLanguage]) || c.name.en}
                            </label>
                          );
                        })}
                      </div>
                    )}
                  />
                  {errors.categoryIds && (
                    <p id={`${idOf('categoryIds')}-error`} className="mt-1.5 text-sm font-medium text-rose">
                      {errorText(errors.categoryIds.message ?? errors.categoryIds.root?.message)}
                    </p>
                  )}
                </fieldset>
                <Field
                  id={idOf('tags')}
                  label={t('organisation.tags')}
                  error={errorText(errors.tags?.message ?? errors.tags?.root?.message ?? errors.tags?.find?.((x) => x)?.message)}
                  hint={t('organisation.tagsHint')}
                >
                  <Controller
                    control={control}
                    name="tags"
                    render={({ field }) => (
                      <TagInput
                        id={idOf('tags')}
                        value={field.value}
                        onChange={field.onChange}
                        invalid={Boolean(errors.tags)}
                        describedBy={errors.tags ? `${idOf('tags')}-error` : undefined}
                      />
                    )}
                  />
                </Field>
                <Controller
                  control={control}
                  name="visible"
                  render={({ field }) => (
                    <Switch
                      id={idOf('visible')}
                      checked={field.value}
                      onChange={field.onChange}
                      label={t('organisation.visible')}
                      hint={t('organisation.visibleHint')}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="isNew"
                  render={({ field }) => (
                    <Switch
                      id={idOf('isNew')}
                      checked={field.value}
                      onChange={field.onChange}
                      label={t('organisation.isNew')}
                      hint={t('organisation.isNewHint')}
                    />
                  )}
                />
              </div>
            </Card>
          </div>
        </div>

        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line/70 bg-white/95 backdrop-blur lg:start-60">
          <div className="mx-auto flex max-w-[1200px] items-center justify-end gap-2 px-4 py-3 sm:px-6 lg:px-8">
            {id && (
              <a
                href={`/product/${id}`}
                target="_blank"
                rel="noreferrer"
                className="me-auto hidden items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink sm:inline-flex"
              >
                <ExternalLink size={15} aria-hidden="true" />
                {t('form.viewInShop')}
              </a>
            )}
            <Link to="/admin/products" className="btn btn-ghost h-10 px-5 py-0 text-sm">
              {ta('common.cancel')}
            </Link>
            <button type="submit" disabled={isLoading} className="btn btn-primary h-10 px-6 py-0 text-sm">
              {isLoading ? ta('common.saving') : id ? ta('common.save') : t('form.create')}
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/** Add (/admin/products/add) and edit (/admin/products/edit/:id) share one form. */
export default function ProductFormPage() {
  const { t, i18n } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const { data, isError, isLoading } = useGetAdminProductQuery(id ?? 0, { skip: id === undefined || !valid });
  const title = id === undefined ? t('titles.addProduct') : t('titles.editProduct');
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const back = (
    <Link to="/admin/products" className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink">
      <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
      {t('titles.products')}
    </Link>
  );
  let body;
  if (id === undefined) body = <ProductForm key="new" initial={blank} />;
  else if (!valid || isError) body = <EmptyState>{t('form.notFound')}</EmptyState>;
  else if (isLoading || !data) body = <p className="p-8 text-center text-sm text-muted">{ta('common.loading')}</p>;
  else body = <ProductForm key={id} id={id} initial={toInput(data)} />;

  return (
    <AdminPage title={title} subtitle={data && id !== undefined ? `${nameIn(data.name, i18n.language)} · ${data.sku}` : undefined} actions={back}>
      {body}
    </AdminPage>
  );
}

function toInput({ id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...rest }: AdminProductDetail): AdminProductInput {
  return rest;
}
