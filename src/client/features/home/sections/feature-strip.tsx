import { useTranslation } from '../../../app/i18n-view';
import { Banknote, Headphones, RotateCcw, Truck } from 'lucide-react';
import { useMoney } from '../../../app/use-money';
import { useShopSettings } from '../../../app/use-shop-settings';

/** Free shipping threshold, cash on delivery, returns, support. */
export function FeatureStrip() {
  const { t } = useTranslation();
  const money = useMoney();
  const { freeShippingThreshold } = useShopSettings();
  const items = [
    { icon: Truck, title: t('home.features.shippingTitle'), text: t('home.features.shippingText', { amount: money(freeShippingThreshold) }) },
    { icon: Banknote, title: t('home.features.codTitle'), text: t('home.features.codText') },
    { icon: RotateCcw, title: t('home.features.returnsTitle'), text: t('home.features.returnsText') },
    { icon: Headphones, title: t('home.features.supportTitle'), text: t('home.features.supportText') },
  ];
  return (
    <section className="container-shop mt-10" aria-label={t('home.features.label')}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-6">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-3 rounded-2xl bg-sand/70 p-4 sm:flex-row sm:items-center sm:p-5">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-amber-dark">
              <Icon size={20} aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-semibold">{title}</p>
              <p className="text-xs leading-relaxed text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
