import { useTranslation } from '../../app/i18n-view';
import { Seo } from '../../components/ui/seo';
import type { HomeSection, HomeVariant } from './variants';
import { Banner } from './sections/banner';
import { BannerGrid } from './sections/banner-grid';
import { CategoryTiles } from './sections/category-tiles';
import { DealOfTheWeek } from './sections/deal-of-the-week';
import { FeatureStrip } from './sections/feature-strip';
import { HeroSlider } from './sections/hero-slider';
import { Newsletter } from './sections/newsletter';
import { Origins } from './sections/origins';
import { ProductRow } from './sections/product-row';
import { ProductTabs } from './sections/product-tabs';
import { Testimonials } from './sections/testimonials';
import { TextHero } from './sections/text-hero';
import { keyIn } from '../../app/translation-keys';

function Section({ section }: { section: HomeSection }) {
  switch (section.type) {
    case 'hero':
      return <HeroSlider {...section} />;
    case 'textHero':
      return <TextHero {...section} />;
    case 'features':
      return <FeatureStrip />;
    case 'categories':
      return <CategoryTiles titleKey={section.titleKey} />;
    case 'bannerGrid':
      return <BannerGrid titleKey={section.titleKey} layout={section.layout} />;
    case 'banner':
      return <Banner {...section} />;
    case 'productTabs':
      return <ProductTabs titleKey={section.titleKey} pageSize={section.pageSize} />;
    case 'deal':
      return <DealOfTheWeek />;
    case 'productRow':
      return <ProductRow titleKey={section.titleKey} filter={section.filter} pageSize={section.pageSize} />;
    case 'testimonials':
      return <Testimonials />;
    case 'origins':
      return <Origins />;
    case 'newsletter':
      return <Newsletter tone={section.tone} />;
  }
}

/** Renders a home variant: its palette, then its sections in order. */
export function Home({ variant }: { variant: HomeVariant }) {
  const { t } = useTranslation();
  const onepage = variant.layout === 'onepage';

  return (
    <div data-home={variant.key} data-theme={variant.theme} data-layout={variant.layout} className="bg-ivory pb-16 text-ink">
      <Seo titleTemplate={t(variant.titleKey)} />
      {/* A home that opens without a hero still names itself in one heading. */}
      {variant.sections[0] && variant.sections[0].type !== 'hero' && variant.sections[0].type !== 'textHero' && (
        <header className="container-shop pt-10">
          <p className="eyebrow">{t(keyIn(`homes.${variant.key}`, 'eyebrow'))}</p>
          <h1 className="mt-2 font-display text-4xl font-semibold sm:text-5xl">{t(keyIn(`homes.${variant.key}`, 'heading'))}</h1>
          <p className="mt-2 max-w-xl text-olive">{t(keyIn(`homes.${variant.key}`, 'text'))}</p>
        </header>
      )}
      {variant.sections.map((section, i) =>
        onepage ? (
          <div key={`${section.type}-${i}`} className="flex min-h-[calc(100svh-4rem)] snap-start flex-col justify-center py-8" data-testid="onepage-screen">
            <Section section={section} />
          </div>
        ) : (
          <Section key={`${section.type}-${i}`} section={section} />
        ),
      )}
    </div>
  );
}
