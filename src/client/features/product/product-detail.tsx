import { ShopLink } from '../../components/ui/shop-link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Heart, ShoppingBag, Shuffle, Truck, Wallet } from 'lucide-react';
import type { Product } from '../../../shared/schemas/product';
import { hasVariations, lineStock, MAX_LINE_QUANTITY, shownStock } from '../../../shared/domain/cart';
import { isOfferRunning, listPrice } from '../../../shared/domain/pricing';
import { chooseColor, defaultChoice, findVariant, variantColors, variantSizes } from '../../../shared/domain/variants';
import { swatchOf } from '../../../shared/domain/vocabulary';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMoney } from '../../app/use-money';
import { useShopSettings } from '../../app/use-shop-settings';
import { addToCart, QuantityStepper } from '../cart';
import { addToWishlist } from '../wishlist';
import { addToCompare } from '../compare';
import { PriceTag } from '../../components/product/price-tag';
import { RatingStars } from '../../components/product/rating-stars';
import { Countdown } from '../../components/ui/countdown';

/**
 * Shown only on a sold-out product or option: its own chunk, not in every product page's script,
 * and drawn by the browser once the page is live (it needs the script to send anything). Were it in
 * the server's HTML, the page would hydrate around it until its chunk came, and a choice made
 * meanwhile (another size) would wait for that chunk before showing.
 */
const NotifyMeForm = lazy(async () => ({ default: (await import('../stock-alerts')).NotifyMeForm }));

type Choice = ReturnType<typeof defaultChoice>;

/** The colour swatches, as radio buttons; a colour sold out in every size is dimmed and named so. */
function ColorPicker({ product, choice, onChoose }: { product: Product; choice: Choice; onChoose: (choice: Choice) => void }) {
  const { t } = useTranslation();
  const colors = variantColors(product);
  if (colors.length === 0) return null;
  return (
    <fieldset className="mt-7">
      <legend className="text-sm font-semibold">
        {t('productPage.color')}:{' '}
        <span className="font-normal text-muted">{choice.color ? t(`colors.${choice.color}`, { defaultValue: choice.color }) : ''}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2.5">
        {colors.map((c) => {
          const name = t(`colors.${c}`, { defaultValue: c });
          const any = product.variants.some((v) => v.color === c && v.stock > 0);
          return (
            <label key={c} className="relative cursor-pointer" title={any ? name : t('productPage.unavailable', { option: name })}>
              <input
                type="radio"
                name="color"
                value={c}
                checked={choice.color === c}
                onChange={() => onChoose(chooseColor(product, c, choice.size))}
                className="peer sr-only"
              />
              <span className="sr-only">{any ? name : t('productPage.unavailable', { option: name })}</span>
              <span
                aria-hidden="true"
                className={`block h-10 w-10 rounded-full border border-black/10 ring-2 ring-transparent ring-offset-2 ring-offset-ivory transition peer-checked:ring-ink peer-focus-visible:ring-amber ${any ? '' : 'opacity-40'}`}
                style={{ background: swatchOf(c) }}
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The sizes of the chosen colour, as radio buttons, each with its own price where it differs. */
function SizePicker({ product, choice, onChoose }: { product: Product; choice: Choice; onChoose: (choice: Choice) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const sizes = variantSizes(product, choice.color);
  if (sizes.length === 0) return null;
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-semibold">{t('productPage.size')}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {sizes.map((s) => {
          const name = t(`sizes.${s}`, { defaultValue: s });
          const v = findVariant(product, choice.color, s);
          const out = (v?.stock ?? 0) <= 0;
          return (
            <label key={s} className="cursor-pointer">
              <input
                type="radio"
                name="size"
                value={s}
                checked={choice.size === s}
                onChange={() => onChoose({ ...choice, size: s })}
                className="peer sr-only"
              />
              <span
                className={`flex h-10 min-w-16 items-center justify-center rounded-full border px-4 text-sm font-semibold transition peer-checked:border-ink peer-checked:bg-ink peer-checked:text-ivory peer-focus-visible:ring-2 peer-focus-visible:ring-amber ${
                  out ? 'border-line text-muted line-through' : 'border-line bg-white text-ink hover:border-ink'
                }`}
              >
                {name}
                {v?.price != null && v.price !== product.price && <span className="ms-2 font-normal opacity-75">{money(v.price)}</span>}
              </span>
              {out && <span className="sr-only">{t('productPage.unavailable', { option: name })}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Add to the wishlist and to the comparison; each button says whether the product is already there. */
function ListButtons({ product }: { product: Product }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const inWishlist = useAppSelector((s) => s.wishlist.wishlistItems.some((p) => p.id === product.id));
  const inCompare = useAppSelector((s) => s.compare.compareItems.some((p) => p.id === product.id));
  return (
    <div className="flex gap-3">
      <button
        type="button"
        onClick={() => dispatch(addToWishlist(product))}
        aria-pressed={inWishlist}
        aria-label={inWishlist ? t('product.inWishlist') : t('product.addToWishlist')}
        className="flex h-12 w-12 items-center justify-center rounded-full border border-line bg-white hover:border-ink"
      >
        <Heart size={18} fill={inWishlist ? 'currentColor' : 'none'} aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => dispatch(addToCompare(product))}
        aria-pressed={inCompare}
        aria-label={inCompare ? t('product.inCompare') : t('product.addToCompare')}
        className="flex h-12 w-12 items-center justify-center rounded-full border border-line bg-white hover:border-ink"
      >
        <Shuffle size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shipping and payment promises, then the SKU, categories and tags. */
function ProductFacts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { freeShippingThreshold } = useShopSettings();
  return (
    <>
      <ul className="mt-7 grid gap-3 rounded-2xl border border-line p-4 text-sm sm:grid-cols-2">
        <li className="flex items-center gap-3">
          <Truck size={18} className="shrink-0 text-amber-dark" aria-hidden="true" />
          {t('productPage.freeShipping', { amount: money(freeShippingThreshold) })}
        </li>
        <li className="flex items-center gap-3">
          <Wallet size={18} className="shrink-0 text-amber-dark" aria-hidden="true" />
          {t('productPage.cod')}
        </li>
      </ul>

      <dl className="mt-7 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t('productPage.sku')}</dt>
        <dd data-testid="sku">{product.sku}</dd>
        <dt className="text-muted">{t('productPage.categories')}</dt>
        <dd className="flex flex-wrap gap-x-2">
          {product.categories.map((c) => (
            <ShopLink key={c} to={`/shop-grid-standard?category=${c}`} className="underline-offset-4 hover:underline">
              {t(`categories.${c}`, { defaultValue: c })}
            </ShopLink>
          ))}
        </dd>
        {product.tags.length > 0 && (
          <>
            <dt className="text-muted">{t('productPage.tags')}</dt>
            <dd className="flex flex-wrap gap-x-2">
              {product.tags.map((tag) => (
                <ShopLink key={tag} to={`/shop-grid-standard?tag=${tag}`} className="underline-offset-4 hover:underline">
                  {t(`tags.${tag}`, { defaultValue: tag })}
                </ShopLink>
              ))}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

/**
 * Name, price, options, quantity and the buttons: the right-hand side of a product page. The
 * number of reviews under the name opens the Reviews tab (`onShowReviews`); before the page is
 * live it is a plain link to the tabs.
 */
export function ProductDetail({ product, onShowReviews }: { product: Product; onShowReviews: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [choice, setChoice] = useState(() => defaultChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const variants = hasVariations(product);
  const variant = variants ? findVariant(product, choice.color, choice.size) : undefined;
  const stock = lineStock(product, choice.color, choice.size);
  const shown = shownStock(stock);
  const soldOut = shown === 0;
  const max = Math.max(1, Math.min(stock, MAX_LINE_QUANTITY));
  const qty = Math.min(quantity, max);
  const offer = product.offerEnd && isOfferRunning(product.offerEnd, new Date()) ? product.offerEnd : null;

  const add = () =>
    dispatch(
      addToCart({
        product,
        quantity: qty,
        selectedProductColor: variants ? choice.color : null,
        selectedProductSize: variants ? choice.size : null,
      }),
    );

  /** The chosen option as the pickers name it ("Amber, 50 ml"), or null. */
  const optionName = (v: { color: string | null; size: string | null }) =>
    [v.color && t(`colors.${v.color}`, { defaultValue: v.color }), v.size && t(`sizes.${v.size}`, { defaultValue: v.size })].filter(Boolean).join(' · ') ||
    null;

  const unitListPrice = listPrice(product, choice.color, choice.size);
  return (
    <div className="flex flex-col">
      <h1 className="font-display text-4xl font-semibold leading-tight sm:text-5xl">{product.name}</h1>
      {product.reviewCount > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted">
          <RatingStars rating={product.rating} />
          <span>{product.rating.toFixed(1)}</span>
          <a
            href="#reviews"
            onClick={(e) => {
              e.preventDefault();
              onShowReviews();
            }}
            className="underline decoration-line underline-offset-4 hover:text-ink hover:decoration-ink"
          >
            {t('product.reviewCount', { count: product.reviewCount })}
          </a>
        </div>
      )}
      <div className="mt-5">
        <PriceTag
          price={unitListPrice}
          discount={product.discount}
          // The offer's price is for the product's own price; a variant priced apart shows the offer's name only.
          offerPrice={unitListPrice === product.price ? product.offer?.price : null}
          size="lg"
          testId="product-price"
        />
      </div>
      <p className="mt-5 text-base leading-relaxed text-olive">{product.shortDescription}</p>

      {offer && (
        <div className="mt-6 rounded-2xl bg-sand/70 p-4">
          <p className="mb-3 text-xs font-semibold uppercase tracking-[0.16em] text-amber-dark">{t('productPage.offerEnds')}</p>
          <Countdown end={offer} />
        </div>
      )}

      <ColorPicker product={product} choice={choice} onChoose={setChoice} />

      <SizePicker product={product} choice={choice} onChoose={setChoice} />

      <p
        className={`mt-6 text-sm font-semibold ${soldOut ? 'text-rose' : shown === 'plenty' ? 'text-moss' : 'text-amber-dark'}`}
        aria-live="polite"
        data-testid="stock-status"
      >
        {soldOut ? t('product.outOfStock') : shown === 'plenty' ? t('product.inStock') : t('product.lowStock', { count: shown })}
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <QuantityStepper
          id="product-quantity"
          value={qty}
          max={max}
          onChange={(n) => setQuantity(Math.max(1, Math.min(n, max)))}
          label={t('productPage.quantity')}
        />
        <button
          type="button"
          onClick={add}
          disabled={soldOut}
          className="btn btn-primary h-12 flex-1 gap-2 disabled:cursor-not-allowed disabled:bg-line disabled:text-muted sm:flex-none sm:px-10"
        >
          <ShoppingBag size={18} aria-hidden="true" />
          {soldOut ? t('product.outOfStock') : t('product.addToCart')}
        </button>
        <ListButtons product={product} />
      </div>

      {soldOut && live && (
        <Suspense fallback={null}>
          <NotifyMeForm
            // A new form for each option: what was typed or sent was for the one shown before.
            key={variant?.id ?? 'product'}
            productId={product.id}
            variantId={variant?.id ?? null}
            option={variant ? optionName(variant) : null}
          />
        </Suspense>
      )}

      <ProductFacts product={product} />
    </div>
  );
}
