import { ShopLink } from '../../components/ui/shop-link';
import { useTranslation } from '../../app/i18n-view';
import { Heart, ShoppingBag, Shuffle } from 'lucide-react';
import type { ProductSummary as Product } from '../../../shared/schemas/product';
import { hasVariations } from '../../../shared/domain/cart';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addToCart } from '../cart';
import { addToWishlist } from '../wishlist';
import { addToCompare } from '../compare';
import { ProductImage } from '../../components/product/product-image';
import { PriceTag } from '../../components/product/price-tag';
import { RatingStars } from '../../components/product/rating-stars';

interface Props {
  product: Product;
  layout?: 'grid' | 'list';
  priority?: boolean;
  sizes?: string;
}

/** A product in a grid or list: picture, badges, name, rating, price and quick actions. */
export function ProductCard({ product, layout = 'grid', priority, sizes = '(min-width: 1024px) 25vw, 50vw' }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const inWishlist = useAppSelector((s) => s.wishlist.wishlistItems.some((p) => p.id === product.id));
  const inCompare = useAppSelector((s) => s.compare.compareItems.some((p) => p.id === product.id));
  const href = `/product/${product.id}`;
  const soldOut = product.stock === 0;
  const needsChoice = hasVariations(product);
  const list = layout === 'list';

  return (
    <article
      className={`group relative flex ${list ? 'flex-col gap-5 sm:flex-row' : 'flex-col'} rounded-2xl bg-white p-3 shadow-soft transition-shadow hover:shadow-lift`}
      data-testid="product-card"
    >
      <div className={`relative overflow-hidden rounded-xl bg-sand ${list ? 'sm:w-64 sm:shrink-0' : ''}`}>
        <ShopLink to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            image={product.images[0]}
            sizes={list ? '(min-width: 640px) 256px, 100vw' : sizes}
            priority={priority}
            className="aspect-square w-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
          />
        </ShopLink>
        <div className="pointer-events-none absolute start-2 end-12 top-2 flex flex-col items-start gap-1">
          {product.discount > 0 && (
            <span className="rounded-full bg-rose px-2 py-0.5 text-xs font-semibold text-white">{t('product.sale', { discount: product.discount })}</span>
          )}
          {product.isNew && <span className="rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-ivory">{t('product.new')}</span>}
          {product.offer && (
            <span className="max-w-full truncate rounded-full bg-olive px-2 py-0.5 text-xs font-semibold text-white">{product.offer.name}</span>
          )}
        </div>
        {soldOut && (
          <span className="absolute inset-x-2 bottom-2 rounded-full bg-white/90 py-1 text-center text-xs font-semibold text-ink">
            {t('product.outOfStock')}
          </span>
        )}
        <div className="absolute end-2 top-2 flex flex-col gap-1.5">
          <button
            type="button"
            onClick={() => dispatch(addToWishlist(product))}
            aria-label={inWishlist ? t('product.inWishlist') : t('product.addToWishlist')}
            aria-pressed={inWishlist}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-soft transition hover:bg-ink hover:text-ivory"
          >
            <Heart size={16} fill={inWishlist ? 'currentColor' : 'none'} aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => dispatch(addToCompare(product))}
            aria-label={inCompare ? t('product.inCompare') : t('product.addToCompare')}
            aria-pressed={inCompare}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-soft transition hover:bg-ink hover:text-ivory"
          >
            <Shuffle size={16} aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className={`flex flex-1 flex-col px-1 ${list ? 'py-2' : 'pt-3'}`}>
        <h3 className={`font-display font-semibold leading-snug text-ink ${list ? 'text-2xl' : 'text-lg'}`}>
          <ShopLink to={href} className="hover:text-amber-dark">
            {product.name}
          </ShopLink>
        </h3>
        {product.reviewCount > 0 && (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
            <RatingStars rating={product.rating} />
            <span aria-label={t('product.reviewCount', { count: product.reviewCount })}>({product.reviewCount})</span>
          </p>
        )}
        {list && <p className="mt-2 text-sm text-muted">{product.shortDescription}</p>}
        <div className="mt-2 flex flex-1 flex-wrap items-end justify-between gap-2">
          <PriceTag price={product.price} discount={product.discount} offerPrice={product.offer?.price} />
          {needsChoice ? (
            <ShopLink
              to={href}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border border-line px-3 text-xs font-semibold text-ink hover:border-ink"
            >
              {t('product.selectOption')}
            </ShopLink>
          ) : (
            <button
              type="button"
              disabled={soldOut}
              onClick={() => dispatch(addToCart({ product, quantity: 1 }))}
              aria-label={`${t('product.addToCart')}: ${product.name}`}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full bg-ink px-3 text-xs font-semibold text-ivory transition hover:bg-olive disabled:bg-line disabled:text-muted"
            >
              <ShoppingBag size={15} aria-hidden="true" />
              <span className={list ? '' : 'sr-only sm:not-sr-only'}>{soldOut ? t('product.outOfStock') : t('product.addToCart')}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
