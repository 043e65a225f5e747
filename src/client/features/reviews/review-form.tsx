import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Send } from 'lucide-react';
import { REVIEW_BODY, REVIEW_NAME_MAX, REVIEW_TITLE_MAX } from '../../../shared/domain/reviews';
import { normalizeLanguage } from '../../../shared/domain/languages';
import { reviewInputSchema } from '../../../shared/schemas/review';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { fieldId, FormAlert, ShopFormProvider, Textarea, TextInput, useShopForm } from '../../components/form';
import { PhotoPicker } from './photo-picker';
import { forgetDraft, loadDraft, saveDraft, type ReviewDraft } from './review-draft';
import { placeFailure } from './review-errors';
import { sendReview, type ReviewLink, type SentReview } from './reviews-api';
import { StarRating } from './star-rating';
import { useReviewPhotos } from './use-review-photos';

/**
 * The form's check: the server's own rules for the fields the buyer types (the line and language
 * are the page's). Its rating is coerced from any input; the form holds it as text ('' or '1'…'5').
 */
const reviewFormSchema = reviewInputSchema.pick({ rating: true, title: true, body: true, displayName: true }) as unknown as z.ZodType<unknown, ReviewDraft>;

/** A review as sent, for the line to show before the order is read again. */
export type SentValues = Pick<ReviewDraft, 'title' | 'body'> & { rating: number };

/**
 * One order line's review form: stars, title, text with its counter, the name shown and up to three
 * photos, checked by the server's schema, kept as a draft while typed (photos aside), and sent in
 * one multipart request with its upload progress. The server's refusals show beside the fields,
 * under the photos or above the form.
 */
export function ReviewForm({
  link,
  lineId,
  defaultName,
  replacing = false,
  onSent,
  onCancel,
  onStale,
}: {
  link: ReviewLink;
  lineId: number;
  defaultName: string;
  /** The line has a published review, which this one replaces once the shop publishes it. */
  replacing?: boolean;
  onSent: (sent: SentReview, values: SentValues) => void;
  onCancel?: () => void;
  /** The order changed under the page (the link expired, a review already waits): read it again. */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation();
  const idPrefix = `review-${lineId}`;
  const [initial] = useState<ReviewDraft>(() => {
    const draft = loadDraft(link.number, lineId);
    return draft ? { ...draft, displayName: draft.displayName || defaultName } : { rating: '', title: '', body: '', displayName: defaultName };
  });
  const shop = useShopForm<ReviewDraft>({
    schema: reviewFormSchema,
    raw: true,
    idPrefix,
    defaultValues: initial,
    onDraft: (values) => saveDraft(link.number, lineId, { ...initial, ...values }),
  });
  const [alert, setAlert] = useState<string | null>(null);
  const photos = useReviewPhotos();
  const [progress, setProgress] = useState<number | null>(null);
  const sending = useRef<AbortController | null>(null);
  // Leaving the page stops the upload.
  useEffect(() => () => sending.current?.abort(), []);

  const body = shop.form.watch('body') ?? '';
  const busy = progress !== null;

  const send = async (values: ReviewDraft) => {
    setAlert(null);
    photos.setError(null);
    const form = new FormData();
    form.append('lineId', String(lineId));
    form.append('rating', values.rating);
    form.append('title', values.title);
    form.append('body', values.body);
    form.append('displayName', values.displayName);
    form.append('language', normalizeLanguage(i18n.resolvedLanguage));
    for (const photo of photos.photos) form.append('photos', photo.file, photo.file.name);
    const controller = new AbortController();
    sending.current = controller;
    setProgress(0);
    try {
      const sent = await sendReview(link, form, setProgress, controller.signal);
      forgetDraft(link.number, lineId);
      onSent(sent, { rating: Number(values.rating), title: values.title.trim(), body: values.body.trim() });
    } catch (err) {
      const placed = placeFailure(failureOf(err));
      shop.applyServerErrors(placed.fields);
      if (placed.photos) {
        photos.setError(placed.photos);
        if (!Object.keys(placed.fields).length) shop.focusFirst(['photos']);
      }
      if (placed.alert) setAlert(placed.alert);
      if (placed.refetch) onStale();
    } finally {
      if (sending.current === controller) sending.current = null;
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  const counter =
    body.length < REVIEW_BODY.min
      ? t('reviewForm.counterMin', { count: body.length, max: REVIEW_BODY.max, min: REVIEW_BODY.min })
      : t('reviewForm.counter', { count: body.length, max: REVIEW_BODY.max });

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(send)} className="grid gap-5" aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`} className="sr-only">
        {replacing ? t('reviewForm.writeNew') : t('reviewForm.writeReview')}
      </h3>
      {replacing && <p className="rounded-2xl bg-sand/60 p-3 text-sm text-olive">{t('reviewForm.writeNewNote')}</p>}
      {alert && <FormAlert>{t(errorKeys(alert, 'reviewForm.errors'))}</FormAlert>}
      <StarRating />
      <TextInput name="title" label={t('reviewForm.reviewTitle')} aside={t('reviewForm.optional')} maxLength={REVIEW_TITLE_MAX} dir="auto" autoComplete="off" />
      <Textarea
        name="body"
        label={t('reviewForm.body')}
        aside={counter}
        rows={6}
        maxLength={REVIEW_BODY.max}
        dir="auto"
        inputClassName="min-h-36 resize-y leading-relaxed"
      />
      <TextInput
        name="displayName"
        label={t('reviewForm.displayName')}
        hint={t('reviewForm.displayNameHint')}
        maxLength={REVIEW_NAME_MAX}
        dir="auto"
        autoComplete="nickname"
      />
      <PhotoPicker
        id={fieldId(idPrefix, 'photos')}
        photos={photos.photos}
        preparing={photos.preparing}
        error={photos.error ? t(errorKeys(photos.error, 'reviewForm.errors')) : undefined}
        disabled={busy}
        onAdd={(files) => void photos.add(files)}
        onRemove={photos.remove}
      />
      {busy && (
        <div
          role="progressbar"
          aria-label={t('reviewForm.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-sand"
          data-testid="review-progress"
        >
          <div className="h-full rounded-full bg-amber transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" disabled={busy || photos.preparing > 0} className="btn btn-primary h-12 px-8">
          <Send size={16} aria-hidden="true" className="rtl:-scale-x-100" />
          {busy ? t('reviewForm.sending', { percent }) : t('reviewForm.submit')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={busy} className="btn btn-ghost h-12">
            {t('reviewForm.cancel')}
          </button>
        )}
      </div>
    </ShopFormProvider>
  );
}
