import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { AdminPage, EmptyState } from '../admin';
import { useGetAdminPromotionQuery } from './api';
import { promotionName } from './format';
import { blankPromotion, toFormValues } from './form-values';
import { CodeOrAutomatic } from './promotion-parts';
import { PromotionForm } from './promotion-form';

/** New (`/admin/promotions/new`) and saved (`/admin/promotions/:id`) promotions share one form. */
export default function PromotionFormPage() {
  const { t, i18n } = useTranslation('admin-promotions');
  const { t: ta } = useTranslation('admin');
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const { data, isError, isLoading } = useGetAdminPromotionQuery(id ?? 0, { skip: id === undefined || !valid });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const back = (
    <Link to="/admin/promotions" className="inline-flex items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink">
      <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
      {t('back')}
    </Link>
  );
  let body;
  if (id === undefined) body = <PromotionForm key="new" initial={blankPromotion} />;
  else if (!valid || (isError && !data)) body = <EmptyState>{t('form.notFound')}</EmptyState>;
  else if (isLoading || !data) body = <p className="p-8 text-center text-sm text-muted">{ta('common.loading')}</p>;
  else body = <PromotionForm key={id} initial={toFormValues(data)} saved={data} />;

  return (
    <AdminPage
      title={id === undefined ? t('form.newTitle') : data ? promotionName(data.names, i18n.language) : t('title')}
      subtitle={data && id !== undefined ? <CodeOrAutomatic code={data.code} /> : undefined}
      actions={back}
    >
      {body}
    </AdminPage>
  );
}
