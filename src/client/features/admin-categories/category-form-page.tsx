import { useRef, useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ImagePlus, Trash2 } from 'lucide-react';
import { AdminPage, Card, EmptyState, Field, fieldProps } from '../admin';
import { showToast } from '../../components/ui/toast';
import { adminCategorySchema, MAX_UPLOAD_BYTES, productLanguages, slugify, type AdminCategoryInput } from '../../../shared/schemas/admin-product';
import { failureOf, previewOf, uploadImage, useErrorText, useGetAdminCategoryQuery, useSaveAdminCategoryMutation, type Failure } from '../admin-products';

const languageLabels = { en: 'English', ar: 'العربية', fr: 'Français', de: 'Deutsch' } as const;
const blank: AdminCategoryInput = { name: { en: '', ar: '', fr: '', de: '' }, slug: '', image: null, sortOrder: 0 };
const resolver = zodResolver(adminCategorySchema) as unknown as Resolver<AdminCategoryInput>;
const idOf = (path: string) => `cf-${path.replace(/\./g, '-')}`;
const order = ['name.en', 'name.ar', 'name.fr', 'name.de', 'slug', 'sortOrder', 'image'];

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
            id={idOf('image')}
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

function CategoryForm({ initial, id }: { initial: AdminCategoryInput; id?: number }) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [save, { isLoading }] = useSaveAdminCategoryMutation();
  const [slugTouched, setSlugTouched] = useState(id !== undefined);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<AdminCategoryInput>({ resolver, defaultValues: initial, shouldFocusError: false });

  const focusFirst = (paths: string[]) => {
    const first = [...paths].sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
    if (first) window.setTimeout(() => document.getElementById(idOf(first))?.focus(), 0);
  };
  const flat = (e: typeof errors) => [
    ...(e.name ? Object.keys(e.name).map((l) => `name.${l}`) : []),
    ...(['slug', 'sortOrder', 'image'] as const).filter((k) => e[k]),
  ];

  const onValid = async (values: AdminCategoryInput) => {
    setBanner(null);
    try {
      await save({ id, body: values }).unwrap();
      showToast('success', t(id ? 'categoryForm.updated' : 'categoryForm.created', { name: values.name.en }));
      void navigate('/admin/categories');
    } catch (e) {
      const failure = failureOf(e);
      const paths = Object.keys(failure.fields).filter((p) => p !== '_');
      for (const p of paths) setError(p as FieldPath<AdminCategoryInput>, { type: 'server', message: failure.fields[p] });
      if (paths.length) focusFirst(paths);
      else setBanner(errorText(failure.code) ?? null);
      showToast('error', errorText(paths.length ? 'validation' : failure.code) ?? '');
    }
  };
  const nameEn = register('name.en');

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid, (errs) => focusFirst(flat(errs)))(e)} className="grid max-w-3xl gap-5">
      {banner && (
        <p role="alert" className="rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose">
          {banner}
        </p>
      )}
      <Card title={t('categoryForm.names')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {productLanguages.map((l) => {
            const error = errors.name?.[l]?.message;
            const label = (
              <>
                <span lang={l}>{languageLabels[l]}</span>
                {l === 'en' || l === 'ar' ? (
                  <span className="ms-1 text-amber-dark" aria-hidden="true">
                    *
                  </span>
                ) : (
                  <span className="ms-1 text-xs font-normal text-muted">({t('categoryForm.optional')})</span>
                )}
              </>
            );
            const props = l === 'en' ? nameEn : register(`name.${l}`);
            return (
              <Field key={l} id={idOf(`name.${l}`)} label={label} error={errorText(error)}>
                <input
                  {...fieldProps(idOf(`name.${l}`), error)}
                  {...props}
                  onChange={(e) => {
                    void props.onChange(e);
                    if (l === 'en' && !slugTouched) setValue('slug', slugify(e.target.value));
                  }}
                  lang={l}
                  dir={l === 'ar' ? 'rtl' : 'ltr'}
                  className="field"
                />
              </Field>
            );
          })}
        </div>
      </Card>
      <Card title={t('categoryForm.details')}>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Field id={idOf('slug')} label={t('categories.slug')} error={errorText(errors.slug?.message)} hint={t('categoryForm.slugHint')}>
            <input
              {...fieldProps(idOf('slug'), errors.slug?.message)}
              {...register('slug', { onChange: () => setSlugTouched(true) })}
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              className="field font-mono text-sm"
            />
          </Field>
          <Field id={idOf('sortOrder')} label={t('categories.order')} error={errorText(errors.sortOrder?.message)} hint={t('categoryForm.orderHint')}>
            <input
              {...fieldProps(idOf('sortOrder'), errors.sortOrder?.message)}
              {...register('sortOrder', { valueAsNumber: true })}
              type="number"
              min={0}
              step={1}
              className="field tabular-nums"
            />
          </Field>
        </div>
      </Card>
      <Card title={t('categoryForm.image')}>
        <Controller
          control={control}
          name="image"
          render={({ field }) => <TileUpload value={field.value} onChange={field.onChange} error={errorText(errors.image?.message)} />}
        />
      </Card>
      <div className="flex justify-end gap-2">
        <Link to="/admin/categories" className="btn btn-ghost h-10 px-5 py-0 text-sm">
          {ta('common.cancel')}
        </Link>
        <button type="submit" disabled={isLoading} className="btn btn-primary h-10 px-6 py-0 text-sm">
          {isLoading ? ta('common.saving') : id ? ta('common.save') : t('categoryForm.create')}
        </button>
      </div>
    </form>
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
