import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { Seo } from '../../components/ui/seo';
import { PageIntro } from './page-head';

type Form = 'login' | 'register';

/**
 * `/login-register`: sign-in and sign-up side by side. Until accounts open (the accounts issue),
 * a valid submit says so plainly and points to guest checkout; nothing pretends to sign in.
 */
export default function LoginRegisterPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Form>('login');
  const [notice, setNotice] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (form: Form) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next: Record<string, string> = {};
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (form === 'register' && String(data.get('name') ?? '').trim().length < 2) next[`${form}-name`] = t('validation.required');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) next[`${form}-email`] = t('validation.email_required');
    if (password.length < (form === 'register' ? 8 : 1)) next[`${form}-password`] = form === 'register' ? t('auth.passwordShort') : t('validation.required');
    setErrors(next);
    setNotice(Object.keys(next).length ? null : form);
  };

  const input = (form: Form, name: string, label: string, type = 'text', autoComplete?: string) => {
    const id = `${form}-${name}`;
    return (
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={Boolean(errors[id])}
          aria-describedby={errors[id] ? `${id}-error` : undefined}
          className="field"
          dir={type === 'email' ? 'ltr' : undefined}
        />
        {errors[id] && (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose">
            {errors[id]}
          </p>
        )}
      </div>
    );
  };

  const panel = (form: Form) => (
    <form
      noValidate
      onSubmit={submit(form)}
      className={`rounded-3xl bg-white p-6 shadow-soft sm:p-8 ${tab === form ? '' : 'hidden lg:block'}`}
      aria-labelledby={`${form}-title`}
    >
      <h2 id={`${form}-title`} className="font-display text-3xl font-semibold">
        {t(form === 'login' ? 'auth.loginTitle' : 'auth.registerTitle')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(form === 'login' ? 'auth.loginText' : 'auth.registerText')}</p>
      <div className="mt-6 grid gap-4">
        {form === 'register' && input(form, 'name', t('auth.name'), 'text', 'name')}
        {input(form, 'email', t('auth.email'), 'email', 'email')}
        {input(form, 'password', t('auth.password'), 'password', form === 'login' ? 'current-password' : 'new-password')}
      </div>
      {notice === form && (
        <p role="status" className="mt-5 flex gap-3 rounded-2xl bg-sand/70 p-4 text-sm text-ink">
          <Info size={18} className="mt-0.5 shrink-0 text-amber-dark" aria-hidden="true" />
          <span>
            {t('auth.notYet')}{' '}
            <Link to="/checkout" className="font-semibold text-amber-dark underline underline-offset-4">
              {t('auth.guestCheckout')}
            </Link>
          </span>
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-6 h-12 w-full">
        {t(form === 'login' ? 'auth.login' : 'auth.register')}
      </button>
    </form>
  );

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
        {panel('login')}
        {panel('register')}
      </div>
    </div>
  );
}
