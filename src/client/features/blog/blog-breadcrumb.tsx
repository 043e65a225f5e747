import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';

/** Home / … above every blog page; the children are the blog's own crumbs. */
export function Breadcrumb({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('blog.breadcrumb')} className="text-sm text-muted">
      <Link to="/" className="hover:text-ink">
        {t('blog.home')}
      </Link>
      <span className="mx-2" aria-hidden="true">
        /
      </span>
      {children}
    </nav>
  );
}
