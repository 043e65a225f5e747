import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { useGetProductsQuery } from '../../../app/api';
import { isOfferRunning } from '../../../../shared/domain/pricing';
import { Countdown } from '../../../components/ui/countdown';
import { PriceTag } from '../../../components/product/price-tag';
import { ProductImage } from '../../../components/product/product-image';

/** The discounted product whose offer ends soonest, with a live countdown. */
export function DealOfTheWeek() {
  const { t, i18n } = useTranslation();
  const { data } = useGetProductsQuery({ lng: i18n.language, sale: true, pageSize: 100 });
  const now = new Date();
  const deal = (data?.items ?? [])
    .filter((p) => p.offerEnd && isOfferRunning(p.offerEnd, now) && p.stock > 0)
    .sort((a, b) => (a.offerEnd ?? '').localeCompare(b.offerEnd ?? ''))[0];
  if (!deal?.offerEnd) return null;
  return (
    <section className="container-shop mt-16" aria-labelledby="home-deal">
      <div className="grid items-center overflow-hidden rounded-3xl bg-ink text-ivory md:grid-cols-2">
        <div className="order-2 p-8 md:order-1 md:p-12">
          <p className="eyebrow !text-on-ink">{t('home.deal.eyebrow')}</p>
          <h2 id="home-deal" className="mt-2 font-display text-4xl font-semibold leading-tight">
            {deal.name}
          </h2>
          <p className="mt-3 max-w-md text-ivory/80">{deal.shortDescription}</p>
          <div className="mt-5 [&_*]:!text-ivory [&_del]:!text-ivory/70">
            <PriceTag price={deal.price} discount={deal.discount} offerPrice={deal.offer?.price} size="lg" />
          </div>
          <p className="mt-6 text-sm text-ivory/70">{t('home.deal.endsIn')}</p>
          <div className="mt-2">
            <Countdown end={deal.offerEnd} tone="dark" />
          </div>
          <Link to={`/product/${deal.id}`} className="btn btn-accent mt-8">
            {t('home.deal.cta')}
          </Link>
        </div>
        <div className="order-1 bg-sand md:order-2">
          <ProductImage image={deal.images[0]} sizes="(min-width: 768px) 50vw, 100vw" className="aspect-square w-full object-cover" />
        </div>
      </div>
    </section>
  );
}
