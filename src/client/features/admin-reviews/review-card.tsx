import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, History, MessageSquareReply, Store, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { AdminReview } from '../../../shared/schemas/review';
import { Badge } from '../admin';
import { useReviewFormat } from './format';
import { isolate } from '../../../shared/domain/bidi';

export interface ReviewActions {
  onPublish: (r: AdminReview) => void;
  onReject: (r: AdminReview) => void;
  onReply: (r: AdminReview) => void;
  onPhoto: (r: AdminReview, index: number) => void;
  /** The review whose publication is on its way. */
  publishingId: number | undefined;
}

/** The element id of a review's card: the page moves the focus to a card after a decision. */
export const reviewCardId = (id: number) => `review-${id}`;

/**
 * The review's stars, with the number for screen readers. The admin's own: the storefront's
 * RatingStars shares a chunk of the product pages, which an import from here would split.
 */
function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('admin-reviews');
  return (
    <span role="img" aria-label={t('card.stars', { rating })} className="text-lg leading-none tracking-[0.15em]">
      <span className="text-honey">{'★'.repeat(rating)}</span>
      <span className="text-line">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * One review for the merchant: its stars, title and text as the buyer wrote them (plain text, in
 * the language and direction it was written in, whatever the admin's), photos, the reject reason
 * or the shop's reply; beside it who wrote it, the product, the order (the merchant sees its
 * number, shoppers never do), the dates, and the decisions the admin's role may take.
 */
export function ReviewCard({ r, actions, writable }: { r: AdminReview; actions: ReviewActions; writable: boolean }) {
  const { t, i18n } = useTranslation('admin-reviews');
  const fmt = useReviewFormat();
  const lang = r.language;
  const dir = i18n.dir(lang);
  const titleId = `${reviewCardId(r.id)}-title`;
  const busy = actions.publishingId === r.id;
  const canReply = r.status === 'pending' || r.status === 'published';
  const button = 'btn h-9 !px-4 text-sm';

  return (
    <article
      id={reviewCardId(r.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="grid grid-cols-1 gap-4 px-4 py-5 outline-none focus-visible:bg-ivory sm:px-6 lg:grid-cols-[1fr_320px] lg:gap-8"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={r.rating} />
          {r.replacesId !== null && (
            <Badge tone="bg-sky-100 text-sky-800">
              <History size={12} aria-hidden="true" className="me-1.5" />
              {t('card.replaces')}
            </Badge>
          )}
        </div>
        <h3 id={titleId} className="mt-2 text-base font-semibold break-words text-ink">
          {r.title ? (
            <span lang={lang} dir={dir} className="block">
              {r.title}
            </span>
          ) : (
            <span className="block">{t('card.untitled', { name: isolate(r.displayName) })}</span>
          )}
        </h3>
        <p lang={lang} dir={dir} className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-ink/90">
          {r.body}
        </p>

        {r.photos.length > 0 && (
          <ul dir={dir} className="mt-3 flex flex-wrap gap-2" aria-label={t('card.photos')}>
            {r.photos.map((p, i) => (
              <li key={p.src}>
                <button
                  type="button"
                  onClick={() => actions.onPhoto(r, i)}
                  className="block overflow-hidden rounded-lg ring-1 ring-line hover:ring-ink"
                  aria-label={t('card.photo', { n: i + 1, total: r.photos.length })}
                >
                  <img src={p.src} srcSet={p.srcSet} sizes="80px" width={80} height={80} alt="" loading="lazy" className="h-20 w-20 bg-sand object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}

        {r.status === 'rejected' && r.rejectReason && (
          <div className="mt-3 rounded-xl border border-rose/30 bg-rose/5 px-3 py-2 text-sm">
            <p className="text-xs font-semibold text-rose">{t('card.rejectReason')}</p>
            <p dir="auto" className="mt-0.5 break-words whitespace-pre-line text-ink">
              {r.rejectReason}
            </p>
          </div>
        )}

        {r.reply && (
          <div className="mt-3 rounded-xl border border-honey/60 bg-ivory px-3 py-2 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 text-xs font-semibold text-muted">
              <Store size={13} aria-hidden="true" />
              {t('card.reply')}
              <time dateTime={r.reply.at} className="font-normal">
                · {fmt.time(r.reply.at)}
              </time>
            </p>
            <p dir="auto" className="mt-0.5 break-words whitespace-pre-line text-ink">
              {r.reply.text}
            </p>
          </div>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-4 text-sm">
        <dl className="grid gap-1.5 rounded-xl bg-ivory p-3">
          <Fact label={t('card.name')}>
            <bdi className="font-semibold">{r.displayName}</bdi>
          </Fact>
          <Fact label={t('card.product')}>
            <Link to={`/admin/products/edit/${r.product.id}`} className="font-semibold underline underline-offset-2">
              {r.product.name}
            </Link>
          </Fact>
          <Fact label={t('card.order')}>
            <Link to={`/admin/orders?q=${encodeURIComponent(r.orderNumber)}`} className="font-mono text-sm font-semibold underline underline-offset-2">
              <bdi dir="ltr">{r.orderNumber}</bdi>
            </Link>
          </Fact>
          <Fact label={t('card.written')}>
            <time dateTime={r.createdAt}>{fmt.time(r.createdAt)}</time>
          </Fact>
          {r.publishedAt && (
            <Fact label={t('card.published')}>
              <time dateTime={r.publishedAt}>{fmt.time(r.publishedAt)}</time>
            </Fact>
          )}
          {r.status !== 'pending' && <Fact label={t('card.helpful')}>{fmt.number(r.helpful)}</Fact>}
        </dl>

        {writable && r.status !== 'replaced' && r.status !== 'rejected' && (
          <div className="flex flex-wrap gap-2">
            {r.status === 'pending' && (
              <button type="button" className={`${button} btn-primary`} disabled={busy} onClick={() => actions.onPublish(r)}>
                <Check size={16} aria-hidden="true" />
                {busy ? t('actions.publishing') : t('actions.publish')}
              </button>
            )}
            <button type="button" className={`${button} btn-ghost text-rose`} disabled={busy} onClick={() => actions.onReject(r)}>
              <X size={16} aria-hidden="true" />
              {t('actions.reject')}
            </button>
            {canReply && (
              <button type="button" className={`${button} btn-ghost`} disabled={busy} onClick={() => actions.onReply(r)}>
                <MessageSquareReply size={16} aria-hidden="true" className="rtl:-scale-x-100" />
                {r.reply ? t('actions.editReply') : t('actions.reply')}
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
