import { Link } from 'react-router';
import { useTranslation } from '../../../app/i18n-view';
import { ArrowRight } from 'lucide-react';
import { useGetProductsQuery } from '../../../app/api';
import type { HomeSection } from '../variants';
import { ProductGrid } from './product-grid';
import { SectionHeading } from './section-heading';

type Props = Omit<Extract<HomeSection, { type: 'productRow' }>, 'type'>;

/** A titled row of products for one filter, with a link to the full listing. */
export function ProductRow({ titleKey, filter, pageSize }: Props) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = useGetProductsQuery({ lng: i18n.language, pageSize, ...filter });
  const query = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, v === true ? '1' : String(v)])).toString();
  return (
    <section className="container-shop mt-16" aria-labelledby={`row-${titleKey}`}>
      <SectionHeading
        id={`row-${titleKey}`}
        title={t(titleKey)}
        action={
          <Link to={`/shop-grid-standard?${query}`} className="inline-flex items-center gap-1 text-sm font-semibold text-amber-dark hover:underline">
            {t('home.viewAll')}
            <ArrowRight size={16} className="rtl:rotate-180" aria-hidden="true" />
          </Link>
        }
      />
      <ProductGrid products={data?.items} loading={isFetching} count={pageSize} />
    </section>
  );
}
