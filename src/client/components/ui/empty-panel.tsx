import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';

/**
 * The shop's friendly empty state (an empty cart, wishlist or compare list, a product or posts not
 * found): an icon, a title, a line of text and one way on, by default back to the shop.
 */
export function EmptyPanel({
  icon,
  title,
  text,
  titleAs: Title = 'h2',
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** The title's element: `h1` where the panel is the page's whole content, `p` under a heading. */
  titleAs?: 'h1' | 'h2' | 'p';
  /** The way on; "Continue shopping" to the shop when not given. */
  action?: { to: string; label: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center" data-testid={testId}>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">{icon}</span>
      <Title className="mt-5 font-display text-3xl font-semibold">{title}</Title>
      <p className="mt-2 max-w-md text-muted">{text}</p>
      <Link to={action?.to ?? '/shop-grid-standard'} className="btn btn-primary mt-7">
        {action?.label ?? t('cart.continue')}
      </Link>
    </div>
  );
}
