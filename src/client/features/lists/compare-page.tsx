import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ShoppingBag, Shuffle, X } from 'lucide-react';
import { hasVariations } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { ProductImage } from '../../components/product/product-image';
import { PriceTag } from '../../components/product/price-tag';
import { RatingStars } from '../../components/product/rating-stars';
import { addToCart } from '../cart';
import { removeFromCompare } from '../compare';
import { PageHead } from './page-head';
import { EmptyPanel } from '../../components/ui/empty-panel';

export default function ComparePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.compare.compareItems);
  const row = 'border-t border-line px-4 py-4 align-top';

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.compare')} />
      <PageHead title={t('compare.title')} crumb={t('nav.compare')} />
      {items.length === 0 ? (
        <EmptyPanel icon={<Shuffle size={28} aria-hidden="true" />} title={t('compare.emptyTitle')} text={t('compare.emptyText')} />
      ) : (
        <div className="mt-8 overflow-x-auto rounded-3xl bg-white shadow-soft">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">{t('compare.title')}</caption>
            <tbody>
              <tr>
                <th scope="row" className="w-24 px-4 py-4 text-start font-semibold text-muted sm:w-40">
                  {t('compare.product')}
                </th>
                {items.map((p) => (
                  <td key={p.id} className="px-4 py-4 align-top" data-testid="compare-column">
                    <div className="relative">
                      <Link to={`/product/${p.id}`} className="block overflow-hidden rounded-2xl bg-sand">
                        <ProductImage image={p.images[0]} sizes="220px" className="aspect-square w-full object-cover" />
                      </Link>
                      <button
                        type="button"
                        onClick={() => dispatch(removeFromCompare(p.id))}
                        aria-label={`${t('cart.remove')}: ${p.name}`}
                        className="absolute end-2 top-2 flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow-soft hover:bg-ink hover:text-ivory"
                      >
                        <X size={16} aria-hidden="true" />
                      </button>
                    </div>
                    <h2 className="mt-3 font-display text-lg font-semibold">
                      <Link to={`/product/${p.id}`}>{p.name}</Link>
                    </h2>
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className={`${row} text-start font-semibold text-muted`}>
                  {t('compare.price')}
                </th>
                {items.map((p) => (
                  <td key={p.id} className={row}>
                    <PriceTag price={p.price} discount={p.discount} />
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className={`${row} text-start font-semibold text-muted`}>
                  {t('compare.rating')}
                </th>
                {items.map((p) => (
                  <td key={p.id} className={row}>
                    {/* Kept when the product was added: one saved before reviews came has no count. */}
                    {p.reviewCount ? (
                      <>
                        <RatingStars rating={p.rating} /> <span className="text-xs text-muted">{t('product.reviewCount', { count: p.reviewCount })}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className={`${row} text-start font-semibold text-muted`}>
                  {t('compare.description')}
                </th>
                {items.map((p) => (
                  <td key={p.id} className={`${row} text-olive`}>
                    {p.shortDescription}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className={`${row} text-start font-semibold text-muted`}>
                  {t('compare.stock')}
                </th>
                {items.map((p) => (
                  <td key={p.id} className={`${row} ${p.stock === 0 ? 'text-rose' : 'text-moss'}`}>
                    {p.stock === 0 ? t('product.outOfStock') : t('product.inStock')}
                  </td>
                ))}
              </tr>
              <tr>
                <td className={row} />
                {items.map((p) => (
                  <td key={p.id} className={row}>
                    {hasVariations(p) ? (
                      <Link to={`/product/${p.id}`} className="btn btn-ghost h-10">
                        {t('product.selectOption')}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        disabled={p.stock === 0}
                        onClick={() => dispatch(addToCart({ product: p, quantity: 1 }))}
                        className="btn btn-primary h-10 gap-2 disabled:bg-line disabled:text-muted"
                      >
                        <ShoppingBag size={16} aria-hidden="true" />
                        {t('product.addToCart')}
                      </button>
                    )}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
