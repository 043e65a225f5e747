import { useRef, useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ArrowLeft, ImagePlus, Trash2 } from 'lucide-react';
import { AdminPage, Card, EmptyState } from '../admin';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import {
  adminCategorySchema,
  MAX_UPLOAD_BYTES,
  productLanguages,
  slugify,
  variantColors,
  variantSizes,
  type AdminCategoryInput,
} from '../../../shared/schemas/admin-product';
import {
  failureOf,
  OptionPicker,
  previewOf,
  uploadImage,
  useErrorText,
  useGetAdminCategoryQuery,
  useSaveAdminCategoryMutation,
  type Failure,
} from '../admin-products';

const languageLabels = { en: 'English', ar: 'العربية', fr: 'Français', de: 'Deutsch' } as const;
const blank: AdminCategoryInput = { name: { en: '', ar: '', fr: '', de: '' }, slug: '', image: null, sortOrder: 0 };
const resolver = zodResolver(adminCategorySchema) as unknown as Resolver<AdminCategoryInput>;

/** One picture for the category tile, uploaded at once with a progress bar. */
function TileUpload({ value, onChange, error }: { value: string | null; onChange: (base: string | null) => void; error?: string }) {
  const { t } = useTranslation('admin-catalog');
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_UPLOAD_BYTES) return setFailure(errorText('too_large') ?? null);
    setProgress(0);
    uploadImage(file, 'category', setProgress)
      .then((image) => onChange(image.base))
      .catch((e: Failure) => setFailure(errorText(e.code) ?? null))
      .finally(() => setProgress(null));
  };
  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className="flex h-40 w-30 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line/70 bg-sand/60">
        {value ? (
          <img src={previewOf(value, 'category')} alt={t('categoryForm.imageAlt')} width={120} height={160} className="h-full w-full object-cover" />
        ) : (
          <ImagePlus size={26} aria-hidden="true" className="text-muted" />
        )}
      </div>
      <div className="grid min-w-[12rem] flex-1 gap-2">
        <div className="flex flex-wrap gap-2">
          <button
            id="cf-image"
            type="button"
            onClick={() => input.current?.click()}
            disabled={progress !== null}
            className="btn btn-ghost h-9 px-4 py-0 text-sm"
          >
            {value ? t('categoryForm.replaceImage') : t('categoryForm.chooseImage')}
          </button>
          {value && (
            <button
              type="button"
              onClick={() => onChange(null)}
              className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-muted hover:bg-rose/10 hover:text-rose"
            >
              <Trash2 size={15} aria-hidden="true" />
              {t('categoryForm.removeImage')}
            </button>
          )}
        </div>
        {progress !== null && (
          <progress
            value={progress}
            max={1}
            aria-label={t('categoryForm.uploading')}
            className="h-1.5 w-full max-w-xs overflow-hidden rounded-full [&::-moz-progress-bar]:bg-amber [&::-webkit-progress-bar]:bg-sand [&::-webkit-progress-value]:bg-amber"
          />
        )}
        <p className="text-xs text-muted">{t('categoryForm.imageHint')}</p>
        {(failure || error) && <p className="text-sm font-medium text-rose">{failure ?? error}</p>}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          hidden
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
    </div>
  );
}

/** A language's label for a category name: English and Arabic are required, the others optional. */
function NameLabel({ lang }: { lang: (typeof productLanguages)[number] }) {
  const { t } = useTranslation('admin-catalog');
  return (
    <>
      <span lang={lang}>{languageLabels[lang]}</span>
      {lang === 'en' || lang === 'ar' ? (
        <span className="ms-1 text-amber-dark" aria-hidden="true">
          *
        </span>
      ) : (
        <span className="ms-1 text-xs font-normal text-muted">({t('categoryForm.optional')})</span>
      )}
    </>
  );
}

function CategoryForm({ initial, id }: { initial: AdminCategoryInput; id?: number }) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [save, { isLoading }] = useSaveAdminCategoryMutation();
  const [slugTouched, setSlugTouched] = useState(id !== undefined);
  const [banner, setBanner] = useState<string | null>(null);
  const shop = useShopForm<AdminCategoryInput>({ resolver, idPrefix: 'cf', errorText, defaultValues: initial });
  const { control, setValue } = shop.form;
  const imageError = errorText(shop.form.formState.errors.image?.message);

  const onValid = async (values: AdminCategoryInput) => {
    setBanner(null);
    try {
      await save({ id, body: values }).unwrap();
      showToast('success', t(id ? 'categoryForm.updated' : 'categoryForm.created', { name: values.name.en }));
      void navigate('/admin/categories');
    } catch (e) {
      const failure = failureOf(e);
      const placed = shop.applyServerErrors(failure.fields);
      if (placed.length === 0) setBanner(errorText(failure.code) ?? null);
      showToast('error', errorText(placed.length ? 'validation' : failure.code) ?? '');
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="grid max-w-3xl gap-5">
      {banner && <FormAlert>{banner}</FormAlert>}
      <Card title={t('categoryForm.names')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {productLanguages.map((l) => (
            <TextInput
              key={l}
              name={`name.${l}`}
              label={<NameLabel lang={l} />}
              // The slug follows the English name until the merchant edits it.
              rules={l === 'en' ? { onChange: (e: { target: { value: string } }) => !slugTouched && setValue('slug', slugify(e.target.value)) } : undefined}
              lang={l}
              dir={l === 'ar' ? 'rtl' : 'ltr'}
            />
          ))}
        </div>
      </Card>
      <Card title={t('categoryForm.details')}>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextInput
            name="slug"
            label={t('categories.slug')}
            hint={t('categoryForm.slugHint')}
            rules={{ onChange: () => setSlugTouched(true) }}
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
            inputClassName="font-mono text-sm"
          />
          <TextInput
            name="sortOrder"
            label={t('categories.order')}
            hint={t('categoryForm.orderHint')}
            rules={{ valueAsNumber: true }}
            type="number"
            min={0}
            step={1}
            inputClassName="tabular-nums"
          />
        </div>
      </Card>
      <Card title={t('categoryForm.options')}>
        <p className="-mt-2 mb-4 text-sm text-muted">{t('categoryForm.optionsHint')}</p>
        <div className="grid gap-5">
          {(['colors', 'sizes'] as const).map((kind) => (
            <Controller
              key={kind}
              control={control}
              name={kind}
              render={({ field }) => {
                const all = kind === 'colors' ? variantColors : variantSizes;
                // Not set (a category from before option sets): every option, as the product form offers.
                const chosen = field.value ?? all;
                const toggle = (key: string) =>
                  field.onChange(chosen.includes(key) ? chosen.filter((x) => x !== key) : all.filter((x) => x === key || chosen.includes(x)));
                return <OptionPicker kind={kind} legend={t(`categoryForm.${kind}`)} keys={all} chosen={chosen} onToggle={toggle} />;
              }}
            />
          ))}
        </div>
      </Card>
      <Card title={t('categoryForm.image')}>
        <Controller control={control} name="image" render={({ field }) => <TileUpload value={field.value} onChange={field.onChange} error={imageError} />} />
      </Card>
      <div className="flex justify-end gap-2">
        <Link to="/admin/categories" className="btn btn-ghost h-10 px-5 py-0 text-sm">
          {ta('common.cancel')}
        </Link>
        <button type="submit" disabled={isLoading} className="btn btn-primary h-10 px-6 py-0 text-sm">
          {isLoading ? ta('common.saving') : id ? ta('common.save') : t('categoryForm.create')}
        </button>
      </div>
    </ShopFormProvider>
  );
}

/** Add (/admin/categories/add) and edit (/admin/categories/edit/:id). */
export default function CategoryFormPage() {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const { data, isError, isLoading } = useGetAdminCategoryQuery(id ?? 0, { skip: id === undefined || !valid });
  let body;
  if (id === undefined) body = <CategoryForm key="new" initial={blank} />;
  else if (!valid || isError) body = <EmptyState>{t('categoryForm.notFound')}</EmptyState>;
  else if (isLoading || !data) body = <p className="p-8 text-center text-sm text-muted">{ta('common.loading')}</p>;
  else {
    const { id: _id, productCount: _count, ...initial } = data;
    body = <CategoryForm key={id} id={id} initial={initial} />;
  }
  return (
    <AdminPage
      title={id === undefined ? t('titles.addCategory') : t('titles.editCategory')}
      subtitle={data && id !== undefined ? t('categories.productCount', { count: data.productCount }) : undefined}
      actions={
        <Link to="/admin/categories" className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink">
          <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
          {t('titles.categories')}
        </Link>
      }
    >
      {body}
    </AdminPage>
  );
}
