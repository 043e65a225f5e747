import { ShoppingBag } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { Seo } from '../../components/ui/seo';
import { EmptyPanel } from '../../components/ui/empty-panel';

/** The checkout of an empty cart: nothing to order, and where to find something. */
export default function EmptyCheckoutPanel() {
  const { t } = useTranslation();
  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.checkout')} />
      <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t('checkout.title')}</h1>
      <EmptyPanel icon={<ShoppingBag size={28} aria-hidden="true" />} title={t('cart.emptyTitle')} text={t('checkout.emptyText')} />
    </div>
  );
}
