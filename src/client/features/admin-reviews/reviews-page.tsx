import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { failureOf } from '../../app/api-failure';
import { columnHelper, DataTable, useTableParams } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import type { AdminReview } from '../../../shared/schemas/review';
import { AdminPage, Card, useCan } from '../admin';
import { Switch } from '../admin-products';
import {
  readReviewFilters,
  REVIEW_COUNT_CAP,
  REVIEWS_PAGE_SIZE,
  reviewsHref,
  useGetAdminReviewsQuery,
  useGetReviewSettingsQuery,
  usePublishReviewMutation,
  useSaveReviewSettingsMutation,
} from './api';
import { useReviewErrorText } from './format';
import { reviewCardId, ReviewCard, type ReviewActions } from './review-card';
import { PhotoDialog, ReviewDialog } from './review-dialogs';
import { ReviewFilterBar, ReviewStatusTabs } from './review-filters';

const col = columnHelper<AdminReview>();
const reviewId = (r: AdminReview) => String(r.id);
const LIST_ID = 'reviews-list';

/** "Publish new reviews at once" (off by default); a role that may not change it reads which way it is. */
function AutoPublishSwitch({ writable }: { writable: boolean }) {
  const { t } = useTranslation('admin-reviews');
  const errorText = useReviewErrorText();
  const { data } = useGetReviewSettingsQuery();
  const [save] = useSaveReviewSettingsMutation();
  if (!data) return null;
  if (!writable) return <p className="max-w-xs text-sm text-muted">{data.autoPublish ? t('autoPublish.readOnlyOn') : t('autoPublish.readOnlyOff')}</p>;
  return (
    <div className="max-w-sm rounded-2xl border border-line/70 bg-white px-4 py-3 shadow-soft">
      <Switch
        id="reviews-auto-publish"
        checked={data.autoPublish}
        label={t('autoPublish.label')}
        hint={t('autoPublish.hint')}
        onChange={(autoPublish) =>
          void save({ autoPublish })
            .unwrap()
            .then(() => showToast('success', autoPublish ? t('autoPublish.turnedOn') : t('autoPublish.turnedOff')))
            .catch((err: unknown) => showToast('error', errorText(failureOf(err).code) ?? ''))
        }
      />
    </div>
  );
}

/**
 * `/admin/reviews`: buyers' reviews by status (pending first), filtered by product, stars and
 * photos, all in the URL; publish, reject with a reason, and reply as the shop. After a decision
 * the list and its counts are read again and the focus moves to the review that took the decided
 * one's place (or the list, when none is left).
 */
export default function ReviewsPage() {
  const { t } = useTranslation(['admin-reviews', 'admin', 'translation']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const table = useTableParams();
  const filters = readReviewFilters(params, table.page);
  const { data, currentData, isFetching, isError, refetch } = useGetAdminReviewsQuery(filters, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const writable = useCan('reviews.write');
  const errorText = useReviewErrorText();
  const [publish] = usePublishReviewMutation();
  const [publishingId, setPublishingId] = useState<number>();
  const [dialog, setDialog] = useState<{ kind: 'reject' | 'reply'; review: AdminReview } | null>(null);
  const [photo, setPhoto] = useState<{ review: AdminReview; index: number } | null>(null);
  /** A review that just left the list: where the focus goes once the list is read again. */
  const [leaving, setLeaving] = useState<{ id: number; index: number } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const indexOf = (r: AdminReview) => data?.items.findIndex((x) => x.id === r.id) ?? 0;

  const actions = useMemo<ReviewActions>(
    () => ({
      publishingId,
      onPublish: (r) => {
        setPublishingId(r.id);
        const index = data?.items.findIndex((x) => x.id === r.id) ?? 0;
        publish(r.id)
          .unwrap()
          .then(() => {
            showToast('success', t('actions.published'));
            setLeaving({ id: r.id, index });
          })
          .catch((err: unknown) => showToast('error', errorText(failureOf(err).code) ?? ''))
          .finally(() => setPublishingId(undefined));
      },
      onReject: (review) => setDialog({ kind: 'reject', review }),
      onReply: (review) => setDialog({ kind: 'reply', review }),
      onPhoto: (review, index) => setPhoto({ review, index }),
    }),
    [publishingId, publish, t, errorText, data],
  );

  // Once the list no longer holds the decided review: the focus goes to the one now in its place.
  useEffect(() => {
    if (!leaving || !currentData || isFetching || currentData.items.some((r) => r.id === leaving.id)) return;
    const items = currentData.items;
    if (items.length === 0 && filters.page && filters.page > 1) {
      // The page emptied: the one before it.
      void navigate(table.pageHref(filters.page - 1), { replace: true });
      return;
    }
    const next = items[Math.min(leaving.index, items.length - 1)];
    const target = next ? document.getElementById(reviewCardId(next.id)) : listRef.current;
    target?.focus();
    setLeaving(null);
  }, [leaving, currentData, isFetching, filters.page, navigate, table]);

  // The card layout at every width: a review's text is too long for a table row.
  const columns = useMemo(() => col.columns([col.accessor('title', { header: t('list.review') })]), [t]);
  const filtered = Boolean(filters.productId || filters.stars || filters.photos);
  const productName = filters.productId ? currentData?.items.find((r) => r.product.id === filters.productId)?.product.name : undefined;
  const total = data?.total ?? 0;

  return (
    <AdminPage title={t('title')} subtitle={t('subtitle')} actions={<AutoPublishSwitch writable={writable} />}>
      <ReviewStatusTabs filters={filters} counts={data?.counts} />
      <Card className="overflow-hidden !p-0">
        <ReviewFilterBar filters={filters} productName={productName} onApply={(f) => void navigate(reviewsHref(f))} />
        <div ref={listRef} id={LIST_ID} tabIndex={-1} aria-live="polite" className="outline-none">
          <h2 className="sr-only">{t(`list.${filters.status}`)}</h2>
          <DataTable
            label={t(`list.${filters.status}`)}
            columns={columns}
            data={data?.items}
            getRowId={reviewId}
            empty={filtered ? t('empty.filtered') : t(`empty.${filters.status}`)}
            failed={isError && !data && { message: t('loadFailed'), retryLabel: t('retry'), onRetry: () => void refetch() }}
            fetching={isFetching}
            params={table}
            paging={data && { total: Math.min(total, REVIEW_COUNT_CAP), pageSize: REVIEWS_PAGE_SIZE, exact: total <= REVIEW_COUNT_CAP }}
            layout="cards"
            card={(r) => <ReviewCard r={r} actions={actions} writable={writable} />}
            bleed
          />
        </div>
      </Card>
      <ReviewDialog
        open={dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          if (dialog?.kind === 'reject') setLeaving({ id: dialog.review.id, index: indexOf(dialog.review) });
          setDialog(null);
        }}
      />
      <PhotoDialog open={photo} onClose={() => setPhoto(null)} />
    </AdminPage>
  );
}
