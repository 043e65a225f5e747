import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The friendly empty state of the wishlist and compare pages. */
export function ListEmpty({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">{icon}</span>
      <h2 className="mt-5 font-display text-3xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-sm text-muted">{text}</p>
      <Link to="/shop-grid-standard" className="btn btn-primary mt-7">
        {t('cart.continue')}
      </Link>
    </div>
  );
}

export function PageHead({ title, crumb }: { title: string; crumb: string }) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('cart.breadcrumb')} className="text-sm text-muted">
        <Link to="/" className="hover:text-ink">
          {t('nav.home')}
        </Link>
        <span className="mx-2">/</span>
        <span aria-current="page">{crumb}</span>
      </nav>
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
    </>
  );
}
