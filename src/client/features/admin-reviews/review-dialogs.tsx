import { useState } from 'react';
import { ExternalLink, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { FormAlert, ShopFormProvider, Textarea, useShopForm, type ErrorText } from '../../components/form';
import { failureOf } from '../../app/api-failure';
import { showToast } from '../../components/ui/toast';
import { REVIEW_BODY } from '../../../shared/domain/reviews';
import type { AdminReview } from '../../../shared/schemas/review';
import { reviewRejectSchema, reviewReplySchema } from '../../../shared/schemas/review-moderation';
import { Dialog, IconButton } from '../admin';
import { useRejectReviewMutation, useReplyToReviewMutation } from './api';
import { useReviewErrorText } from './format';

/** Longest reject reason (`reviewRejectSchema`). */
const REASON_MAX = 300;

/** The review a dialog is about, in a line: its title (or the start of its text) and who wrote it, as written. */
function ReviewQuote({ r }: { r: AdminReview }) {
  const { t } = useTranslation('admin-reviews');
  const text = r.title || (r.body.length > 90 ? `${r.body.slice(0, 90)}…` : r.body);
  return (
    <p className="mt-2 text-sm text-muted">
      {t('dialog.about')}{' '}
      <q lang={r.language} dir="auto" className="font-semibold text-ink">
        {text}
      </q>{' '}
      · <bdi>{r.displayName}</bdi>
    </p>
  );
}

/** The form errors of one dialog: its own words for a field code, then the page's. */
function useFieldErrorText(own: Record<string, string>): ErrorText {
  const errorText = useReviewErrorText();
  return (code) => (code && own[code]) || errorText(code);
}

function DialogButtons({ busy, confirm, onCancel, tone = 'primary' }: { busy: boolean; confirm: string; onCancel: () => void; tone?: 'danger' | 'primary' }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      <button type="button" onClick={onCancel} className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink">
        {t('common.cancel')}
      </button>
      <button
        type="submit"
        disabled={busy}
        className={`h-10 rounded-full px-5 text-sm font-semibold disabled:opacity-60 ${tone === 'danger' ? 'bg-rose text-white hover:bg-rose/90' : 'bg-ink text-ivory hover:bg-olive'}`}
      >
        {busy ? t('common.saving') : confirm}
      </button>
    </div>
  );
}

/**
 * Rejecting a review asks the reason the buyer will read on their review page (3 to 300
 * characters, checked by the server's schema here too). A refusal keeps the dialog and the text.
 */
function RejectForm({ r, onDone, onCancel }: { r: AdminReview; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin-reviews');
  const errorText = useFieldErrorText({ too_short: t('errors.reasonTooShort'), required: t('errors.reasonTooShort'), too_long: t('errors.reasonTooLong') });
  const [banner, setBanner] = useState<string | null>(null);
  const [reject, { isLoading }] = useRejectReviewMutation();
  const shop = useShopForm<{ reason: string }>({ schema: reviewRejectSchema, idPrefix: 'review-reject', errorText, defaultValues: { reason: '' } });

  const onValid = async ({ reason }: { reason: string }) => {
    setBanner(null);
    try {
      await reject({ id: r.id, reason }).unwrap();
      showToast('success', t('actions.rejected'));
      onDone();
    } catch (e) {
      const failure = failureOf(e);
      if (shop.applyServerErrors(failure.fields).length === 0) setBanner(errorText(failure.code) ?? null);
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="p-6" aria-labelledby="review-reject-title">
      <h2 id="review-reject-title" className="font-display text-2xl font-semibold">
        {t('reject.title')}
      </h2>
      <ReviewQuote r={r} />
      {r.status === 'published' && <p className="mt-3 rounded-xl bg-honey/15 p-3 text-sm text-ink">{t('reject.publishedNote')}</p>}
      {banner && <FormAlert className="mt-4">{banner}</FormAlert>}
      <Textarea
        name="reason"
        label={t('reject.reason')}
        hint={t('reject.reasonHint')}
        rows={3}
        maxLength={REASON_MAX}
        className="mt-4"
        // The first thing to do here is to write the reason.
        autoFocus
      />
      <DialogButtons busy={isLoading} confirm={t('reject.confirm')} onCancel={onCancel} tone="danger" />
    </ShopFormProvider>
  );
}

/** The shop's reply under a review, written or changed; an empty reply removes it. */
function ReplyForm({ r, onDone, onCancel }: { r: AdminReview; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin-reviews');
  const errorText = useFieldErrorText({ too_long: t('errors.replyTooLong') });
  const [banner, setBanner] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const shop = useShopForm<{ text: string }>({ schema: reviewReplySchema, idPrefix: 'review-reply', errorText, defaultValues: { text: r.reply?.text ?? '' } });

  const onValid = async ({ text }: { text: string }) => {
    setBanner(null);
    try {
      await reply({ id: r.id, text }).unwrap();
      showToast('success', text ? t('actions.replySaved') : t('actions.replyRemoved'));
      onDone();
    } catch (e) {
      const failure = failureOf(e);
      if (shop.applyServerErrors(failure.fields).length === 0) setBanner(errorText(failure.code) ?? null);
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="p-6" aria-labelledby="review-reply-title">
      <h2 id="review-reply-title" className="font-display text-2xl font-semibold">
        {r.reply ? t('reply.editTitle') : t('reply.title')}
      </h2>
      <ReviewQuote r={r} />
      {banner && <FormAlert className="mt-4">{banner}</FormAlert>}
      <Textarea name="text" label={t('reply.text')} hint={t('reply.hint')} rows={5} maxLength={REVIEW_BODY.max} dir="auto" className="mt-4" autoFocus />
      <DialogButtons busy={isLoading} confirm={t('reply.save')} onCancel={onCancel} />
    </ShopFormProvider>
  );
}

/** The dialog of a decision that needs words: a reject reason, or the shop's reply. */
export function ReviewDialog({
  open,
  onDone,
  onClose,
}: {
  open: { kind: 'reject' | 'reply'; review: AdminReview } | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const labelledBy = open?.kind === 'reply' ? 'review-reply-title' : 'review-reject-title';
  return (
    <Dialog open={open !== null} labelledBy={labelledBy} onClose={onClose}>
      {open?.kind === 'reject' && <RejectForm key={open.review.id} r={open.review} onDone={onDone} onCancel={onClose} />}
      {open?.kind === 'reply' && <ReplyForm key={open.review.id} r={open.review} onDone={onDone} onCancel={onClose} />}
    </Dialog>
  );
}

/** A review's photo at full size (1200 px wide), with the way to open it alone in a new tab. */
export function PhotoDialog({ open, onClose }: { open: { review: AdminReview; index: number } | null; onClose: () => void }) {
  const { t } = useTranslation('admin-reviews');
  const photo = open?.review.photos[open.index];
  return (
    <Dialog open={open !== null} labelledBy="review-photo-title" onClose={onClose} className="h-[min(52rem,calc(100dvh-2rem))] w-[min(48rem,calc(100vw-1rem))]">
      {open && photo && (
        <div className="flex h-full flex-col">
          <header className="flex items-center gap-3 border-b border-line/70 px-5 py-3">
            <h2 id="review-photo-title" className="min-w-0 flex-1 truncate text-base font-semibold">
              {t('photo.title', { n: open.index + 1, total: open.review.photos.length })} · <bdi>{open.review.displayName}</bdi>
            </h2>
            <a href={photo.src} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-semibold underline">
              <ExternalLink size={14} aria-hidden="true" />
              {t('photo.open')}
            </a>
            <IconButton
              label={t('photo.close')}
              icon={<X size={20} aria-hidden="true" />}
              onClick={onClose}
              className="-me-2 rounded-full p-2 hover:bg-sand"
              autoFocus
            />
          </header>
          <div className="min-h-0 flex-1 bg-ivory p-3">
            <img
              src={photo.src}
              width={photo.width}
              height={photo.height}
              alt={t('photo.title', { n: open.index + 1, total: open.review.photos.length })}
              // Contained in the frame whatever its shape (a rule no other page needs, so no class for it in the shared style sheet).
              style={{ objectFit: 'contain' }}
              className="h-full w-full rounded-lg"
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
