import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { KeyRound, MapPinned, Package, UserRound } from 'lucide-react';
import { Seo } from '../../components/ui/seo';
import { PageIntro } from '../pages';

/** `/my-account` for a visitor: what an account gives, and the way to an order without one. */
export function SignedOutAccount() {
  const { t } = useTranslation();
  const sections = [
    [Package, 'account.ordersTitle', 'account.ordersText'],
    [MapPinned, 'account.addressesTitle', 'account.addressesText'],
    [UserRound, 'account.detailsTitle', 'account.detailsText'],
    [KeyRound, 'account.passwordTitle', 'account.passwordText'],
  ] as const;
  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('nav.account')} description={t('account.lead')} />
      <PageIntro crumb={t('nav.account')} eyebrow={t('account.eyebrow')} title={t('account.title')} lead={t('account.lead')} />
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_360px]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map(([Icon, title, text]) => (
            <li key={title} className="rounded-3xl bg-white p-6 shadow-soft">
              <span className="flex h-11 w-11 items-center justify-center rounded-full bg-sand text-amber-dark">
                <Icon size={20} aria-hidden="true" />
              </span>
              <h2 className="mt-4 font-display text-2xl font-semibold">{t(title)}</h2>
              <p className="mt-1 text-sm text-muted">{t(text)}</p>
            </li>
          ))}
        </ul>
        <aside className="h-fit rounded-3xl bg-ink p-7 text-ivory">
          <h2 className="font-display text-2xl font-semibold">{t('account.signInTitle')}</h2>
          <p className="mt-2 text-sm text-ivory/80">{t('account.signInText')}</p>
          <Link to="/login-register" className="btn btn-accent mt-5 w-full">
            {t('account.signIn')}
          </Link>
          <p className="mt-6 border-t border-ivory/15 pt-5 text-sm text-ivory/80">{t('account.guestText')}</p>
        </aside>
      </div>
    </div>
  );
}
