import { useState } from 'react';
import { BadgeCheck, MessageSquareReply } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { RatingStars } from '../../components/product/rating-stars';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { PublicReview } from '../../../shared/schemas/review';
import { HelpfulButton } from './helpful-button';
import { PhotoLightbox } from './photo-lightbox';

/** The review's photos as thumbnails (the 400 px picture); each opens the viewer at it. */
function Thumbnails({ review }: { review: PublicReview }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (review.photos.length === 0) return null;
  return (
    <>
      <ul className="mt-4 flex flex-wrap gap-2">
        {review.photos.map((photo, i) => (
          <li key={photo.src}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t('reviews.openPhoto', { n: i + 1, total: review.photos.length })}
              className="block overflow-hidden rounded-xl border border-line bg-sand transition hover:opacity-90"
              data-testid="review-photo"
            >
              <img src={photo.src} srcSet={photo.srcSet} sizes="80px" width={80} height={80} alt="" loading="lazy" className="h-20 w-20 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <PhotoLightbox photos={review.photos} index={open} name={review.displayName} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * One published review: stars, date, the title and text in the language they were written in (with
 * its `lang` and direction: an Arabic review reads right to left on an English page too), as plain
 * text with its line breaks, the photos, who wrote it, the shop's reply, and "Was this helpful?".
 */
export function ReviewItem({ review, first }: { review: PublicReview; first?: boolean }) {
  const { t, i18n } = useTranslation();
  const written = review.language;
  const arabic = written === 'ar';
  return (
    <article
      className="rounded-2xl bg-white p-5 shadow-soft outline-offset-4 sm:p-6"
      data-testid="review"
      // The first of a page loaded by "Show more" takes the focus, so the keyboard carries on from it.
      tabIndex={first ? -1 : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} />
        <time dateTime={review.publishedAt} className="text-sm text-muted">
          {formatShopTime(review.publishedAt, i18n.language, { dateStyle: 'long' })}
        </time>
      </div>
      <div lang={written} dir={i18n.dir(written)} className={`mt-3 ${arabic ? 'font-arabic' : ''}`} data-testid="review-text">
        {review.title && <h3 className={`text-xl font-semibold leading-snug text-ink ${arabic ? '' : 'font-display'}`}>{review.title}</h3>}
        <p className="mt-1.5 whitespace-pre-line break-words leading-relaxed text-olive">{review.body}</p>
      </div>
      <Thumbnails review={review} />
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <bdi className="font-semibold text-ink">{review.displayName}</bdi>
        <span className="inline-flex items-center gap-1 text-moss">
          <BadgeCheck size={16} aria-hidden="true" />
          {t('reviews.verified')}
        </span>
      </p>
      {review.reply && (
        <div className="mt-4 rounded-xl border-s-2 border-honey bg-sand/60 p-4 text-sm" data-testid="review-reply">
          <p className="flex items-center gap-2 font-semibold text-ink">
            <MessageSquareReply size={15} className="text-amber-dark" aria-hidden="true" />
            {t('reviews.reply')}
          </p>
          <p dir="auto" className="mt-1.5 whitespace-pre-line break-words leading-relaxed text-olive">
            {review.reply.text}
          </p>
        </div>
      )}
      <HelpfulButton id={review.id} helpful={review.helpful} />
    </article>
  );
}
