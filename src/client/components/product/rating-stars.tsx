import { useTranslation } from '../../app/i18n-view';

/** Five stars filled to the rating (0 to 5), with the number for screen readers. */
export function RatingStars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const stars = '★★★★★';
  return (
    <span className={`relative inline-block leading-none tracking-[0.15em] ${className}`} role="img" aria-label={t('product.rating', { rating })}>
      <span className="text-line">{stars}</span>
      <span className="absolute inset-y-0 start-0 overflow-hidden text-honey" style={{ width: `${pct}%` }}>
        {stars}
      </span>
    </span>
  );
}
