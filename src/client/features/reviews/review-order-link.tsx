import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';

/**
 * "Review your order": the delivered order's review link (decision 038) where its buyer sees the
 * order (the order page opened with its token, the account's order), with a line on why it helps.
 * Shown only while the server gives the link (delivered, within the review window).
 */
export function ReviewOrderLink({ href, className = '' }: { href: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex flex-col gap-3 rounded-2xl bg-sand p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5 ${className}`}
      data-testid="review-order"
    >
      <p className="text-sm leading-relaxed text-olive">{t('reviewForm.linkLead')}</p>
      <Link to={href} className="btn btn-primary h-12 shrink-0">
        <Star size={16} aria-hidden="true" />
        {t('reviewForm.reviewOrder')}
      </Link>
    </div>
  );
}
