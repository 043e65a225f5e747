import { keyIn, type TranslationKey } from '../../app/translation-keys';
/**
 * A home page is a configuration: a theme and an ordered list of sections with their props.
 * The variant routes of the specification are entries here, not copied pages.
 */
import type { HomeVariantKey } from '../../../shared/domain/home-variants';
/** A section's copy: a family of keys with `eyebrow`, `heading`, `text` and `cta`. */
export type CopyFamily = `homes.${string}` | `banners.${string}`;

type RowFilter = { category?: string; tag?: string; q?: string; new?: boolean; sale?: boolean };

export type HomeSection =
  | { type: 'hero'; slides: Array<{ image: number; eyebrow: TranslationKey; title: TranslationKey; text: TranslationKey; cta: TranslationKey; to: string }> }
  | { type: 'textHero'; copy: CopyFamily; image: string; to: string; layout: 'split' | 'center' | 'panel' }
  | { type: 'features' }
  | { type: 'categories'; titleKey: TranslationKey }
  | { type: 'bannerGrid'; titleKey?: TranslationKey; layout: 'mosaic' | 'trio' }
  | { type: 'banner'; copy: CopyFamily; image: string; to: string; reverse?: boolean; tone?: 'light' | 'dark' }
  | { type: 'productTabs'; titleKey: TranslationKey; pageSize: number }
  | { type: 'deal' }
  | { type: 'productRow'; titleKey: TranslationKey; filter: RowFilter; pageSize: number }
  | { type: 'testimonials' }
  | { type: 'origins' }
  | { type: 'newsletter'; tone?: 'light' | 'dark' };

/** Palettes: each overrides the shop's colour variables inside the page (see styles.css). */
export type HomeTheme =
  'ivory' | 'pastel' | 'blush' | 'walnut' | 'linen' | 'stone' | 'cool' | 'night' | 'paper' | 'green' | 'rose' | 'clinic' | 'christmas' | 'blackFriday';

export interface HomeVariant {
  /** `fashion` for the main home, else the page's key (`/home-<key>`). */
  key: HomeVariantKey | 'fashion';
  titleKey: TranslationKey;
  theme: HomeTheme;
  /** `onepage` makes every section a full-height, snapping screen. */
  layout?: 'onepage';
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

// ---- Building blocks of the variants ----------------------------------------------------------
const hero = mainHome.sections[0]!;
const shop = '/shop-grid-standard';
const text = (key: string, image: string, to: string, layout: 'split' | 'center' | 'panel'): HomeSection => ({
  type: 'textHero',
  copy: `homes.${key}`,
  image,
  to,
  layout,
});
const row = (titleKey: string, filter: RowFilter, pageSize = 4): HomeSection => ({ type: 'productRow', titleKey: keyIn('rows', titleKey), filter, pageSize });
const banner = (name: string, image: string, to: string, extra: { reverse?: boolean; tone?: 'light' | 'dark' } = {}): HomeSection => ({
  type: 'banner',
  copy: `banners.${name}`,
  image,
  to,
  ...extra,
});
const cat = (slug: string) => `${shop}?category=${slug}`;
const categories: HomeSection = { type: 'categories', titleKey: 'home.categoriesTitle' };
const tabs: HomeSection = { type: 'productTabs', titleKey: 'home.tabsTitle', pageSize: 8 };
const features: HomeSection = { type: 'features' };
const deal: HomeSection = { type: 'deal' };
const testimonials: HomeSection = { type: 'testimonials' };
const origins: HomeSection = { type: 'origins' };
const newsletter: HomeSection = { type: 'newsletter' };
const darkNewsletter: HomeSection = { type: 'newsletter', tone: 'dark' };
const mosaic: HomeSection = { type: 'bannerGrid', layout: 'mosaic' };
const trio: HomeSection = { type: 'bannerGrid', layout: 'trio', titleKey: 'home.categoriesTitle' };

const v = (key: HomeVariantKey, theme: HomeTheme, sections: HomeSection[], layout?: 'onepage'): HomeVariant => ({
  key,
  titleKey: keyIn(`homes.${key}`, 'title'),
  theme,
  sections,
  layout,
});

/**
 * The alternative homes of the specification (`/home-<key>`). Each sells this shop's goods with its
 * own palette, opening and order of sections; none repeats another.
 */
export const homeVariants: HomeVariant[] = [
  v('fashion-two', 'ivory', [
    text('fashion-two', 'hero-1', cat('essential-oils'), 'center'),
    row('best', {}),
    banner('candles', 'scented-candles', cat('scented-candles')),
    testimonials,
    newsletter,
  ]),
  v('fashion-three', 'linen', [
    hero,
    categories,
    row('new', { new: true }),
    banner('diffusers', 'aroma-diffusers', cat('aroma-diffusers'), { reverse: true, tone: 'dark' }),
    darkNewsletter,
  ]),
  v('fashion-four', 'linen', [text('fashion-four', 'essential-oils', cat('essential-oils'), 'panel'), features, tabs, origins]),
  v('fashion-five', 'stone', [text('fashion-five', 'hero-3', cat('aroma-diffusers'), 'split'), trio, row('sale', { sale: true }), testimonials]),
  v('fashion-six', 'paper', [hero, tabs, deal, newsletter]),
  v('fashion-seven', 'ivory', [
    text('fashion-seven', 'hero-2', cat('scented-candles'), 'center'),
    categories,
    banner('fresheners', 'water-fresheners', cat('water-fresheners')),
    row('new', { new: true }),
    origins,
  ]),
  v('fashion-eight', 'blush', [
    text('fashion-eight', 'scented-candles', cat('scented-candles'), 'panel'),
    row('candles', { category: 'scented-candles' }, 8),
    testimonials,
    darkNewsletter,
  ]),
  v('kids-fashion', 'pastel', [
    text('kids-fashion', 'water-fresheners', cat('water-fresheners'), 'split'),
    row('fresheners', { category: 'water-fresheners' }),
    banner('purifiers', 'air-purifiers', cat('air-purifiers')),
    features,
  ]),
  v('cosmetics', 'blush', [
    text('cosmetics', 'essential-oils', cat('essential-oils'), 'panel'),
    row('oils', { category: 'essential-oils' }, 8),
    testimonials,
    newsletter,
  ]),
  v('furniture', 'walnut', [text('furniture', 'aroma-diffusers', cat('aroma-diffusers'), 'split'), row('diffusers', { category: 'aroma-diffusers' }), mosaic]),
  v('furniture-two', 'walnut', [
    text('furniture-two', 'hero-3', cat('aroma-diffusers'), 'center'),
    categories,
    banner('reed', 'aroma-diffusers', `${shop}?q=reed`, { reverse: true }),
    origins,
  ]),
  v('furniture-three', 'linen', [hero, trio, row('diffusers', { category: 'aroma-diffusers' }, 8)]),
  v('furniture-four', 'walnut', [
    text('furniture-four', 'scented-candles', cat('scented-candles'), 'panel'),
    row('candles', { category: 'scented-candles' }),
    testimonials,
  ]),
  v('furniture-five', 'stone', [text('furniture-five', 'hero-2', cat('scented-candles'), 'split'), tabs, newsletter]),
  v('furniture-six', 'stone', [mosaic, row('relaxing', { tag: 'relaxing' }, 8), testimonials, newsletter]),
  v('furniture-seven', 'stone', [
    text('furniture-seven', 'aroma-diffusers', cat('aroma-diffusers'), 'center'),
    banner('candles', 'scented-candles', cat('scented-candles'), { tone: 'dark' }),
    deal,
  ]),
  v('electronics', 'cool', [
    text('electronics', 'air-purifiers', cat('air-purifiers'), 'split'),
    row('purifiers', { category: 'air-purifiers' }, 8),
    features,
    newsletter,
  ]),
  v('electronics-two', 'cool', [
    text('electronics-two', 'aroma-diffusers', `${shop}?tag=smart`, 'panel'),
    row('smart', { tag: 'smart' }),
    banner('purifiers', 'air-purifiers', cat('air-purifiers'), { tone: 'dark', reverse: true }),
  ]),
  v('electronics-three', 'night', [text('electronics-three', 'hero-3', `${shop}?tag=smart`, 'center'), row('smart', { tag: 'smart' }, 8), deal, testimonials]),
  v('book-store', 'paper', [text('book-store', 'hero-2', `${shop}?tag=relaxing`, 'split'), row('relaxing', { tag: 'relaxing' }), origins, newsletter]),
  v('book-store-two', 'paper', [text('book-store-two', 'essential-oils', `${shop}?tag=focus`, 'panel'), row('focus', { tag: 'focus' }), testimonials]),
  v('plants', 'green', [text('plants', 'essential-oils', `${shop}?tag=natural`, 'split'), row('natural', { tag: 'natural' }, 8), origins]),
  v('flower-shop', 'rose', [
    text('flower-shop', 'hero-1', `${shop}?tag=floral`, 'center'),
    row('floral', { tag: 'floral' }),
    banner('candles', 'scented-candles', cat('scented-candles'), { reverse: true }),
    newsletter,
  ]),
  v('flower-shop-two', 'rose', [text('flower-shop-two', 'scented-candles', `${shop}?tag=floral`, 'panel'), row('floral', { tag: 'floral' }, 8), testimonials]),
  v('organic-food', 'green', [text('organic-food', 'water-fresheners', `${shop}?tag=fresh`, 'panel'), row('fresh', { tag: 'fresh' }, 8), features]),
  v('organic-food-two', 'green', [hero, row('natural', { tag: 'natural' }), trio, newsletter]),
  v('onepage-scroll', 'ivory', [text('onepage-scroll', 'hero-1', shop, 'center'), categories, tabs, testimonials, newsletter], 'onepage'),
  v('grid-banner', 'linen', [{ type: 'bannerGrid', layout: 'mosaic', titleKey: 'home.categoriesTitle' }, features, row('new', { new: true }, 8)]),
  v('auto-parts', 'night', [
    text('auto-parts', 'air-purifiers', `${shop}?q=car`, 'split'),
    row('car', { q: 'car' }),
    banner('fresheners', 'water-fresheners', cat('water-fresheners'), { tone: 'dark' }),
  ]),
  v('cake-shop', 'blush', [text('cake-shop', 'scented-candles', `${shop}?q=vanilla`, 'center'), row('gift', { tag: 'gift' }, 8), testimonials]),
  v('handmade', 'linen', [
    text('handmade', 'scented-candles', cat('scented-candles'), 'panel'),
    origins,
    row('candles', { category: 'scented-candles' }, 8),
    testimonials,
  ]),
  v('pet-food', 'green', [
    text('pet-food', 'air-purifiers', cat('air-purifiers'), 'split'),
    row('purifiers', { category: 'air-purifiers' }),
    banner('fresheners', 'water-fresheners', cat('water-fresheners'), { reverse: true }),
  ]),
  v('medical-equipment', 'clinic', [
    text('medical-equipment', 'air-purifiers', cat('air-purifiers'), 'panel'),
    row('purifiers', { category: 'air-purifiers' }, 8),
    features,
    newsletter,
  ]),
  v('christmas', 'christmas', [text('christmas', 'hero-2', `${shop}?tag=gift`, 'center'), row('gift', { tag: 'gift' }, 8), deal, darkNewsletter]),
  v('black-friday', 'blackFriday', [text('black-friday', 'hero-1', `${shop}?sale=1`, 'panel'), row('sale', { sale: true }, 8), deal, darkNewsletter]),
  v('black-friday-two', 'blackFriday', [text('black-friday-two', 'hero-3', `${shop}?sale=1`, 'center'), trio, row('sale', { sale: true }), testimonials]),
  v('valentines-day', 'rose', [
    text('valentines-day', 'scented-candles', `${shop}?tag=floral`, 'split'),
    row('floral', { tag: 'floral' }),
    banner('oils', 'essential-oils', cat('essential-oils')),
    newsletter,
  ]),
];
