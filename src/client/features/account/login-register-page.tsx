import { errorKeys, failureOf } from '../../app/api-failure';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { showToast } from '../../components/ui/toast';
import { PageIntro } from '../pages';
import { useLoginMutation, useRegisterMutation } from '../../app/auth-api';
import { setUser } from '../../app/user-slice';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { isStaff } from '../../../shared/domain/permissions';

type Tab = 'login' | 'register';

/**
 * `/login-register`: sign in and create an account side by side (tabs on a phone). The server
 * sets the session cookie; the store only mirrors the user it returns.
 */
export default function LoginRegisterPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.user);
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<Tab>('login');
  const [alerts, setAlerts] = useState<Partial<Record<Tab, string>>>({});
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const next = (location.state as { from?: string } | null)?.from ?? '/my-account';
  const [loginRequest] = useLoginMutation();
  const [registerRequest] = useRegisterMutation();

  const login = useShopForm<LoginInput>({ schema: loginSchema, raw: true, idPrefix: 'login', defaultValues: { email: '', password: '' } });
  const register = useShopForm<RegisterInput>({
    schema: registerSchema,
    raw: true,
    idPrefix: 'register',
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

  const fail = (tabName: Tab) => (err: unknown) => {
    const failure = failureOf(err);
    const shop = tabName === 'login' ? login : register;
    if (shop.applyServerErrors(failure.fields).length === 0 || failure.code !== 'validation')
      setAlerts({ [tabName]: t(errorKeys(failure.code, 'auth.errors')) });
  };

  const signIn = async (values: LoginInput) => {
    setAlerts({});
    try {
      const { user: signedIn } = await loginRequest(values).unwrap();
      dispatch(setUser(signedIn));
      showToast('success', t('auth.welcomeBack', { name: signedIn.name.split(' ')[0] }));
      void navigate(isStaff(signedIn.role) && next === '/my-account' ? '/admin' : next, { replace: true });
    } catch (err) {
      fail('login')(err);
    }
  };

  // With e-mail, the account is made when the link sent to the address is opened (the answer is the
  // same whether the address already has an account, so this page never tells); a shop without
  // e-mail makes it at once and signs it in.
  const signUp = async (values: RegisterInput) => {
    setAlerts({});
    try {
      const answer = await registerRequest(values).unwrap();
      if (!answer.user) return setCheckEmail(values.email.trim());
      dispatch(setUser(answer.user));
      showToast('success', t('auth.welcome', { name: answer.user.name.split(' ')[0] }));
      void navigate(next, { replace: true });
    } catch (err) {
      fail('register')(err);
    }
  };

  if (user) {
    return (
      <div className="container-shop py-10">
        <Seo titleTemplate={t('auth.pageTitle')} />
        <PageIntro crumb={t('auth.pageTitle')} title={t('auth.pageTitle')} />
        <div className="mx-auto mt-10 max-w-lg rounded-3xl bg-white p-8 text-center shadow-soft">
          <CheckCircle2 className="mx-auto text-moss" size={36} aria-hidden="true" />
          <p className="mt-3 text-lg font-semibold">{t('auth.signedInAs', { email: user.email })}</p>
          <Link to={isStaff(user.role) ? '/admin' : '/my-account'} className="btn btn-primary mt-6">
            {t(isStaff(user.role) ? 'auth.toAdmin' : 'auth.toAccount')}
          </Link>
        </div>
      </div>
    );
  }

  const panelClass = (name: Tab) => `rounded-3xl bg-white p-6 shadow-soft sm:p-8 ${tab === name ? '' : 'hidden lg:block'}`;
  const busy = (name: Tab) => (name === 'login' ? login : register).form.formState.isSubmitting;

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('auth.pageTitle')} description={t('auth.lead')} />
      <PageIntro crumb={t('auth.pageTitle')} title={t('auth.pageTitle')} lead={t('auth.lead')} />
      <div role="tablist" aria-label={t('auth.pageTitle')} className="mt-8 flex gap-2 lg:hidden">
        {(['login', 'register'] as const).map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={tab === f}
            onClick={() => setTab(f)}
            className={`rounded-full px-5 py-2 text-sm font-semibold ${tab === f ? 'bg-ink text-ivory' : 'bg-sand text-ink'}`}
          >
            {t(f === 'login' ? 'auth.loginTitle' : 'auth.registerTitle')}
          </button>
        ))}
      </div>
      <div className="mt-6 grid gap-8 lg:mt-10 lg:grid-cols-2">
        <ShopFormProvider shop={login} onSubmit={login.handleSubmit(signIn)} className={panelClass('login')} aria-labelledby="login-title">
          <h2 id="login-title" className="font-display text-3xl font-semibold">
            {t('auth.loginTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('auth.loginText')}</p>
          <div className="mt-6 grid gap-4">
            {alerts.login && <FormAlert>{alerts.login}</FormAlert>}
            <TextInput name="email" label={t('auth.email')} type="email" autoComplete="email" dir="ltr" />
            <TextInput name="password" label={t('auth.password')} type="password" autoComplete="current-password" dir="ltr" />
            <Link to="/forgot-password" className="justify-self-end text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
              {t('auth.forgotLink')}
            </Link>
          </div>
          <button type="submit" disabled={busy('login')} className="btn btn-primary mt-6 h-12 w-full">
            {busy('login') ? t('auth.busy') : t('auth.login')}
          </button>
        </ShopFormProvider>

        {checkEmail ? (
          <section className={panelClass('register')} aria-labelledby="register-title">
            <span className="mb-5 flex h-12 w-12 items-center justify-center rounded-full bg-sand text-amber-dark">
              <MailCheck size={22} aria-hidden="true" />
            </span>
            <h2 id="register-title" className="font-display text-3xl font-semibold">
              {t('auth.checkEmailTitle')}
            </h2>
            <p className="mt-2 leading-relaxed text-muted" role="status">
              {t('auth.checkEmailText', { email: checkEmail })}
            </p>
          </section>
        ) : (
          <ShopFormProvider shop={register} onSubmit={register.handleSubmit(signUp)} className={panelClass('register')} aria-labelledby="register-title">
            <h2 id="register-title" className="font-display text-3xl font-semibold">
              {t('auth.registerTitle')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('auth.registerText')}</p>
            <div className="mt-6 grid gap-4">
              {alerts.register && <FormAlert>{alerts.register}</FormAlert>}
              <TextInput name="name" label={t('auth.name')} autoComplete="name" />
              <TextInput name="email" label={t('auth.email')} type="email" autoComplete="email" dir="ltr" />
              <TextInput name="phone" label={t('auth.phone')} type="tel" autoComplete="tel" dir="ltr" hint={t('auth.phoneHint')} />
              <TextInput name="password" label={t('auth.password')} type="password" autoComplete="new-password" dir="ltr" hint={t('auth.passwordHint')} />
            </div>
            <button type="submit" disabled={busy('register')} className="btn btn-primary mt-6 h-12 w-full">
              {busy('register') ? t('auth.busy') : t('auth.register')}
            </button>
          </ShopFormProvider>
        )}
      </div>
    </div>
  );
}
