import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { KeyRound, MailCheck } from 'lucide-react';
import { passwordResetRequestSchema, type PasswordResetRequestInput } from '../../../shared/schemas/auth';
import { useRequestPasswordResetMutation } from '../../app/auth-api';
import { errorKeys, failureOf } from '../../app/api-failure';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { LinkCard } from '../pages';

/**
 * `/forgot-password`: asks for a reset link. The answer is the same whether the address has an
 * account, so the page never says which.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const shop = useShopForm<PasswordResetRequestInput>({ schema: passwordResetRequestSchema, raw: true, idPrefix: 'forgot', defaultValues: { email: '' } });
  const busy = shop.form.formState.isSubmitting;
  const [requestReset] = useRequestPasswordResetMutation();

  const ask = async (values: PasswordResetRequestInput) => {
    setAlert(null);
    try {
      await requestReset(values).unwrap();
      setSentTo(values.email.trim());
    } catch (err) {
      const failure = failureOf(err);
      if (shop.applyServerErrors(failure.fields).length === 0) setAlert(t(errorKeys(failure.code, 'auth.errors')));
    }
  };

  if (sentTo)
    return (
      <LinkCard title={t('auth.forgot.title')} icon={MailCheck}>
        <h2 className="font-display text-2xl font-semibold">{t('auth.forgot.sentTitle')}</h2>
        <p className="mt-2 text-sm leading-relaxed text-muted" role="status">
          {t('auth.forgot.sentText', { email: sentTo })}
        </p>
        <Link to="/login-register" className="btn btn-primary mt-6 h-12 w-full">
          {t('auth.backToSignIn')}
        </Link>
      </LinkCard>
    );

  return (
    <LinkCard title={t('auth.forgot.title')} lead={t('auth.forgot.lead')} icon={KeyRound}>
      <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(ask)} className="mt-6 grid gap-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextInput name="email" label={t('auth.email')} type="email" autoComplete="email" dir="ltr" />
        <button type="submit" disabled={busy} className="btn btn-primary mt-2 h-12">
          {busy ? t('auth.busy') : t('auth.forgot.submit')}
        </button>
        <Link to="/login-register" className="text-center text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
          {t('auth.backToSignIn')}
        </Link>
      </ShopFormProvider>
    </LinkCard>
  );
}
