import { Link, useNavigate, useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { DataTable, useTableParams } from '../../components/data-table';
import { promotionStatuses, type PromotionStatus } from '../../../shared/domain/promotion-codes';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { AdminPage, useCan } from '../admin';
import { PROMOTIONS_PAGE_SIZE, promotionParams, useGetAdminPromotionsQuery, type PromotionFilters } from './api';
import { usePromotionFormat } from './format';
import { PromotionCard, usePromotionColumns } from './promotion-columns';
import { PromotionSearch, PromotionStatusTabs } from './promotion-filters';

const isStatus = (value: string): value is PromotionStatus => (promotionStatuses as readonly string[]).includes(value);
const promotionId = (p: AdminPromotionDetail) => String(p.id);

/** `/admin/promotions`: codes and automatic offers, newest first, by status and search (both in the URL), with their usage. */
export default function PromotionsPage() {
  const { t } = useTranslation('admin-promotions');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const status = params.get('status') ?? '';
  const filters: PromotionFilters = { status: isStatus(status) ? status : undefined, q: params.get('q')?.trim() || undefined, page: table.page };
  const { data, isFetching, isError, refetch } = useGetAdminPromotionsQuery(filters);
  const editable = useCan('promotions.write');
  const columns = usePromotionColumns(editable);
  const fmt = usePromotionFormat();

  const href = (f: PromotionFilters) => {
    const qs = promotionParams(f).toString();
    return `/admin/promotions${qs ? `?${qs}` : ''}`;
  };

  return (
    <AdminPage
      title={t('title')}
      subtitle={data ? t('subtitle', { count: data.total }) : undefined}
      actions={
        editable && (
          <Link to="/admin/promotions/new" className="btn btn-primary h-10 px-4 py-0 text-sm">
            <Plus size={16} aria-hidden="true" />
            {t('new')}
          </Link>
        )
      }
    >
      <PromotionStatusTabs filters={filters} href={href} />
      <section className="overflow-hidden rounded-2xl border border-line/70 bg-white shadow-soft">
        <PromotionSearch filters={filters} formKey={params.toString()} onApply={(f) => void navigate(href(f))} />
        <div aria-live="polite">
          <DataTable
            label={t('title')}
            columns={columns}
            data={data?.items}
            getRowId={promotionId}
            empty={filters.status || filters.q ? t('emptyFiltered') : t('empty')}
            failed={isError && !data && { message: t('loadFailed'), retryLabel: t('retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: data.total, pageSize: PROMOTIONS_PAGE_SIZE }}
            card={(p) => <PromotionCard p={p} fmt={fmt} editable={editable} />}
            onRowClick={editable ? (p) => void navigate(`/admin/promotions/${p.id}`) : undefined}
            bleed
          />
        </div>
      </section>
    </AdminPage>
  );
}
