import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { useGetCategoriesQuery } from '../../../app/api';
import { CategoryPicture } from './category-picture';
import { SectionHeading } from './section-heading';
import type { TranslationKey } from '../../../app/translation-keys';

/** One tile per category, with its picture and product count, opening the filtered listing. */
export function CategoryTiles({ titleKey }: { titleKey: TranslationKey }) {
  const { t, i18n } = useTranslation();
  const { data } = useGetCategoriesQuery({ lng: i18n.language });
  const items = data?.items ?? [];
  return (
    <section className="container-shop mt-16" aria-labelledby="home-categories">
      <SectionHeading id="home-categories" eyebrow={t('home.categoriesEyebrow')} title={t(titleKey)} />
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-5">
        {(items.length ? items : Array.from({ length: 5 }, () => null)).map((c, i) => {
          const shape = i === 0 ? 'aspect-[2/1] lg:aspect-[3/4]' : 'aspect-[3/4]';
          return (
            <li key={c?.slug ?? i} className={i === 0 ? 'col-span-2 lg:col-span-1' : ''}>
              {c ? (
                <Link to={`/shop-grid-standard?category=${c.slug}`} className="group relative block overflow-hidden rounded-2xl bg-sand">
                  <CategoryPicture
                    image={c.image}
                    sizes="(min-width: 1024px) 20vw, 50vw"
                    shape={shape}
                    motion="transition-transform duration-500 group-hover:scale-105"
                  />
                  <span className="absolute inset-0 bg-gradient-to-t from-ink/70 via-ink/10 to-transparent" />
                  <span className="absolute inset-x-0 bottom-0 p-4 text-ivory">
                    <span className="block font-display text-xl font-semibold leading-tight sm:text-2xl">{c.name}</span>
                    <span className="text-xs text-ivory/80">{t('home.productCount', { count: c.productCount })}</span>
                  </span>
                </Link>
              ) : (
                <div className="aspect-[3/4] animate-pulse rounded-2xl bg-sand" />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
