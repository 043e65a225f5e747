import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircle2, Clock3, Link2Off, MessageSquareText, PenLine, Star, UserRoundCheck } from 'lucide-react';
import type { ReviewOrder } from '../../../shared/schemas/review';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { keyIn } from '../../app/translation-keys';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { Seo } from '../../components/ui/seo';
import { loadDraft } from './review-draft';
import { ReviewForm, type SentValues } from './review-form';
import { StarsShown } from './star-rating';
import { useGetReviewOrderQuery, type ReviewLink, type SentReview } from './reviews-api';
import { SideNote } from '../../components/ui/side-note';

type Line = ReviewOrder['lines'][number];
type OwnReview = NonNullable<Line['review']>;

/** Refusals of the link itself, each with its own title and text (`reviewForm.linkErrors.<code>`). */
const linkCodes = ['review_link_invalid', 'review_link_expired', 'review_not_delivered'] as const;
type LinkCode = (typeof linkCodes)[number];

/** The code of a failed read of the order: one of the link's, or a failure worth trying again. */
function linkProblem(error: unknown): LinkCode | { code: string } {
  const failure = failureOf(error);
  if ((linkCodes as readonly string[]).includes(failure.code)) return failure.code as LinkCode;
  // A malformed link (a number or token the server's schema refuses) is an invalid link too.
  if (failure.status === 400 || failure.status === 404) return 'review_link_invalid';
  return { code: failure.code };
}

/** When a link cannot be used: what happened, and the way on (tracking the order, or asking the shop). */
function LinkProblem({ number, problem, onRetry }: { number: string; problem: LinkCode | { code: string }; onRetry: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const known = typeof problem === 'string';
  return (
    <div className="mx-auto mt-8 max-w-xl rounded-3xl bg-white p-6 text-center shadow-soft sm:p-10" data-testid="review-link-problem">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-sand text-amber-dark">
        {problem === 'review_not_delivered' ? <Clock3 size={26} aria-hidden="true" /> : <Link2Off size={26} aria-hidden="true" />}
      </span>
      <h1 ref={heading} tabIndex={-1} className="mt-5 font-display text-3xl font-semibold focus:outline-none sm:text-4xl">
        {known ? t(keyIn('reviewForm.linkErrors', `${problem}.title`)) : t('reviewForm.loadFailedTitle')}
      </h1>
      <p className="mt-3 leading-relaxed text-olive">
        {known ? t(keyIn('reviewForm.linkErrors', `${problem}.text`)) : t(errorKeys(problem.code, 'reviewForm.errors'))}
      </p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        {!known && (
          <button type="button" onClick={onRetry} className="btn btn-primary h-12">
            {t('common.retry')}
          </button>
        )}
        <Link to={number ? `/track?number=${encodeURIComponent(number)}` : '/track'} className={`btn h-12 ${known ? 'btn-primary' : 'btn-ghost'}`}>
          {t('footer.trackOrder')}
        </Link>
        <Link to="/contact" className="btn btn-ghost h-12">
          {t('nav.contact')}
        </Link>
      </div>
    </div>
  );
}

/** A review of the line as its buyer sees it: the stars, the title and the text, as typed. */
function OwnReviewText({ review }: { review: Pick<OwnReview, 'rating' | 'title' | 'body'> }) {
  return (
    <figure className="mt-3">
      <StarsShown rating={review.rating} />
      {review.title && (
        <p className="mt-2 font-semibold" dir="auto">
          {review.title}
        </p>
      )}
      <blockquote className="mt-1 line-clamp-4 whitespace-pre-line text-sm leading-relaxed text-olive" dir="auto">
        {review.body}
      </blockquote>
    </figure>
  );
}

/** The state of a line's review: waiting, published (with a new one on offer) or refused with the shop's reason. */
function ReviewState({ review, open, onWrite }: { review: OwnReview; open: boolean; onWrite: () => void }) {
  const { t } = useTranslation();
  if (review.status === 'pending')
    return (
      <div className="rounded-2xl bg-sand/60 p-4 sm:p-5" data-testid="review-state" data-status="pending">
        <p className="flex items-start gap-2 font-semibold text-ink">
          <Clock3 size={20} className="mt-0.5 shrink-0 text-amber-dark" aria-hidden="true" />
          {t('reviewForm.pendingTitle')}
        </p>
        <OwnReviewText review={review} />
      </div>
    );
  const published = review.status === 'published';
  return (
    <div className={`rounded-2xl p-4 sm:p-5 ${published ? 'bg-moss/10' : 'bg-[#fdf3f0]'}`} data-testid="review-state" data-status={review.status}>
      <p className="flex items-start gap-2 font-semibold text-ink">
        {published ? (
          <CheckCircle2 size={20} className="mt-0.5 shrink-0 text-moss" aria-hidden="true" />
        ) : (
          <MessageSquareText size={20} className="mt-0.5 shrink-0 text-rose" aria-hidden="true" />
        )}
        {published ? t('reviewForm.publishedTitle') : t('reviewForm.rejectedTitle')}
      </p>
      {!published && review.rejectReason && (
        <p className="mt-2 text-sm text-ink">
          <span className="font-semibold">{t('reviewForm.rejectedReason')}</span>{' '}
          <span dir="auto" data-testid="reject-reason">
            {review.rejectReason}
          </span>
        </p>
      )}
      <OwnReviewText review={review} />
      {open && (
        <div className="mt-4 flex flex-col gap-2 border-t border-line/70 pt-4 sm:flex-row sm:items-center sm:gap-4">
          <button type="button" onClick={onWrite} className="btn btn-ghost h-11 shrink-0">
            <PenLine size={16} aria-hidden="true" />
            {published ? t('reviewForm.writeNew') : t('reviewForm.writeAgain')}
          </button>
          <p className="text-sm text-muted">{published ? t('reviewForm.writeNewNote') : t('reviewForm.writeAgainNote')}</p>
        </div>
      )}
    </div>
  );
}

/** One product of the order: its picture, name and options, then its review's state, and the form when it is open. */
function LineCard({
  link,
  line,
  defaultName,
  expanded,
  thanked,
  onWrite,
  onClose,
  onSent,
  onStale,
}: {
  link: ReviewLink;
  line: Line;
  defaultName: string;
  /** The form is open (the first line to review, one with a draft, or one the buyer chose to write for). */
  expanded: boolean;
  thanked: SentReview['status'] | null;
  onWrite: () => void;
  onClose: () => void;
  onSent: (sent: SentReview, values: SentValues) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const thanks = useRef<HTMLParagraphElement>(null);
  // The form that had the focus is gone: the thanks take it, so a screen reader hears them.
  useEffect(() => {
    if (thanked) thanks.current?.focus();
  }, [thanked]);
  const options = [line.color && t(keyIn('colors', line.color)), line.size && t(keyIn('sizes', line.size))].filter(Boolean).join(' · ');
  const nameId = `review-line-${line.lineId}-name`;
  const review = line.review;
  const showForm = line.open && expanded;
  return (
    <article className="rounded-3xl bg-white p-5 shadow-soft sm:p-7" aria-labelledby={nameId} data-testid="review-line">
      <div className="flex items-center gap-4">
        {line.image ? (
          <img src={line.image} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-2xl bg-sand object-cover" />
        ) : (
          <span className="h-20 w-20 shrink-0 rounded-2xl bg-sand" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 id={nameId} className="font-display text-2xl font-semibold leading-tight">
            <Link to={`/product/${line.productId}`} className="hover:text-amber-dark">
              {line.name}
            </Link>
          </h2>
          {options && <p className="mt-1 text-sm text-muted">{options}</p>}
        </div>
      </div>
      {thanked && (
        <p
          ref={thanks}
          tabIndex={-1}
          role="status"
          className="mt-5 flex items-start gap-2 rounded-2xl bg-moss/10 p-4 text-sm font-semibold text-olive focus:outline-none"
          data-testid="review-thanks"
        >
          <CheckCircle2 size={20} className="shrink-0 text-moss" aria-hidden="true" />
          {thanked === 'published' ? t('reviewForm.sentPublished') : t('reviewForm.sentPending')}
        </p>
      )}
      {review && (
        <div className="mt-5">
          <ReviewState review={review} open={line.open && !showForm} onWrite={onWrite} />
        </div>
      )}
      {!review && line.open && !showForm && (
        <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">{t('reviewForm.invite')}</p>
          <button type="button" onClick={onWrite} className="btn btn-primary h-12 shrink-0">
            <PenLine size={16} aria-hidden="true" />
            {t('reviewForm.writeReview')}
          </button>
        </div>
      )}
      {showForm && (
        <div className="mt-5 border-t border-line pt-5">
          <ReviewForm
            link={link}
            lineId={line.lineId}
            defaultName={defaultName}
            replacing={review?.status === 'published'}
            onSent={onSent}
            onCancel={review ? onClose : undefined}
            onStale={onStale}
          />
        </div>
      )}
    </article>
  );
}

/** Beside the lines on a wide screen, under them on a phone: what helps other shoppers, and how reviews are read. */
function ReviewGuide({ defaultName }: { defaultName: string }) {
  const { t } = useTranslation();
  return (
    <SideNote id="review-guide" icon={Star} title={t('reviewForm.guideTitle')} className="lg:sticky lg:top-28">
      <ul className="mt-3 grid list-disc gap-2 ps-5 text-sm leading-relaxed text-olive marker:text-amber">
        <li>{t('reviewForm.guideScent')}</li>
        <li>{t('reviewForm.guideLasting')}</li>
        <li>{t('reviewForm.guidePhotos')}</li>
      </ul>
      <p className="mt-5 flex items-start gap-2 text-sm text-muted">
        <UserRoundCheck size={18} className="mt-0.5 shrink-0 text-moss" aria-hidden="true" />
        {t('reviewForm.privacy', { name: defaultName })}
      </p>
    </SideNote>
  );
}

/**
 * `/review/:number?e=&token=`: the buyer's review page behind the signed link of the "delivered"
 * e-mail, the order page and the account (decision 038). Each line of the order shows its review's
 * state, or the form; a link that is forged, expired or of an order not yet delivered says so and
 * leads to tracking the order.
 */
export default function ReviewPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { number = '' } = useParams();
  const [search] = useSearchParams();
  const link: ReviewLink = { number, e: search.get('e') ?? '', token: search.get('token') ?? '' };
  const complete = Boolean(number && /^\d+$/.test(link.e) && link.token);
  const { data: order, error, isLoading, isFetching, refetch } = useGetReviewOrderQuery({ ...link, lng }, { skip: !complete });
  /** Lines whose form the buyer opened (a new review after a published or refused one, or a further line). */
  const [writing, setWriting] = useState<Record<number, boolean>>({});
  const [thanked, setThanked] = useState<Record<number, SentReview['status']>>({});
  /** What was just sent, shown until the order is read again. */
  const [sent, setSent] = useState<Record<number, { status: SentReview['status']; values: SentValues }>>({});

  // A fresh read of the order replaces what the page showed since sending.
  useEffect(() => setSent({}), [order]);
  // Lines with a kept draft open their form again after a reload.
  useEffect(() => {
    if (!order) return;
    const drafts = order.lines.filter((l) => l.open && loadDraft(order.number, l.lineId));
    if (drafts.length) setWriting((w) => ({ ...Object.fromEntries(drafts.map((l) => [l.lineId, true])), ...w }));
    // Only when another order opens: a refetch keeps what the buyer opened or closed.
  }, [order?.number]); // eslint-disable-line react-hooks/exhaustive-deps

  const title = t('reviewForm.title');
  const intro = (
    <>
      <Seo titleTemplate={t('reviewForm.metaTitle')} />
      <Breadcrumb trail={[{ label: t('reviewForm.metaTitle') }]} />
    </>
  );
  // A refusal of the link wins over an order read before (it expired while the page was open);
  // a failed read otherwise leaves the order shown.
  const problem = !complete ? 'review_link_invalid' : error ? linkProblem(error) : null;
  if (problem && (typeof problem === 'string' || !order))
    return (
      <div className="container-shop py-10">
        {intro}
        <LinkProblem number={number} problem={problem} onRetry={() => void refetch()} />
      </div>
    );
  if (isLoading || !order)
    return (
      <div className="container-shop py-10" aria-busy="true">
        {intro}
        <div className="mt-8 h-64 animate-pulse rounded-3xl bg-sand/60" />
      </div>
    );

  const lines = order.lines.map((line): Line => {
    const just = sent[line.lineId];
    return just ? { ...line, open: just.status === 'published', review: { status: just.status, ...just.values, rejectReason: null } } : line;
  });
  // The first line still to review opens its form at once; the others wait for a tap.
  const firstToReview = lines.find((l) => l.open && !l.review)?.lineId;
  const until = formatShopTime(order.expiresAt, lng, { dateStyle: 'long' });
  const onSent = (lineId: number) => (answer: SentReview, values: SentValues) => {
    setSent((s) => ({ ...s, [lineId]: { status: answer.status, values } }));
    setThanked((s) => ({ ...s, [lineId]: answer.status }));
    setWriting((w) => ({ ...w, [lineId]: false }));
    void refetch();
  };

  return (
    <div className="container-shop py-10">
      {intro}
      <header className="mt-6">
        <p className="eyebrow">{t('reviewForm.eyebrow')}</p>
        <h1 className="mt-2 font-display text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg leading-relaxed text-olive">{t('reviewForm.lead')}</p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span>
            {t('reviewForm.orderNumber')} <bdi dir="ltr">{order.number}</bdi>
          </span>
          <span>{t('reviewForm.validUntil', { date: until })}</span>
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start" aria-busy={isFetching}>
        <section className="grid gap-5" aria-label={t('reviewForm.items')}>
          {lines.map((line) => (
            <LineCard
              key={line.lineId}
              link={link}
              line={line}
              defaultName={order.defaultName}
              expanded={writing[line.lineId] ?? line.lineId === firstToReview}
              thanked={thanked[line.lineId] ?? null}
              onWrite={() => setWriting((w) => ({ ...w, [line.lineId]: true }))}
              onClose={() => setWriting((w) => ({ ...w, [line.lineId]: false }))}
              onSent={onSent(line.lineId)}
              onStale={() => void refetch()}
            />
          ))}
        </section>
        <ReviewGuide defaultName={order.defaultName} />
      </div>
    </div>
  );
}
