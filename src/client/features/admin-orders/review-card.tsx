import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { showToast } from '../../components/ui/toast';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { Card } from '../admin';
import type { OrderFormat } from './format';
import { useMarkAdminOrderReviewedMutation } from './orders-api';

/** Why the risk rules flagged the order, and "Mark reviewed" while it waits (it then leaves the Review filter). */
export function ReviewCard({ order, fmt, onConflict }: { order: AdminOrder; fmt: OrderFormat; onConflict: () => void }) {
  const { t } = useTranslation('admin-orders');
  const [mark, { isLoading }] = useMarkAdminOrderReviewedMutation();
  const review = order.review;
  if (!review) return null;
  const waiting = review.reviewedAt === null;
  const onMark = async () => {
    try {
      await mark(order.id).unwrap();
      showToast('success', t('review.done', { number: order.number }));
    } catch {
      showToast('error', t('errors.status_conflict'));
      onConflict();
    }
  };
  return (
    <Card
      className={waiting ? 'ring-2 ring-amber/60' : ''}
      title={
        <span className="inline-flex items-center gap-2">
          {waiting ? (
            <ShieldAlert size={18} aria-hidden="true" className="text-amber-dark" />
          ) : (
            <ShieldCheck size={18} aria-hidden="true" className="text-olive" />
          )}
          {t('review.title')}
        </span>
      }
    >
      <p className="text-sm">{t('review.lead')}</p>
      <ul className="mt-2 list-disc ps-5 text-sm" data-testid="review-reasons">
        {review.reasons.map((r) => (
          <li key={r}>{t(`review.reasons.${r}`)}</li>
        ))}
      </ul>
      {waiting ? (
        <button
          type="button"
          disabled={isLoading}
          onClick={() => void onMark()}
          className="btn btn-primary mt-4 w-full !py-2.5 text-sm disabled:opacity-60 print:hidden"
        >
          {t('review.mark')}
        </button>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {review.reviewedBy
            ? t('review.reviewed', { date: fmt.date(review.reviewedAt!), name: review.reviewedBy })
            : t('review.reviewedAt', { date: fmt.date(review.reviewedAt!) })}
        </p>
      )}
    </Card>
  );
}
