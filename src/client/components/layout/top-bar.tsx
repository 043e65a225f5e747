import { useTranslation } from '../../app/i18n-view';
import { Phone } from 'lucide-react';
import { useShopSettings } from '../../app/use-shop-settings';
import { useMoney } from '../../app/use-money';
import { Preferences } from './preferences';

/** Digits and a leading + only, as `tel:` links want them. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function TopBar() {
  const { t } = useTranslation();
  const { phone, freeShippingThreshold } = useShopSettings();
  const money = useMoney();
  return (
    <div className="bg-ink text-ivory" data-testid="top-bar">
      <div className="container-shop flex h-10 items-center justify-between gap-4 text-[13px]">
        <p className="hidden truncate text-ivory/85 md:block">{t('topBar.promo', { amount: money(freeShippingThreshold) })}</p>
        <div className="flex flex-1 items-center justify-between gap-4 md:flex-none md:justify-end">
          <Preferences idPrefix="top" />
          <a
            href={telHref(phone)}
            className="-m-1.5 inline-flex items-center gap-1.5 p-1.5 text-ivory/90 hover:text-white"
            aria-label={t('topBar.call', { phone })}
          >
            <Phone size={14} aria-hidden="true" />
            {/* On a phone the currency's name needs the room: the icon alone calls (its label names the number). */}
            <span dir="ltr" className="hidden whitespace-nowrap min-[420px]:inline">
              {phone}
            </span>
          </a>
        </div>
      </div>
    </div>
  );
}
