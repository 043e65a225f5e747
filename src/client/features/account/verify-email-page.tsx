import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { MailCheck, MailWarning } from 'lucide-react';
import type { SessionUser } from '../../../shared/schemas/auth';
import { useVerifyEmailMutation } from '../../app/auth-api';
import { errorKeys, failureOf } from '../../app/api-failure';
import { useAppDispatch } from '../../app/hooks';
import { FormAlert } from '../../components/form';
import { LinkCard } from '../pages';
import { setUser } from '../../app/user-slice';

type State = { kind: 'working' } | { kind: 'done'; user: SessionUser } | { kind: 'failed'; code: string };

/**
 * `/verify-email?token=…`, opened from the registration e-mail: the link makes the account and
 * signs it in. Used once; a second visit (or an old link) says so and leads back to registration.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State>({ kind: 'working' });
  const [verifyEmail] = useVerifyEmailMutation();
  // The link works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verifyEmail({ token })
      .unwrap()
      .then(
        ({ user }) => {
          dispatch(setUser(user));
          setState({ kind: 'done', user });
        },
        (err: unknown) => setState({ kind: 'failed', code: failureOf(err).code }),
      );
  }, [dispatch, token, verifyEmail]);

  if (state.kind === 'failed')
    return (
      <LinkCard title={t('auth.verify.title')} icon={MailWarning}>
        <FormAlert>{t(errorKeys(state.code, 'auth.errors'))}</FormAlert>
        <Link to="/login-register" className="btn btn-primary mt-6 h-12 w-full">
          {t('auth.backToSignIn')}
        </Link>
      </LinkCard>
    );

  return (
    <LinkCard title={t('auth.verify.title')} icon={MailCheck}>
      {state.kind === 'working' ? (
        <p className="text-sm text-muted" role="status">
          {t('auth.verify.working')}
        </p>
      ) : (
        <div role="status">
          <h2 className="font-display text-2xl font-semibold">{t('auth.welcome', { name: state.user.name.split(' ')[0] })}</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">{t('auth.verify.doneText')}</p>
          <Link to="/my-account" className="btn btn-primary mt-6 h-12 w-full">
            {t('auth.toAccount')}
          </Link>
        </div>
      )}
    </LinkCard>
  );
}
