import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { z } from 'zod';
import { LockKeyhole } from 'lucide-react';
import { passwordResetSchema } from '../../../shared/schemas/auth';
import { useConfirmPasswordResetMutation } from '../../app/auth-api';
import { errorKeys, failureOf } from '../../app/api-failure';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../components/ui/toast';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { LinkCard } from '../pages';
import { setUser } from '../../app/user-slice';
import { isStaff } from '../../../shared/domain/permissions';

/** The new password twice: the server's rules (passwordResetSchema) plus the two must match. */
const newPasswordForm = z
  .object({ password: passwordResetSchema.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'passwords_differ' });
type NewPasswordInput = z.input<typeof newPasswordForm>;

/**
 * `/reset-password?token=…`, opened from the reset e-mail: sets a new password, which ends every
 * session of the account, and signs this browser in. A used or expired link says so and offers a
 * new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(!token);
  const shop = useShopForm<NewPasswordInput>({ schema: newPasswordForm, raw: true, idPrefix: 'reset', defaultValues: { password: '', confirm: '' } });
  const busy = shop.form.formState.isSubmitting;
  const [confirmReset] = useConfirmPasswordResetMutation();

  const save = async ({ password }: NewPasswordInput) => {
    setAlert(null);
    try {
      const { user } = await confirmReset({ token, password }).unwrap();
      dispatch(setUser(user));
      showToast('success', t('auth.reset.done'));
      void navigate(isStaff(user.role) ? '/admin' : '/my-account', { replace: true });
    } catch (err) {
      const failure = failureOf(err);
      if (failure.code === 'link_invalid') setExpired(true);
      else if (shop.applyServerErrors(failure.fields).length === 0) setAlert(t(errorKeys(failure.code, 'auth.errors')));
    }
  };

  if (expired)
    return (
      <LinkCard title={t('auth.reset.title')} icon={LockKeyhole}>
        <FormAlert>{t('auth.errors.link_invalid')}</FormAlert>
        <Link to="/forgot-password" className="btn btn-primary mt-6 h-12 w-full">
          {t('auth.reset.askAgain')}
        </Link>
      </LinkCard>
    );

  return (
    <LinkCard title={t('auth.reset.title')} lead={t('auth.reset.lead')} icon={LockKeyhole}>
      <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(save)} className="mt-6 grid gap-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextInput name="password" label={t('auth.reset.password')} type="password" autoComplete="new-password" dir="ltr" hint={t('auth.passwordHint')} />
        <TextInput name="confirm" label={t('auth.reset.confirm')} type="password" autoComplete="new-password" dir="ltr" />
        <button type="submit" disabled={busy} className="btn btn-primary mt-2 h-12">
          {busy ? t('auth.busy') : t('auth.reset.submit')}
        </button>
      </ShopFormProvider>
    </LinkCard>
  );
}
