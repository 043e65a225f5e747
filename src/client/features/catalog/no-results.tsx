import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { useGetCategoriesQuery, useGetProductsQuery } from '../../app/api';
import { ProductCard } from './product-card';

/** How many best sellers a search that found nothing offers instead. */
const BEST_SELLERS = 4;

/**
 * A search that found nothing is never a dead end (issue 15): the closest names the shop knows
 * ("did you mean"), every category, and the best sellers (the default order puts them first).
 */
export function NoResults({ q, didYouMean, onClear }: { q: string; didYouMean: string[]; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data: categories } = useGetCategoriesQuery({ lng });
  const { data: best } = useGetProductsQuery({ lng, pageSize: BEST_SELLERS });
  return (
    <div className="mt-8 space-y-10" data-testid="no-results">
      <div className="rounded-3xl bg-sand/60 px-6 py-10 text-center">
        <p className="font-display text-3xl font-semibold">{t('search.noResultsTitle', { q })}</p>
        {didYouMean.length > 0 ? (
          <p className="mt-3 text-lg" data-testid="did-you-mean">
            {t('search.didYouMean')}{' '}
            {didYouMean.map((name, i) => (
              <span key={name}>
                {i > 0 && t('search.or')}
                <Link to={`/shop-grid-standard?q=${encodeURIComponent(name)}`} className="font-semibold text-ink underline underline-offset-4 hover:text-gold">
                  {name}
                </Link>
              </span>
            ))}
          </p>
        ) : (
          <p className="mx-auto mt-2 max-w-md text-muted">{t('search.noResultsText')}</p>
        )}
        <button type="button" onClick={onClear} className="btn btn-ghost mt-6">
          {t('listing.clearAll')}
        </button>
      </div>

      {categories && categories.items.length > 0 && (
        <Section id="no-results-categories" title={t('search.browseCategories')}>
          <ul className="mt-4 flex flex-wrap gap-2">
            {categories.items.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/shop-grid-standard?category=${encodeURIComponent(c.slug)}`}
                  className="inline-flex h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold hover:border-ink"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {best && best.items.length > 0 && (
        <Section id="no-results-best" title={t('search.bestSellers')}>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
            {best.items.map((p) => (
              <li key={p.id} className="flex">
                <div className="w-full">
                  <ProductCard product={p} sizes="(min-width: 1024px) 20vw, 50vw" />
                </div>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

/** A titled part of the page, named by its heading for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
