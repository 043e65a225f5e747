import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Heart, ShoppingBag, Trash2 } from 'lucide-react';
import { hasVariations } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { ProductImage } from '../../components/product/product-image';
import { PriceTag } from '../../components/product/price-tag';
import { addToCart } from '../cart';
import { clearWishlist, removeFromWishlist } from '../wishlist';
import { PageHead } from './page-head';
import { EmptyPanel } from '../../components/ui/empty-panel';

export default function WishlistPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.wishlist.wishlistItems);

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.wishlist')} />
      <PageHead title={t('wishlist.title')} crumb={t('nav.wishlist')} />
      {items.length === 0 ? (
        <EmptyPanel icon={<Heart size={28} aria-hidden="true" />} title={t('wishlist.emptyTitle')} text={t('wishlist.emptyText')} />
      ) : (
        <>
          <ul className="mt-8 divide-y divide-line rounded-3xl bg-white px-4 shadow-soft sm:px-6">
            {items.map((p) => {
              const soldOut = p.stock === 0;
              const href = `/product/${p.id}`;
              return (
                <li key={p.id} className="grid grid-cols-[88px_1fr] items-center gap-4 py-5 sm:grid-cols-[112px_1fr_auto]" data-testid="wishlist-line">
                  <Link to={href} className="overflow-hidden rounded-xl bg-sand" tabIndex={-1} aria-hidden="true">
                    <ProductImage image={p.images[0]} sizes="112px" className="aspect-square w-full object-cover" />
                  </Link>
                  <div>
                    <h2 className="font-display text-xl font-semibold">
                      <Link to={href} className="hover:text-amber-dark">
                        {p.name}
                      </Link>
                    </h2>
                    <div className="mt-1">
                      <PriceTag price={p.price} discount={p.discount} />
                    </div>
                    <p className={`mt-1 text-sm ${soldOut ? 'text-rose' : 'text-moss'}`}>{soldOut ? t('product.outOfStock') : t('product.inStock')}</p>
                  </div>
                  <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:justify-end">
                    {hasVariations(p) ? (
                      <Link to={href} className="btn btn-ghost h-10">
                        {t('product.selectOption')}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        disabled={soldOut}
                        onClick={() => {
                          dispatch(addToCart({ product: p, quantity: 1 }));
                          dispatch(removeFromWishlist(p.id));
                        }}
                        className="btn btn-primary h-10 gap-2 disabled:bg-line disabled:text-muted"
                      >
                        <ShoppingBag size={16} aria-hidden="true" />
                        {t('wishlist.moveToCart')}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => dispatch(removeFromWishlist(p.id))}
                      aria-label={`${t('cart.remove')}: ${p.name}`}
                      className="flex h-10 w-10 items-center justify-center rounded-full border border-line hover:border-ink"
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 flex justify-between">
            <Link to="/shop-grid-standard" className="btn btn-ghost">
              {t('cart.continue')}
            </Link>
            <button type="button" onClick={() => dispatch(clearWishlist())} className="btn btn-ghost">
              {t('wishlist.clear')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
