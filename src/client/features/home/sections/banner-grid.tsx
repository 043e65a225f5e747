import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { useGetCategoriesQuery } from '../../../app/api';
import type { HomeSection } from '../variants';
import { CategoryPicture } from './category-picture';
import { SectionHeading } from './section-heading';

type Props = Omit<Extract<HomeSection, { type: 'bannerGrid' }>, 'type'>;

/** Every category as a large banner: a mosaic (one tall, the rest stacked) or an even grid. */
export function BannerGrid({ titleKey, layout }: Props) {
  const { t, i18n } = useTranslation();
  const { data } = useGetCategoriesQuery({ lng: i18n.resolvedLanguage ?? 'en' });
  const items = data?.items ?? [];
  return (
    <section className="container-shop mt-10" aria-labelledby={titleKey ? 'banner-grid' : undefined}>
      {titleKey && <SectionHeading id="banner-grid" eyebrow={t('home.categoriesEyebrow')} title={t(titleKey)} />}
      <ul className={layout === 'mosaic' ? 'grid gap-4 md:grid-cols-3 md:grid-rows-2' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
        {items.map((c, i) => {
          const tall = layout === 'mosaic' && i === 0;
          return (
            <li key={c.slug} className={tall ? 'md:row-span-2' : ''}>
              <Link to={`/shop-grid-standard?category=${c.slug}`} className="group relative block h-full overflow-hidden rounded-3xl bg-sand">
                <CategoryPicture
                  image={c.image}
                  sizes="(min-width: 768px) 33vw, 100vw"
                  eager={i < 2}
                  shape={tall ? 'h-80 md:h-full' : 'h-64'}
                  motion="transition-transform duration-700 group-hover:scale-105"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-ink/75 via-ink/10 to-transparent" />
                <span className="absolute inset-x-0 bottom-0 p-6 text-ivory">
                  <span className="block font-display text-3xl font-semibold">{c.name}</span>
                  <span className="mt-1 inline-block text-sm text-ivory/85 underline-offset-4 group-hover:underline">
                    {t('home.productCount', { count: c.productCount })} · {t('home.shopNow')}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
