import { useState, type FormEvent } from 'react';
import { BellRing, MailCheck } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useAppSelector } from '../../app/hooks';
import { errorKeys, failureOf } from '../../app/api-failure';
import { useAskStockAlertMutation } from './stock-alert-api';

type State = { kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; text: string };

/**
 * "Notify me when it's back" (issue 34, decision 046), in place of the add-to-cart area of a
 * sold-out product or option: one e-mail field (the signed-in customer's address filled in) and
 * then "check your inbox to confirm". A plain form, as the newsletter's: the shared schema is
 * loaded on the first submit, so the product page's script does not grow by zod.
 */
export function NotifyMeForm({ productId, variantId, option }: { productId: number; variantId: number | null; option: string | null }) {
  const { t } = useTranslation();
  const signedInEmail = useAppSelector((s) => s.user.user?.email ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [askStockAlert] = useAskStockAlertMutation();
  const fieldId = `stock-alert-email-${productId}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const field = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    setState({ kind: 'sending' });
    try {
      const { stockAlertRequestSchema } = await import('../../../shared/schemas/stock-alerts');
      const checked = stockAlertRequestSchema.shape.email.safeParse(field.value);
      if (!checked.success) {
        setState({ kind: 'error', text: t(checked.error.issues[0]?.message === 'email_required' ? 'stockAlert.emailRequired' : 'stockAlert.emailInvalid') });
        field.focus();
        return;
      }
      await askStockAlert({ productId, variantId, email: field.value }).unwrap();
      setState({ kind: 'done' });
    } catch (err) {
      const failure = failureOf(err);
      const text =
        failure.status === 0
          ? t('stockAlert.failed')
          : failure.code === 'rate_limited'
            ? t('stockAlert.limited')
            : failure.code === 'validation'
              ? t('stockAlert.emailInvalid')
              : failure.code === 'stock_alert_in_stock'
                ? t('stockAlert.inStock')
                : t(errorKeys(failure.code, 'stockAlert'));
      setState({ kind: 'error', text });
    }
  };

  if (state.kind === 'done')
    return (
      <div className="mt-4 flex items-start gap-3 rounded-2xl bg-moss/10 p-4 text-olive" role="status" data-testid="stock-alert-done">
        <MailCheck size={20} className="mt-0.5 shrink-0 text-moss" aria-hidden="true" />
        <div>
          <p className="font-semibold text-ink">{t('stockAlert.done')}</p>
          <p className="mt-1 text-sm">{t('stockAlert.doneNote')}</p>
        </div>
      </div>
    );

  const error = state.kind === 'error' ? state.text : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 rounded-2xl bg-sand/70 p-4 sm:p-5"
      aria-labelledby={`${fieldId}-title`}
      data-testid="stock-alert-form"
    >
      <p id={`${fieldId}-title`} className="flex items-center gap-2 font-semibold text-ink">
        <BellRing size={18} className="text-amber-dark" aria-hidden="true" />
        {t('stockAlert.title')}
      </p>
      <p className="mt-1 text-sm text-olive">{option ? t('stockAlert.textOption', { option }) : t('stockAlert.text')}</p>
      <div className="mt-3 flex flex-col gap-2.5 sm:flex-row">
        <label htmlFor={fieldId} className="sr-only">
          {t('stockAlert.label')}
        </label>
        <input
          // A new default when the signed-in address arrives after the first render.
          key={signedInEmail}
          id={fieldId}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="email"
          defaultValue={signedInEmail}
          placeholder={t('stockAlert.placeholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={`${fieldId}-status`}
          onChange={() => state.kind === 'error' && setState({ kind: 'idle' })}
          className="field h-12 flex-1 bg-white"
        />
        <button type="submit" disabled={state.kind === 'sending'} className="btn btn-primary h-12 px-7">
          {state.kind === 'sending' ? t('stockAlert.sending') : t('stockAlert.submit')}
        </button>
      </div>
      <p id={`${fieldId}-status`} role="status" className={`text-sm empty:hidden ${error ? 'mt-2 text-rose' : ''}`}>
        {error}
      </p>
    </form>
  );
}
