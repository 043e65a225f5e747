import { errorKeys } from '../../app/api-failure';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { loginSchema } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setUser, type SessionUser } from '../account';
import { apiRequest } from '../../app/api-request';
import { isApiFailure } from '../../app/api-failure';
import { Field, fieldProps } from './ui';
import { keyIn } from '../../app/translation-keys';

/** The merchant's sign-in. A customer who signs in here is told this area is for the shop's admin. */
export function AdminSignIn() {
  const { t } = useTranslation(['admin', 'translation']);
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.user.user);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password' | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'email' | 'password'] ??= t(keyIn('admin:errors', issue.message));
      setErrors(next);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { user } = await apiRequest<{ user: SessionUser }>('POST', '/api/auth/login', parsed.data);
      dispatch(setUser(user));
      if (user.role !== 'admin') setErrors({ form: t('signIn.notAdmin') });
    } catch (err) {
      const code = isApiFailure(err) ? err.code : 'network';
      setErrors({ form: t(errorKeys(code, 'admin:errors')) });
    } finally {
      setBusy(false);
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
        <p className="mt-1 text-sm text-muted">{current && current.role !== 'admin' ? t('signIn.notAdmin') : t('signIn.lead')}</p>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 grid gap-4">
          {errors.form && (
            <p role="alert" className="rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose">
              {errors.form}
            </p>
          )}
          <Field id="admin-email" label={t('signIn.email')} error={errors.email}>
            <input
              {...fieldProps('admin-email', errors.email)}
              type="email"
              autoComplete="username"
              dir="ltr"
              className="field"
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            />
          </Field>
          <Field id="admin-password" label={t('signIn.password')} error={errors.password}>
            <input
              {...fieldProps('admin-password', errors.password)}
              type="password"
              autoComplete="current-password"
              dir="ltr"
              className="field"
              value={values.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            />
          </Field>
          <button type="submit" disabled={busy} className="btn btn-primary mt-2 h-12">
            {busy ? t('signIn.busy') : t('signIn.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
