import { errorKeys, failureOf } from '../../app/api-failure';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Lock } from 'lucide-react';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setUser } from '../account';
import { useLoginMutation } from '../../app/auth-api';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { keyIn } from '../../app/translation-keys';
import { isStaff } from '../../../shared/domain/permissions';

/** The merchant's sign-in. A customer who signs in here is told this area is for the shop's staff. */
export function AdminSignIn() {
  const { t } = useTranslation(['admin', 'translation']);
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.user.user);
  const [alert, setAlert] = useState<string | null>(null);
  const errorText = useCallback((code: string | undefined) => (code ? t(keyIn('admin:errors', code)) : undefined), [t]);
  const shop = useShopForm<LoginInput>({ schema: loginSchema, idPrefix: 'admin', errorText, defaultValues: { email: '', password: '' } });
  const busy = shop.form.formState.isSubmitting;
  const [login] = useLoginMutation();

  const signIn = async (values: LoginInput) => {
    setAlert(null);
    try {
      const { user } = await login(values).unwrap();
      dispatch(setUser(user));
      if (!isStaff(user.role)) setAlert(t('signIn.notAdmin'));
    } catch (err) {
      const failure = failureOf(err);
      if (shop.applyServerErrors(failure.fields).length === 0) setAlert(t(errorKeys(failure.code, 'admin:errors')));
    }
  };

  return (
    <div className="flex min-h-[70vh] items-center justify-center">
      <title>{t('layout.documentTitle', { page: t('signIn.title') })}</title>
      <div className="w-full max-w-md rounded-3xl border border-line/70 bg-white p-8 shadow-lift">
        <span className="mb-5 flex h-12 w-12 items-center justify-center rounded-full bg-sand text-amber-dark">
          <Lock size={22} aria-hidden="true" />
        </span>
        <h1 className="font-display text-3xl font-semibold">{t('signIn.title')}</h1>
        <p className="mt-1 text-sm text-muted">{current && !isStaff(current.role) ? t('signIn.notAdmin') : t('signIn.lead')}</p>
        <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(signIn)} className="mt-6 grid gap-4">
          {alert && <FormAlert>{alert}</FormAlert>}
          <TextInput name="email" label={t('signIn.email')} type="email" autoComplete="username" dir="ltr" />
          <TextInput name="password" label={t('signIn.password')} type="password" autoComplete="current-password" dir="ltr" />
          <Link to="/forgot-password" className="justify-self-end text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
            {t('signIn.forgot')}
          </Link>
          <button type="submit" disabled={busy} className="btn btn-primary mt-2 h-12">
            {busy ? t('signIn.busy') : t('signIn.submit')}
          </button>
        </ShopFormProvider>
      </div>
    </div>
  );
}
