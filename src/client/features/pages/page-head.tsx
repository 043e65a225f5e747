import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Breadcrumb, eyebrow, title and lead of an information page. */
export function PageIntro({ crumb, eyebrow, title, lead }: { crumb: string; eyebrow?: string; title: string; lead?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header>
      <nav aria-label={t('cart.breadcrumb')} className="text-sm text-muted">
        <Link to="/" className="hover:text-ink">
          {t('nav.home')}
        </Link>
        <span className="mx-2">/</span>
        <span aria-current="page">{crumb}</span>
      </nav>
      {eyebrow && <p className="eyebrow mt-6">{eyebrow}</p>}
      <h1 className="mt-2 font-display text-4xl font-semibold leading-tight sm:text-6xl">{title}</h1>
      {lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-olive">{lead}</p>}
    </header>
  );
}
