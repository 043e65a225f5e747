import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { phoneRecordTone, type PhoneRecord } from '../../../shared/domain/order-risk';
import { Badge } from '../admin';

const tones = {
  risky: 'bg-rose/10 text-rose ring-1 ring-rose/30',
  trusted: 'bg-moss/15 text-olive',
  new: 'bg-stone-100 text-stone-700',
} as const;

/**
 * A phone number's record with the shop as a small pill, "3 orders · 2 delivered · 1 refused",
 * red once a parcel came back; its title explains it, and screen readers read it as one sentence.
 */
export function PhoneRecordBadge({ record }: { record: PhoneRecord }) {
  const { t } = useTranslation('admin-orders');
  const tone = phoneRecordTone(record);
  const orders = t('record.orders', { count: record.orders });
  const delivered = t('record.delivered', { count: record.delivered });
  const refused = t('record.refused', { count: record.refused });
  return (
    <span title={t('record.hint')} data-testid="phone-record" data-tone={tone}>
      <Badge tone={tones[tone]}>
        {tone === 'risky' && <ShieldAlert size={12} aria-hidden="true" className="me-1" />}
        <span aria-hidden="true">
          {orders} · {delivered} · {refused}
        </span>
        <span className="sr-only">{t('record.label', { orders, delivered, refused })}</span>
      </Badge>
    </span>
  );
}

/** A small pill on a list row whose order waits for review. */
export function ReviewBadge() {
  const { t } = useTranslation('admin-orders');
  return <Badge tone="bg-amber-100 text-amber-900">{t('review.badge')}</Badge>;
}
