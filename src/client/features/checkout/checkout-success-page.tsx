import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { CheckCircle2, PackageCheck, PhoneCall, Truck } from 'lucide-react';
import type { PlacedOrder } from '../../app/api';
import { Seo } from '../../components/ui/seo';
import { lastOrder, orderPath } from './last-order';
import { OrderSummary } from '../../components/order/order-summary';

/** After a placed order: its number, what happens next, and the private link to see it again. */
export default function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const placed = (location.state as PlacedOrder | null) ?? lastOrder();

  if (!placed)
    return (
      <div className="container-shop py-16 text-center">
        <Seo titleTemplate={t('meta.checkoutSuccess')} />
        <h1 className="font-display text-4xl font-semibold">{t('success.noneTitle')}</h1>
        <p className="mx-auto mt-3 max-w-md text-muted">{t('success.noneText')}</p>
        <Link to="/shop-grid-standard" className="btn btn-primary mt-7">
          {t('cart.continue')}
        </Link>
      </div>
    );

  const { order } = placed;
  const link = orderPath(placed);
  const steps = [
    [PhoneCall, t('success.step1Title'), t('success.step1Text')],
    [PackageCheck, t('success.step2Title'), t('success.step2Text')],
    [Truck, t('success.step3Title'), t('success.step3Text')],
  ] as const;

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.checkoutSuccess')} />
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-moss/15 text-moss">
            <CheckCircle2 size={34} aria-hidden="true" />
          </span>
          <h1 className="mt-5 font-display text-4xl font-semibold sm:text-5xl">{t('success.title')}</h1>
          <p className="mt-3 text-lg text-olive">
            {t('success.number')} <strong data-testid="order-number">{order.number}</strong>
          </p>
          <p className="mt-2 max-w-xl text-muted">{t('success.text', { name: order.customerName.split(' ')[0] })}</p>
        </div>

        <ol className="mt-10 grid gap-4 sm:grid-cols-3">
          {steps.map(([Icon, title, text], i) => (
            <li key={i} className="rounded-2xl bg-sand/60 p-5">
              <Icon size={22} className="text-amber-dark" aria-hidden="true" />
              <p className="mt-3 font-semibold">{title}</p>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>

        <h2 className="mt-10 font-display text-2xl font-semibold">{t('cart.summary')}</h2>
        <div className="mt-4">
          <OrderSummary order={order} />
        </div>

        <div className="mt-8 rounded-2xl border border-line p-5 text-sm">
          <p className="font-semibold">{t('success.keepLink')}</p>
          <p className="mt-1 text-muted">{t('success.keepLinkText')}</p>
          <Link to={link} className="mt-3 inline-block break-all font-semibold text-amber-dark underline underline-offset-4" data-testid="order-link">
            {t('success.viewOrder')}
          </Link>
          <p className="mt-4 text-muted">
            {t('success.track')}{' '}
            <Link to={`/track?number=${encodeURIComponent(order.number)}`} className="font-semibold text-amber-dark underline underline-offset-4">
              {t('success.trackLink')}
            </Link>
          </p>
        </div>

        <div className="mt-8 text-center">
          <Link to="/shop-grid-standard" className="btn btn-primary">
            {t('cart.continue')}
          </Link>
        </div>
      </div>
    </div>
  );
}
