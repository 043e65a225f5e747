import { useLayoutEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { lineStock, MAX_LINE_QUANTITY, type CartItem } from '../../../shared/domain/cart';
import { lineTotal } from '../../../shared/domain/cart-quote';
import { unitPrice } from '../../../shared/domain/pricing';
import { governorates } from '../../../shared/domain/governorates';
import { loadForm, saveGovernorate } from '../../app/checkout-draft';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMoney } from '../../app/use-money';
import { ChargedInEgp } from '../currency';
import { Seo } from '../../components/ui/seo';
import { ProductImage } from '../../components/product/product-image';
import { clearCart, decreaseQuantity, removeFromCart, setQuantity } from './cart-slice';
import { QuantityStepper } from './quantity-stepper';
import { CouponField, PromotionLines, useCartQuote } from '../promotions';
import { keyIn } from '../../app/translation-keys';
import { EmptyPanel } from '../../components/ui/empty-panel';
import { Breadcrumb } from '../../components/ui/breadcrumb';

/** The unit price a line is charged at (variant price, discount applied), in piastres. */
const unitPriceOf = (item: CartItem) => unitPrice(item, item.selectedProductColor, item.selectedProductSize);

/** An empty cart: says so and leads back to the shop. */
function EmptyCart() {
  const { t } = useTranslation();
  return <EmptyPanel icon={<ShoppingBag size={28} aria-hidden="true" />} title={t('cart.emptyTitle')} text={t('cart.emptyText')} />;
}

/** One line of the cart: picture, name, options, unit price, stock note, quantity, total, remove. */
function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const money = useMoney();
  const stock = lineStock(item, item.selectedProductColor, item.selectedProductSize);
  const limit = Math.min(stock, MAX_LINE_QUANTITY);
  const href = `/product/${item.id}`;
  return (
    <li className="grid grid-cols-[88px_1fr] gap-4 py-5 sm:grid-cols-[112px_1fr_auto]" data-testid="cart-line">
      <Link to={href} className="overflow-hidden rounded-xl bg-sand" tabIndex={-1} aria-hidden="true">
        <ProductImage image={item.images[0]} sizes="112px" className="aspect-square w-full object-cover" />
      </Link>
      <div className="min-w-0">
        <h2 className="font-display text-xl font-semibold leading-snug">
          <Link to={href} className="hover:text-amber-dark">
            {item.name}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          {[
            item.selectedProductColor && `${t('cart.color')}: ${t(keyIn('colors', item.selectedProductColor))}`,
            item.selectedProductSize && `${t('cart.size')}: ${t(keyIn('sizes', item.selectedProductSize))}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="mt-1 text-sm">
          {t('cart.unitPrice')}: <span className="font-semibold">{money(unitPriceOf(item))}</span>
        </p>
        {stock === 0 ? (
          <p className="mt-1 text-sm font-medium text-rose">{t('product.outOfStock')}</p>
        ) : (
          item.quantity >= limit && (
            <p className="mt-1 text-xs text-amber-dark">{limit < stock ? t('cart.maxPerOrder', { max: limit }) : t('cart.maxStock', { count: stock })}</p>
          )
        )}
        <div className="mt-3 flex flex-wrap items-center gap-3 sm:hidden">
          <QuantityStepper
            id={`qty-m-${item.cartItemId}`}
            value={item.quantity}
            max={limit}
            onChange={(quantity) => dispatch(setQuantity({ cartItemId: item.cartItemId, quantity }))}
            onDecrease={() => dispatch(decreaseQuantity(item.cartItemId))}
          />
        </div>
      </div>
      <div className="col-span-2 flex items-center justify-between gap-4 sm:col-span-1 sm:flex-col sm:items-end">
        <div className="hidden sm:block">
          <QuantityStepper
            id={`qty-${item.cartItemId}`}
            value={item.quantity}
            max={limit}
            onChange={(quantity) => dispatch(setQuantity({ cartItemId: item.cartItemId, quantity }))}
            onDecrease={() => dispatch(decreaseQuantity(item.cartItemId))}
          />
        </div>
        <p className="text-lg font-semibold" data-testid="line-total">
          {money(lineTotal(item))}
        </p>
        <button
          type="button"
          onClick={() => dispatch(removeFromCart(item.cartItemId))}
          className="inline-flex items-center gap-1 text-sm text-muted hover:text-rose"
        >
          <Trash2 size={15} aria-hidden="true" />
          {t('cart.remove')}
          <span className="sr-only">{item.name}</span>
        </button>
      </div>
    </li>
  );
}

/** Subtotal, shipping to a chosen governorate (kept for checkout), total and the way to checkout: the cart's quote. */
function CartSummary({ items }: { items: CartItem[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  // Kept in this tab, which the server's render cannot see: read after hydration, before paint.
  const [governorate, setGovernorate] = useState('');
  useLayoutEffect(() => setGovernorate(loadForm().governorate), []);
  const quote = useCartQuote(items, governorate);
  const { subtotal, shipping: fee, total, freeShippingGap: toFree } = quote;
  return (
    <aside className="h-fit rounded-3xl bg-white p-6 shadow-soft lg:sticky lg:top-24" aria-labelledby="cart-summary">
      <h2 id="cart-summary" className="font-display text-2xl font-semibold">
        {t('cart.summary')}
      </h2>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex justify-between">
          <dt>{t('cart.subtotal')}</dt>
          <dd className="font-semibold" data-testid="cart-subtotal">
            {money(subtotal)}
          </dd>
        </div>
        <PromotionLines quote={quote} />
        <div>
          <dt className="flex items-center justify-between">
            <label htmlFor="cart-governorate">{t('cart.shippingTo')}</label>
            <span data-testid="cart-shipping" className={fee === null ? 'text-muted' : 'font-semibold'}>
              {fee === null ? t('cart.shippingAtCheckout') : fee === 0 ? t('checkout.free') : money(fee)}
            </span>
          </dt>
          <dd className="mt-2">
            <select
              id="cart-governorate"
              value={governorate}
              onChange={(e) => {
                setGovernorate(e.target.value);
                saveGovernorate(e.target.value);
              }}
              className="field py-2 text-sm"
            >
              <option value="">{t('checkout.chooseGovernorate')}</option>
              {governorates.map((g) => (
                <option key={g.code} value={g.code}>
                  {i18n.resolvedLanguage === 'ar' ? g.ar : g.en}
                </option>
              ))}
            </select>
          </dd>
        </div>
        <div className="flex justify-between border-t border-line pt-3 text-base">
          <dt className="font-semibold">{t('cart.total')}</dt>
          <dd className="font-semibold" data-testid="cart-total">
            {money(total)}
          </dd>
        </div>
      </dl>
      <ChargedInEgp piastres={total} />
      <div className="mt-5 border-t border-line pt-4">
        <CouponField items={items} quote={quote} />
      </div>
      <p className="mt-4 rounded-xl bg-sand/70 p-3 text-xs text-olive">
        {toFree > 0 ? t('cart.freeShippingGap', { amount: money(toFree) }) : t('cart.freeShippingReached')}
      </p>
      <Link to="/checkout" className="btn btn-primary mt-5 w-full">
        {t('cart.checkout')}
      </Link>
      <p className="mt-3 text-center text-xs text-muted">{t('cart.cod')}</p>
    </aside>
  );
}

/** The cart: its lines and a summary beside them, or an empty state. */
export default function CartPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const items = useAppSelector((s) => s.cart.cartItems);

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.cart')} />
      <Breadcrumb trail={[{ label: t('nav.cart') }]} />
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t('cart.title')}</h1>

      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_360px]">
          <section aria-label={t('cart.linesLabel')}>
            <ul className="divide-y divide-line rounded-3xl bg-white px-4 shadow-soft sm:px-6">
              {items.map((item) => (
                <CartLine key={item.cartItemId} item={item} />
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap justify-between gap-3">
              <Link to="/shop-grid-standard" className="btn btn-ghost">
                {t('cart.continue')}
              </Link>
              <button type="button" onClick={() => dispatch(clearCart())} className="btn btn-ghost">
                <Trash2 size={15} aria-hidden="true" />
                {t('cart.clear')}
              </button>
            </div>
          </section>
          <CartSummary items={items} />
        </div>
      )}
    </div>
  );
}
