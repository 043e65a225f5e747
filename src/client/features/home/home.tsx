import { useTranslation } from 'react-i18next';
import { Seo } from '../../components/ui/seo';
import type { HomeSection, HomeVariant } from './variants';
import { CategoryTiles } from './sections/category-tiles';
import { DealOfTheWeek } from './sections/deal-of-the-week';
import { FeatureStrip } from './sections/feature-strip';
import { HeroSlider } from './sections/hero-slider';
import { ProductRow } from './sections/product-row';
import { ProductTabs } from './sections/product-tabs';

function Section({ section }: { section: HomeSection }) {
  switch (section.type) {
    case 'hero':
      return <HeroSlider {...section} />;
    case 'features':
      return <FeatureStrip />;
    case 'categories':
      return <CategoryTiles titleKey={section.titleKey} />;
    case 'productTabs':
      return <ProductTabs titleKey={section.titleKey} pageSize={section.pageSize} />;
    case 'deal':
      return <DealOfTheWeek />;
    case 'productRow':
      return <ProductRow titleKey={section.titleKey} filter={section.filter} pageSize={section.pageSize} />;
  }
}

/** Renders a home variant: its sections in order. */
export function Home({ variant }: { variant: HomeVariant }) {
  const { t } = useTranslation();
  return (
    <div data-home={variant.key}>
      <Seo titleTemplate={t(variant.titleKey)} />
      {variant.sections.map((section, i) => (
        <Section key={`${section.type}-${i}`} section={section} />
      ))}
    </div>
  );
}
