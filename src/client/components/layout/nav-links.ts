import type { TranslationKey } from '../../app/translation-keys';

/** The main menu, shared by the desktop header and the mobile drawer. */
export const mainMenu: Array<{ key: TranslationKey; to: string }> = [
  { key: 'nav.home', to: '/' },
  { key: 'nav.products', to: '/shop-grid-standard' },
  { key: 'nav.essentialOils', to: '/shop-grid-standard?category=essential-oils' },
  { key: 'nav.waterFresheners', to: '/shop-grid-standard?category=water-fresheners' },
  { key: 'nav.scentedCandles', to: '/shop-grid-standard?category=scented-candles' },
  { key: 'nav.about', to: '/about' },
  { key: 'nav.contact', to: '/contact' },
  { key: 'nav.cart', to: '/cart' },
  { key: 'nav.checkout', to: '/checkout' },
  { key: 'nav.wishlist', to: '/wishlist' },
];
