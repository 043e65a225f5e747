import { formatShopTime } from '../../../shared/domain/shop-time';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { useGetOrderQuery } from '../../app/api';
import { Seo } from '../../components/ui/seo';
import { OrderSummary } from '../../components/order/order-summary';

/** `/order/:number?token=…`: an order seen through its private link, no account needed. */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const { number = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { data: order, error, isLoading } = useGetOrderQuery({ number, token }, { skip: !token });

  if (isLoading) return <div className="container-shop py-20" aria-busy="true" />;
  if (!order || error)
    return (
      <div className="container-shop py-16 text-center">
        <Seo title={t('orderView.notFoundTitle')} titleTemplate={t('meta.order')} />
        <h1 className="font-display text-4xl font-semibold">{t('orderView.notFoundTitle')}</h1>
        <p className="mx-auto mt-3 max-w-md text-muted">{t('orderView.notFoundText')}</p>
        <p className="mx-auto mt-2 max-w-md text-muted">{t('orderView.trackInstead')}</p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Link to={`/track?number=${encodeURIComponent(number)}`} className="btn btn-primary">
            {t('footer.trackOrder')}
          </Link>
          <Link to="/contact" className="btn btn-ghost">
            {t('nav.contact')}
          </Link>
        </div>
      </div>
    );

  const placed = formatShopTime(order.createdAt, i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className="container-shop py-10">
      <Seo title={order.number} titleTemplate={t('meta.order')} />
      <div className="mx-auto max-w-3xl">
        <p className="eyebrow">{t('orderView.eyebrow')}</p>
        <h1 className="mt-2 font-display text-4xl font-semibold">{order.number}</h1>
        <p className="mt-2 text-muted">{t('orderView.placed', { date: placed })}</p>
        <p className="mt-4 inline-flex rounded-full bg-sand px-4 py-1.5 text-sm font-semibold" data-testid="order-status">
          {t(`orderStatus.${order.status}`)}
        </p>
        <div className="mt-6">
          <OrderSummary order={order} />
        </div>
      </div>
    </div>
  );
}
