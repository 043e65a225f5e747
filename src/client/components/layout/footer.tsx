import { ShopLink } from '../ui/shop-link';
import { useTranslation } from '../../app/i18n-view';
import { Banknote, Mail, MapPin, Phone } from 'lucide-react';
import { useShopSettings } from '../../app/use-shop-settings';
import { askConsentAgain } from '../../app/consent';
import { telHref } from './top-bar';
import type { TranslationKey } from '../../app/translation-keys';

type FooterLink = { key: TranslationKey; to: string };

const shopLinks: FooterLink[] = [
  { key: 'footer.allProducts', to: '/shop-grid-standard' },
  { key: 'categories.essential-oils', to: '/shop-grid-standard?category=essential-oils' },
  { key: 'categories.water-fresheners', to: '/shop-grid-standard?category=water-fresheners' },
  { key: 'categories.scented-candles', to: '/shop-grid-standard?category=scented-candles' },
  { key: 'categories.aroma-diffusers', to: '/shop-grid-standard?category=aroma-diffusers' },
  { key: 'categories.air-purifiers', to: '/shop-grid-standard?category=air-purifiers' },
];
const helpLinks: FooterLink[] = [
  { key: 'footer.contactUs', to: '/contact' },
  { key: 'footer.trackOrder', to: '/track' },
  { key: 'footer.delivery', to: '/about#delivery' },
  { key: 'footer.returns', to: '/about#returns' },
  { key: 'footer.myAccount', to: '/my-account' },
];
const companyLinks: FooterLink[] = [
  { key: 'footer.aboutUs', to: '/about' },
  { key: 'footer.journal', to: '/blog-standard' },
  { key: 'footer.newArrivals', to: '/shop-grid-standard?new=1' },
  { key: 'footer.onSale', to: '/shop-grid-standard?sale=1' },
  { key: 'footer.wishlist', to: '/wishlist' },
];

function Column({ title, links }: { title: string; links: FooterLink[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="eyebrow !text-honey">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <ShopLink to={l.to} className="text-ivory/80 transition hover:text-white">
              {t(l.key)}
            </ShopLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { shopName, phone, email, address, measurement } = useShopSettings();
  const measured = Boolean(measurement.ga4Id || measurement.metaPixelId);
  return (
    <footer className="mt-20 bg-ink pb-24 text-ivory">
      <div className="container-shop grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <p className="font-display text-3xl font-semibold">{shopName}</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-ivory/75">{t('footer.blurb')}</p>
          <ul className="mt-5 space-y-2 text-sm text-ivory/85">
            <li className="flex items-center gap-2">
              <Phone size={15} aria-hidden="true" />
              <a href={telHref(phone)} dir="ltr" className="hover:text-white">
                {phone}
              </a>
            </li>
            {email && (
              <li className="flex items-center gap-2">
                <Mail size={15} aria-hidden="true" />
                <a href={`mailto:${email}`} className="hover:text-white">
                  {email}
                </a>
              </li>
            )}
            {address && (
              <li className="flex items-center gap-2">
                <MapPin size={15} aria-hidden="true" />
                <bdi>{address}</bdi>
              </li>
            )}
          </ul>
        </div>
        <Column title={t('footer.shop')} links={shopLinks} />
        <Column title={t('footer.help')} links={helpLinks} />
        <Column title={shopName} links={companyLinks} />
      </div>
      <div className="border-t border-ivory/10">
        <div className="container-shop flex flex-col items-center justify-between gap-3 py-6 text-xs text-ivory/70 sm:flex-row">
          <p>{t('footer.rights', { year: new Date().getFullYear(), shop: shopName })}</p>
          {measured && (
            <button type="button" onClick={askConsentAgain} className="underline-offset-4 hover:text-ivory hover:underline">
              {t('footer.cookieSettings')}
            </button>
          )}
          <p className="flex items-center gap-2">
            <Banknote size={15} aria-hidden="true" />
            {t('footer.payment')}
          </p>
        </div>
      </div>
    </footer>
  );
}
