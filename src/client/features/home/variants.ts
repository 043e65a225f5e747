/**
 * A home page is a configuration: a theme and an ordered list of sections with their props.
 * The variant routes of the specification are entries here, not copied pages.
 */
export type HomeSection =
  | { type: 'hero'; slides: Array<{ image: number; eyebrow: string; title: string; text: string; cta: string; to: string }> }
  | { type: 'features' }
  | { type: 'categories'; titleKey: string }
  | { type: 'productTabs'; titleKey: string; pageSize: number }
  | { type: 'deal' }
  | { type: 'productRow'; titleKey: string; filter: { category?: string; new?: boolean; sale?: boolean }; pageSize: number };

export interface HomeVariant {
  key: string;
  titleKey: string;
  theme: 'ivory' | 'sand' | 'dark';
  sections: HomeSection[];
}

export const mainHome: HomeVariant = {
  key: 'fashion',
  titleKey: 'home.title',
  theme: 'ivory',
  sections: [
    {
      type: 'hero',
      slides: [
        {
          image: 1,
          eyebrow: 'home.hero1.eyebrow',
          title: 'home.hero1.title',
          text: 'home.hero1.text',
          cta: 'home.hero1.cta',
          to: '/shop-grid-standard?category=essential-oils',
        },
        {
          image: 2,
          eyebrow: 'home.hero2.eyebrow',
          title: 'home.hero2.title',
          text: 'home.hero2.text',
          cta: 'home.hero2.cta',
          to: '/shop-grid-standard?category=scented-candles',
        },
        {
          image: 3,
          eyebrow: 'home.hero3.eyebrow',
          title: 'home.hero3.title',
          text: 'home.hero3.text',
          cta: 'home.hero3.cta',
          to: '/shop-grid-standard?category=aroma-diffusers',
        },
      ],
    },
    { type: 'features' },
    { type: 'categories', titleKey: 'home.categoriesTitle' },
    { type: 'productTabs', titleKey: 'home.tabsTitle', pageSize: 8 },
    { type: 'deal' },
    { type: 'productRow', titleKey: 'home.candlesTitle', filter: { category: 'scented-candles' }, pageSize: 4 },
  ],
};
