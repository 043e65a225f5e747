import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The title of the wishlist and compare pages, under a breadcrumb home. */
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
