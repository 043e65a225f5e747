import { ShopLink } from './shop-link';
import { Fragment } from 'react';
import { useTranslation } from '../../app/i18n-view';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the current page has none. */
  to?: string;
}

/** "Home / … / this page" above a storefront page: every crumb but the current one is a link. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('cart.breadcrumb')} className="text-sm text-muted">
      <ShopLink to="/" className="hover:text-ink">
        {t('nav.home')}
      </ShopLink>
      {trail.map((crumb) => (
        <Fragment key={crumb.label}>
          <span className="mx-2">/</span>
          {crumb.to ? (
            <ShopLink to={crumb.to} className="hover:text-ink">
              {crumb.label}
            </ShopLink>
          ) : (
            <span aria-current="page">{crumb.label}</span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
