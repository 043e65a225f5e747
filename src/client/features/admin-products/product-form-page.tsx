import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ArrowLeft } from 'lucide-react';
import { AdminPage, EmptyState } from '../admin';
import { ThingHistory } from '../admin-activity';
import type { AdminProductDetail, AdminProductInput } from '../../../shared/schemas/admin-product';
import { useGetAdminProductQuery } from './api';
import { ProductForm } from './product-form';
import { nameIn } from './use-save-product';

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
  else
    body = (
      <>
        <ProductForm key={id} id={id} initial={toInput(data)} />
        {/* Below the form (into the room it keeps for its bar, keeping that room below): every admin change of this product, read when opened and again after a save. */}
        <div className="-mt-18 pb-24">
          <ThingHistory of="products" id={id} version={data.updatedAt} />
        </div>
      </>
    );

  return (
    <AdminPage title={title} subtitle={data && id !== undefined ? `${nameIn(data.name, i18n.language)} · ${data.sku}` : undefined} actions={back}>
      {body}
    </AdminPage>
  );
}

function toInput({ id: _id, slug: _slug, createdAt: _c, updatedAt: _u, ...rest }: AdminProductDetail): AdminProductInput {
  return rest;
}
