import type { HomeSection } from './variants';
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

/** One section of a home variant. */
export function Section({ section }: { section: HomeSection }) {
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
