import { Lock } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { PlacedOrder } from '../../app/api';
import { Seo } from '../../components/ui/seo';

/** Placed and paid online: on the way to Paymob's page, with a link in case the browser does not go. */
export default function LeavingForPayment({ placed }: { placed: PlacedOrder }) {
  const { t } = useTranslation();
  return (
    <div className="container-shop py-16 text-center" role="status">
      <Seo titleTemplate={t('meta.checkout')} />
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-sand text-amber-dark">
        <Lock size={28} aria-hidden="true" />
      </span>
      <h1 className="mt-5 font-display text-4xl font-semibold">{t('checkout.redirectTitle')}</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">{t('checkout.redirectText', { number: placed.order.number })}</p>
      {placed.paymentUrl && (
        <a href={placed.paymentUrl} className="btn btn-primary mt-7">
          {t('checkout.redirectButton')}
        </a>
      )}
    </div>
  );
}
