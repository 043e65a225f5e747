import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { X } from 'lucide-react';
import { cartSubtotal, lineTotal } from '../../../shared/domain/cart-quote';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMoney } from '../../app/use-money';
import { ProductImage } from '../../components/product/product-image';
import { removeFromCart } from './cart-slice';
import { keyIn } from '../../app/translation-keys';

/** The header's cart panel on large screens: lines, total, links to the cart and checkout. */
export function CartDropdown({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const money = useMoney();
  const items = useAppSelector((s) => s.cart.cartItems);

  if (items.length === 0) {
    return <p className="px-2 py-6 text-center text-sm text-muted">{t('cartDropdown.empty')}</p>;
  }
  return (
    <div>
      <ul className="max-h-80 divide-y divide-line overflow-y-auto">
        {items.map((item) => {
          const href = `/product/${item.id}`;
          const options = [
            item.selectedProductColor && t(keyIn('colors', item.selectedProductColor)),
            item.selectedProductSize && t(keyIn('sizes', item.selectedProductSize)),
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={item.cartItemId} className="flex gap-3 py-3" data-testid="dropdown-line">
              <Link to={href} onClick={onNavigate} className="shrink-0 overflow-hidden rounded-lg bg-sand" tabIndex={-1} aria-hidden="true">
                <ProductImage image={item.images[0]} sizes="64px" className="h-16 w-16 object-cover" />
              </Link>
              <div className="min-w-0 flex-1 text-sm">
                <Link to={href} onClick={onNavigate} className="line-clamp-2 font-medium text-ink hover:text-amber-dark">
                  {item.name}
                </Link>
                {options && <p className="text-xs text-muted">{options}</p>}
                <p className="mt-0.5 text-muted">
                  {t('cartDropdown.quantity', { count: item.quantity })} · <span className="font-semibold text-ink">{money(lineTotal(item))}</span>
                </p>
              </div>
              <button
                type="button"
                onClick={() => dispatch(removeFromCart(item.cartItemId))}
                className="self-start rounded-full p-1 text-muted hover:bg-sand hover:text-rose"
                aria-label={t('cartDropdown.remove', { name: item.name })}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex items-center justify-between border-t border-line pt-3 text-sm">
        <span className="font-medium">{t('cartDropdown.total')}</span>
        <span className="text-base font-semibold" data-testid="dropdown-total">
          {money(cartSubtotal(items))}
        </span>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Link to="/cart" onClick={onNavigate} className="btn btn-ghost !py-2.5">
          {t('cartDropdown.viewCart')}
        </Link>
        <Link to="/checkout" onClick={onNavigate} className="btn btn-primary !py-2.5">
          {t('cartDropdown.checkout')}
        </Link>
      </div>
    </div>
  );
}
