import { errorKeys } from '../../app/api-failure';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput, type SessionUser } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { showToast } from '../../components/ui/toast';
import { PageIntro } from '../pages';
import { apiRequest } from '../../app/api-request';
import { isApiFailure } from '../../app/api-failure';
import { setUser } from './user-slice';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';

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
  const next = (location.state as { from?: string } | null)?.from ?? '/my-account';

  const login = useShopForm<LoginInput>({ schema: loginSchema, raw: true, idPrefix: 'login', defaultValues: { email: '', password: '' } });
  const register = useShopForm<RegisterInput>({
    schema: registerSchema,
    raw: true,
    idPrefix: 'register',
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

  const send = (tabName: Tab, url: string) => async (values: LoginInput | RegisterInput) => {
    setAlerts({});
    try {
      const { user: signedIn } = await apiRequest<{ user: SessionUser }>('POST', url, values);
      dispatch(setUser(signedIn));
      showToast('success', t(tabName === 'login' ? 'auth.welcomeBack' : 'auth.welcome', { name: signedIn.name.split(' ')[0] }));
      void navigate(signedIn.role === 'admin' && next === '/my-account' ? '/admin' : next, { replace: true });
    } catch (err) {
      const failure = isApiFailure(err) ? err : { status: 0, code: 'network', fields: {} };
      const shop = tabName === 'login' ? login : register;
      if (shop.applyServerErrors(failure.fields).length === 0 || failure.code !== 'validation')
        setAlerts({ [tabName]: t(errorKeys(failure.code, 'auth.errors')) });
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
          <Link to={user.role === 'admin' ? '/admin' : '/my-account'} className="btn btn-primary mt-6">
            {t(user.role === 'admin' ? 'auth.toAdmin' : 'auth.toAccount')}
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
        <ShopFormProvider
          shop={login}
          onSubmit={login.handleSubmit(send('login', '/api/auth/login'))}
          className={panelClass('login')}
          aria-labelledby="login-title"
        >
          <h2 id="login-title" className="font-display text-3xl font-semibold">
            {t('auth.loginTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('auth.loginText')}</p>
          <div className="mt-6 grid gap-4">
            {alerts.login && <FormAlert>{alerts.login}</FormAlert>}
            <TextInput name="email" label={t('auth.email')} type="email" autoComplete="email" dir="ltr" />
            <TextInput name="password" label={t('auth.password')} type="password" autoComplete="current-password" dir="ltr" />
          </div>
          <button type="submit" disabled={busy('login')} className="btn btn-primary mt-6 h-12 w-full">
            {busy('login') ? t('auth.busy') : t('auth.login')}
          </button>
        </ShopFormProvider>

        <ShopFormProvider
          shop={register}
          onSubmit={register.handleSubmit(send('register', '/api/auth/register'))}
          className={panelClass('register')}
          aria-labelledby="register-title"
        >
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
      </div>
    </div>
  );
}
