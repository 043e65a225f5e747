import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Check, PhoneOff, X } from 'lucide-react';
import {
  canRecordConfirmation,
  confirmationAnswers,
  statusAfterAnswer,
  type ConfirmationAnswer,
  type ConfirmationState,
} from '../../../shared/domain/cod-confirmation';
import type { OrderStatusValue } from '../../../shared/domain/order-status';
import { languageLabels, normalizeLanguage } from '../../../shared/domain/languages';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { WhatsAppIcon } from '../../components/layout/chat-button';
import { showToast } from '../../components/ui/toast';
import { Card } from '../admin';
import { ConfirmDialog } from '../admin-products';
import { useRecordOrderConfirmationMutation } from './orders-api';
import type { OrderFormat } from './format';

const answerIcon = { confirmed: Check, no_answer: PhoneOff, refused: X } as const;
const stateTone: Record<ConfirmationState, string> = {
  awaiting: 'bg-honey/20 text-amber-dark',
  confirmed: 'bg-moss/15 text-olive',
  no_answer: 'bg-stone-200 text-stone-700',
  refused: 'bg-rose/10 text-rose',
};
/**
 * The answers are a choice of what the customer said, drawn as a list of options (a round mark, the
 * answer, what it does), unlike the status buttons below, which are actions: the chosen one is filled.
 */
const answerTone = (answer: ConfirmationAnswer, chosen: boolean) =>
  chosen
    ? answer === 'refused'
      ? 'border-rose bg-rose/5'
      : answer === 'confirmed'
        ? 'border-olive bg-moss/10'
        : 'border-stone-500 bg-stone-100'
    : 'border-line bg-white hover:border-ink';
const markTone = { confirmed: 'border-olive bg-olive', no_answer: 'border-stone-600 bg-stone-600', refused: 'border-rose bg-rose' } as const;

/** A pending order's confirmation state in the orders list: to confirm, no answer, refused; nothing once it has moved on. */
export function ConfirmationBadge({ status, confirmation }: { status: OrderStatusValue; confirmation: ConfirmationState }) {
  const { t } = useTranslation('admin-orders');
  if (status !== 'pending' || confirmation === 'confirmed') return null;
  const label = confirmation === 'awaiting' ? t('confirmation.toConfirm') : t(`confirmation.answer.${confirmation}`);
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold ${stateTone[confirmation]}`}>
      <WhatsAppIcon className="h-3 w-3" />
      {label}
    </span>
  );
}

/**
 * Cash-on-delivery confirmation (decision 022): a link that opens WhatsApp with the customer's
 * number and the order typed in the order's language (built by the server), then the customer's
 * answer in one click. Shown while an answer may be recorded, and afterwards when one was.
 */
export function WhatsAppConfirmation({ order, fmt, onConflict }: { order: AdminOrder; fmt: OrderFormat; onConflict: () => void }) {
  const { t } = useTranslation('admin-orders');
  const [record, { isLoading }] = useRecordOrderConfirmationMutation();
  // An answer that moves the order (a pending order the customer confirmed) asks first.
  const [asking, setAsking] = useState<ConfirmationAnswer | null>(null);
  const open = canRecordConfirmation(order.status);
  if (!open && order.confirmation === 'awaiting') return null;

  const choose = (answer: ConfirmationAnswer) => {
    if (statusAfterAnswer(order.status, answer)) setAsking(answer);
    else void save(answer);
  };
  const save = async (answer: ConfirmationAnswer) => {
    try {
      const done = await record({ id: order.id, answer }).unwrap();
      const moved = done.status !== order.status;
      showToast(
        'success',
        moved
          ? t('confirmation.savedConfirmed', { number: order.number })
          : t('confirmation.saved', { number: order.number, answer: t(`confirmation.answer.${answer}`) }),
      );
    } catch (e) {
      const err = e as { status?: number | string; data?: { error?: { code?: string } } };
      if (err.status === 409 || err.status === 404) {
        showToast('error', t(`errors.${err.data?.error?.code === 'order_not_found' ? 'order_not_found' : 'status_conflict'}`));
        onConflict();
      } else showToast('error', t(err.status === 'FETCH_ERROR' ? 'errors.network' : 'errors.generic'));
    } finally {
      setAsking(null);
    }
  };

  return (
    <Card title={t('confirmation.title')} className="print:hidden">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTone[order.confirmation]}`}
          data-testid="confirmation-state"
        >
          {t(`confirmation.state.${order.confirmation}`)}
        </span>
        {order.confirmationAt && <span className="text-xs text-muted">{t('confirmation.recordedAt', { date: fmt.date(order.confirmationAt) })}</span>}
      </p>
      {open &&
        (order.whatsapp ? (
          <>
            <a
              href={order.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="btn mt-4 w-full !py-2.5 text-sm bg-whatsapp text-white hover:bg-whatsapp-dark"
            >
              <WhatsAppIcon className="h-5 w-5" />
              {t('confirmation.send')}
            </a>
            <p className="mt-1.5 text-xs text-muted">{t('confirmation.sendHint', { language: languageLabels[normalizeLanguage(order.language)] })}</p>
          </>
        ) : (
          <p className="mt-4 rounded-xl bg-ivory p-3 text-sm text-muted">{t('confirmation.noWhatsapp')}</p>
        ))}
      {open && (
        <fieldset className="mt-4">
          <legend className="mb-1 text-sm font-semibold">{t('confirmation.answerLabel')}</legend>
          <p className="mb-2 text-xs text-muted">{t('confirmation.answerHint')}</p>
          <div className="grid gap-2">
            {confirmationAnswers.map((answer) => {
              const Icon = answerIcon[answer];
              const chosen = order.confirmation === answer;
              return (
                <button
                  key={answer}
                  type="button"
                  disabled={isLoading}
                  aria-pressed={chosen}
                  aria-labelledby={`answer-label-${answer}`}
                  aria-describedby={`answer-effect-${answer}`}
                  onClick={() => choose(answer)}
                  className={`flex min-h-11 w-full items-start gap-3 rounded-xl border px-3 py-2.5 text-start transition-colors disabled:opacity-60 ${answerTone(answer, chosen)}`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${chosen ? `${markTone[answer]} text-white` : 'border-stone-400 bg-white'}`}
                  >
                    {chosen && <Icon size={12} strokeWidth={3} />}
                  </span>
                  <span className="min-w-0">
                    <span id={`answer-label-${answer}`} className="block text-sm font-semibold">
                      {t(`confirmation.answer.${answer}`)}
                    </span>
                    <span id={`answer-effect-${answer}`} className="block text-xs text-muted">
                      {t(statusAfterAnswer(order.status, answer) ? `confirmation.effect.moves` : `confirmation.effect.${answer}`)}
                    </span>
                  </span>
                </button>
              );
            })}
          </div>
          {order.confirmation === 'refused' && order.nextStatuses.includes('cancelled') && (
            <p className="mt-3 rounded-xl bg-rose/5 p-3 text-xs text-rose">{t('confirmation.refusedHint')}</p>
          )}
        </fieldset>
      )}
      <ConfirmDialog
        open={asking !== null}
        tone="primary"
        title={t('confirmation.ask.title', { number: order.number })}
        confirmLabel={t('confirmation.ask.confirm')}
        busy={isLoading}
        onConfirm={() => asking && void save(asking)}
        onCancel={() => setAsking(null)}
      >
        {t('confirmation.ask.body')}
      </ConfirmDialog>
    </Card>
  );
}
