import { useEffect, useState } from 'react';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { api, useGetOrderQuery } from '../../app/api';
import { Seo } from '../../components/ui/seo';
import { OrderSummary } from '../../components/order/order-summary';
import { PaymentPanel } from './payment-panel';
import { ReviewOrderLink } from '../reviews';
import { ReturnSection } from '../returns';

/** While a payment waits for the bank, the page asks for news this often (ms), for this long after it opens or is asked again. */
const POLL_MS = 3000;
const POLL_FOR_MS = 2 * 60 * 1000;

/** True for the two minutes after the page opened or `again()` was called: the time the page keeps asking for the payment's news. */
function usePollWindow() {
  const [round, setRound] = useState(0);
  const [closed, setClosed] = useState(-1);
  useEffect(() => {
    const id = window.setTimeout(() => setClosed(round), POLL_FOR_MS);
    return () => window.clearTimeout(id);
  }, [round]);
  return { open: closed !== round, again: () => setRound((r) => r + 1) };
}

/**
 * `/order/:number?token=…`: an order seen through its private link, no account needed. An order
 * paid online shows its payment; while the bank's answer is awaited the page asks again every few
 * seconds, so it turns to "Payment received" when Paymob's callback lands.
 */
export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const { number = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const poll = usePollWindow();
  const [switchedToCod, setSwitchedToCod] = useState(false);
  // The order as last read decides whether to keep asking.
  const awaiting = api.endpoints.getOrder.useQueryState({ number, token }).data?.payment.state === 'awaiting_payment';
  const {
    data: order,
    error,
    isLoading,
    refetch,
  } = useGetOrderQuery({ number, token }, { skip: !token, pollingInterval: awaiting && poll.open ? POLL_MS : 0 });

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
  const checkAgain = () => {
    poll.again();
    void refetch();
  };
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
        {switchedToCod && order.payment.state === 'cod' && (
          <p role="status" className="mt-5 flex items-start gap-3 rounded-2xl bg-moss/10 p-4 text-sm font-semibold text-olive" data-testid="switched-to-cod">
            <CheckCircle2 size={20} className="shrink-0 text-moss" aria-hidden="true" />
            {t('orderPayment.switchedToCod')}
          </p>
        )}
        {order.reviewLink && <ReviewOrderLink href={order.reviewLink} className="mt-6" />}
        <PaymentPanel order={order} token={token} stale={!poll.open} onCheck={checkAgain} onCod={() => setSwitchedToCod(true)} />
        <div className="mt-6">
          <OrderSummary order={order} />
        </div>
        {order.status === 'delivered' && <ReturnSection access={{ number: order.number, token }} className="mt-8" />}
      </div>
    </div>
  );
}
