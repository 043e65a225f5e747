import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { keyIn } from '../../app/translation-keys';
import { currencySymbol, parseEgp } from '../../../shared/domain/currency';
import { refundRequestSchema, type AdminOrder, type RefundRequest } from '../../../shared/schemas/admin-order';
import { FormAlert, ShopFormProvider, Textarea, TextInput, useShopForm } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import type { OrderFormat } from './format';
import { useRefundAdminOrderMutation } from './orders-api';

/** The refund as typed: the amount as EGP text ("150", "150.50"), and the reason the shopper is told. */
export interface RefundFormValues {
  amount: string;
  reason: string;
}

/**
 * The typed refund checked by the server's own schema: the EGP text becomes piastres through the
 * shop's parser (`parseEgp`: "150" is 15000, "150.50" is 15050, Arabic digits too; more than two
 * decimals is refused), then `refundRequestSchema`, and no more than `refundable` piastres.
 */
export function refundFormSchema(refundable: number) {
  return z
    .object({ amount: z.string(), reason: z.string() })
    .transform((v) => ({ amount: parseEgp(v.amount) ?? undefined, reason: v.reason }))
    .pipe(refundRequestSchema.refine((r) => r.amount <= refundable, { message: 'refund_too_much', path: ['amount'] }));
}

/**
 * Gives money paid online back: the amount (prefilled with all that is left) and the reason, then a
 * confirmation naming the amount, then the request. A field the server refuses shows beside it;
 * any other refusal above the form. `onClose` after a refund or a cancel.
 */
export function RefundForm({ order, refundable, fmt, onClose }: { order: AdminOrder; refundable: number; fmt: OrderFormat; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin-orders', 'translation']);
  const schema = useMemo(() => refundFormSchema(refundable), [refundable]);
  const errorText = useCallback(
    (code: string | undefined) => (code ? t([keyIn('admin-orders:refund.errors', code), 'admin-orders:refund.errors.invalid']) : undefined),
    [t],
  );
  const shop = useShopForm<RefundFormValues, RefundRequest>({
    schema,
    idPrefix: 'refund',
    errorText,
    defaultValues: { amount: (refundable / 100).toFixed(2), reason: '' },
  });
  const [refund, { isLoading }] = useRefundAdminOrderMutation();
  const [review, setReview] = useState<RefundRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (request: RefundRequest) => {
    setFailure(null);
    try {
      await refund({ id: order.id, ...request }).unwrap();
      showToast('success', t('refund.done', { amount: fmt.money(request.amount), number: order.number }));
      onClose();
    } catch (err) {
      const f = failureOf(err);
      setReview(null);
      if (f.code === 'validation' && shop.applyServerErrors(f.fields).length > 0) return;
      const text = t(errorKeys(f.code, 'admin-orders:refund.errors'));
      setFailure(text);
      // A 409 reloads the order, which may take this form away: the toast stays to say why.
      if (f.status === 409) showToast('error', text);
    }
  };

  return (
    <div className="rounded-xl border border-line bg-ivory/60 p-4">
      <h3 id="refund-title" className="font-semibold">
        {t('refund.title')}
      </h3>
      {failure && <FormAlert className="mt-3">{failure}</FormAlert>}
      {review ? (
        <div role="alertdialog" aria-labelledby="refund-confirm-title" aria-describedby="refund-confirm-text" className="mt-3">
          <p id="refund-confirm-title" className="text-lg font-semibold">
            <bdi>{t('refund.confirmTitle', { amount: fmt.money(review.amount) })}</bdi>
          </p>
          <p id="refund-confirm-text" className="mt-1 text-sm text-muted">
            {t('refund.confirmText', { method: t(`payment.method.${order.payment.method}`) })}
          </p>
          <p className="mt-2 rounded-lg bg-white px-3 py-2 text-sm whitespace-pre-line" dir="auto">
            {review.reason}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" disabled={isLoading} onClick={() => void send(review)} className="btn btn-primary !py-2 text-sm" autoFocus>
              {isLoading ? t('refund.sending') : t('refund.confirm', { amount: fmt.money(review.amount) })}
            </button>
            <button type="button" disabled={isLoading} onClick={() => setReview(null)} className="btn btn-ghost !py-2 text-sm">
              {t('refund.back')}
            </button>
          </div>
        </div>
      ) : (
        <ShopFormProvider
          shop={shop}
          onSubmit={shop.handleSubmit((request) => {
            setFailure(null);
            setReview(request);
          })}
          aria-labelledby="refund-title"
          className="mt-3 grid gap-4"
        >
          <TextInput
            name="amount"
            label={t('refund.amount')}
            hint={t('refund.amountHint', { amount: fmt.money(refundable) })}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            start={currencySymbol('EGP', i18n.language)}
            inputClassName="!ps-12 tabular-nums"
            className="sm:max-w-64"
          />
          <Textarea
            name="reason"
            label={t('refund.reason')}
            hint={t('refund.reasonHint')}
            placeholder={t('refund.reasonPlaceholder')}
            maxLength={300}
            rows={2}
            dir="auto"
            inputClassName="resize-y text-sm"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary !py-2 text-sm">
              {t('refund.review')}
            </button>
            <button type="button" onClick={onClose} className="btn btn-ghost !py-2 text-sm">
              {t('refund.cancel')}
            </button>
          </div>
        </ShopFormProvider>
      )}
    </div>
  );
}
