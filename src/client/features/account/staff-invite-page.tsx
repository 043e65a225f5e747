import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { UserRoundPlus, UserRoundX } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { useAppDispatch } from '../../app/hooks';
import { setUser } from '../../app/user-slice';
import { FormAlert, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import { passwordProblem } from '../../../shared/domain/passwords';
import { name as nameSchema } from '../../../shared/schemas/auth';
import type { Invitation } from '../../../shared/schemas/staff';
import { LinkCard } from '../pages';
import { useAcceptStaffInvitationMutation, useGetStaffInvitationQuery } from './staff-invite-api';

/** A new account's name and password: the shop's password rules (as registration shows them), which know the address. */
const newAccountForm = (email: string) =>
  z.object({ name: nameSchema, password: z.string({ error: 'required' }).min(1, 'required') }).superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: `password_${problem}` });
  });
const existingAccountForm = z.object({ password: z.string({ error: 'required' }).min(1, 'required').max(200, 'too_long') });
type JoinValues = { name?: string; password: string };

/** Says the link no longer works, and whom to ask for a new one. */
function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <LinkCard title={t('staffInvite.invalidTitle')} icon={UserRoundX}>
      <meta name="robots" content="noindex" />
      <FormAlert>{t('staffInvite.invalid')}</FormAlert>
      <Link to="/" className="btn btn-ghost mt-6 h-12 w-full">
        {t('staffInvite.toShop')}
      </Link>
    </LinkCard>
  );
}

/**
 * The form of an invitation: a new account's name (prefilled from the invitation) and password,
 * or, for an address that has an account, that account's password. Joined, this browser is
 * signed in with the role and goes to the admin.
 */
function JoinForm({ token, invitation, onInvalid }: { token: string; invitation: Invitation; onInvalid: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const [accept] = useAcceptStaffInvitationMutation();
  const schema = useMemo(() => (invitation.hasAccount ? existingAccountForm : newAccountForm(invitation.email)), [invitation]);
  const shop = useShopForm<JoinValues>({
    schema,
    raw: true,
    idPrefix: 'join',
    defaultValues: invitation.hasAccount ? { password: '' } : { name: invitation.name, password: '' },
  });
  const busy = shop.form.formState.isSubmitting;

  const join = async (values: JoinValues) => {
    setAlert(null);
    try {
      const { user } = await accept({ token, password: values.password, ...(invitation.hasAccount ? {} : { name: values.name }) }).unwrap();
      dispatch(setUser(user));
      showToast('success', t('staffInvite.done', { shop: invitation.shopName }));
      void navigate('/admin', { replace: true });
    } catch (err) {
      const failure = failureOf(err);
      if (failure.code === 'link_invalid') onInvalid();
      else if (shop.applyServerErrors(failure.fields).length === 0) setAlert(t(errorKeys(failure.code, 'auth.errors')));
    }
  };

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(join)} className="mt-6 grid gap-4" aria-labelledby="join-title">
      <h2 id="join-title" className="sr-only">
        {t('staffInvite.formTitle')}
      </h2>
      {alert && <FormAlert>{alert}</FormAlert>}
      <p className="rounded-xl bg-ivory px-4 py-3 text-sm">
        <span className="block text-xs font-semibold tracking-wide text-muted uppercase">{t('staffInvite.email')}</span>
        <bdi dir="ltr" className="font-semibold" data-testid="invite-email">
          {invitation.email}
        </bdi>
      </p>
      {invitation.hasAccount ? (
        <>
          <p className="text-sm text-muted">{t('staffInvite.hasAccount', { shop: invitation.shopName })}</p>
          <TextInput name="password" label={t('staffInvite.accountPassword')} type="password" autoComplete="current-password" dir="ltr" autoFocus />
          <Link to="/forgot-password" className="justify-self-end text-sm font-semibold text-amber-dark underline-offset-4 hover:underline">
            {t('auth.forgotLink')}
          </Link>
        </>
      ) : (
        <>
          <TextInput name="name" label={t('staffInvite.name')} autoComplete="name" dir="auto" maxLength={120} />
          <TextInput
            name="password"
            label={t('staffInvite.newPassword')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
            hint={t('auth.passwordHint')}
            autoFocus
          />
        </>
      )}
      <button type="submit" disabled={busy} className="btn btn-primary mt-2 h-12">
        {busy ? t('auth.busy') : t('staffInvite.submit')}
      </button>
    </ShopFormProvider>
  );
}

/**
 * `/staff-invite?token=…`, opened from an invitation to the shop's staff (issue 32): "Join the
 * team of {shop}" with the role and what it may do, and the form. The browser's page (never
 * rendered by the server, not indexed); a used, withdrawn or expired link says to ask the owner.
 */
export default function StaffInvitePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [spent, setSpent] = useState(false);
  const { data, error, isLoading, refetch } = useGetStaffInvitationQuery(token, { skip: !token || spent });

  if (!token || spent || (error && failureOf(error).code === 'link_invalid')) return <InvalidInvitation />;
  if (error)
    return (
      <LinkCard title={t('staffInvite.pageTitle')} icon={UserRoundPlus}>
        <meta name="robots" content="noindex" />
        <FormAlert>{t(errorKeys(failureOf(error).code, 'auth.errors'))}</FormAlert>
        <button type="button" onClick={() => void refetch()} className="btn btn-primary mt-6 h-12 w-full">
          {t('common.retry')}
        </button>
      </LinkCard>
    );
  if (isLoading || !data)
    return (
      <LinkCard title={t('staffInvite.pageTitle')} icon={UserRoundPlus}>
        <meta name="robots" content="noindex" />
        <p role="status" className="text-sm text-muted">
          {t('common.loading')}
        </p>
      </LinkCard>
    );

  return (
    <LinkCard title={t('staffInvite.title', { shop: data.shopName })} icon={UserRoundPlus}>
      <meta name="robots" content="noindex" />
      <p className="text-sm leading-relaxed">{t('staffInvite.lead', { shop: data.shopName, role: t(`staffInvite.roles.${data.role}`) })}</p>
      <p className="mt-2 text-sm leading-relaxed text-muted" data-testid="invite-role">
        <strong className="font-semibold text-ink">{t(`staffInvite.roles.${data.role}`)}</strong>: {t(`staffInvite.roleDescriptions.${data.role}`)}
      </p>
      <JoinForm token={token} invitation={data} onInvalid={() => setSpent(true)} />
    </LinkCard>
  );
}
