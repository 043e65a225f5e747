import { useTranslation } from '../../app/i18n-view';
import { useFormContext } from 'react-hook-form';
import { Lock } from 'lucide-react';
import { lineStock, type CartItem } from '../../../shared/domain/cart';
import type { QuotedLine } from '../../../shared/domain/quote';
import { CouponField, PromotionLines, useCartQuote } from '../promotions';
import { useMoney } from '../../app/use-money';
import { ProductImage } from '../../components/product/product-image';
import { ChargedInEgp } from '../currency';
import type { FormValues } from './checkout-form';
import { keyIn } from '../../app/translation-keys';
import { isOnlineMethod } from '../../../shared/domain/payments';

function SummaryLine({ item, quoted }: { item: CartItem; quoted: QuotedLine }) {
  const { t } = useTranslation();
  const money = useMoney();
  const options = [
    item.selectedProductColor && t(keyIn('colors', item.selectedProductColor)),
    item.selectedProductSize && t(keyIn('sizes', item.selectedProductSize)),
  ]
    .filter(Boolean)
    .join(' · ');
  const short = item.quantity > lineStock(item, item.selectedProductColor, item.selectedProductSize);
  return (
    <li className="flex gap-3 py-3" data-testid="summary-line">
      <div className="relative w-16 shrink-0 overflow-hidden rounded-xl bg-sand">
        <ProductImage image={item.images[0]} sizes="64px" className="aspect-square w-full object-cover" alt="" />
        <span className="absolute -end-0 -top-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] font-semibold text-ivory">
          {item.quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold leading-snug">{item.name}</p>
        {options && <p className="text-muted">{options}</p>}
        <p className="text-muted">
          {item.quantity} × {money(quoted.unitPrice)}
        </p>
        {short && <p className="text-rose">{t('checkout.checkStock')}</p>}
      </div>
      <p className="text-sm font-semibold">{money(quoted.lineTotal)}</p>
    </li>
  );
}

/** The order summary beside the form: the cart's quote (lines, subtotal, delivery for the chosen governorate, total), and the submit button. */
export function CheckoutSummary({ items, placing }: { items: CartItem[]; placing: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { watch } = useFormContext<FormValues>();
  const governorate = watch('governorate');
  const method = watch('paymentMethod');
  const phone = watch('phone');
  const online = !!method && isOnlineMethod(method);
  const quote = useCartQuote(items, governorate);
  const { subtotal, shipping: fee, total } = quote;
  return (
    <aside className="h-fit rounded-3xl bg-white p-5 shadow-soft sm:p-7 lg:sticky lg:top-28" aria-labelledby="summary-title">
      <h2 id="summary-title" className="font-display text-2xl font-semibold">
        {t('cart.summary')}
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {items.map((item, i) => {
          // The quote keeps the cart's order: line i is item i.
          const quoted = quote.lines[i];
          return quoted && <SummaryLine key={item.cartItemId} item={item} quoted={quoted} />;
        })}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">{t('cart.subtotal')}</dt>
          <dd data-testid="checkout-subtotal">{money(subtotal)}</dd>
        </div>
        <PromotionLines quote={quote} />
        <div className="flex justify-between">
          <dt className="text-muted">{t('cart.shipping')}</dt>
          <dd data-testid="checkout-shipping">{fee === null ? t('checkout.chooseGovernorateFirst') : fee === 0 ? t('checkout.free') : money(fee)}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="checkout-total" data-piastres={total}>
            {money(total)}
          </dd>
        </div>
      </dl>
      <ChargedInEgp piastres={total} />
      <div className="mt-5 border-t border-line pt-4">
        <CouponField items={items} quote={quote} phone={phone || undefined} inForm />
      </div>
      <button type="submit" disabled={placing} className="btn btn-primary mt-6 h-12 w-full gap-2 disabled:opacity-70">
        <Lock size={16} aria-hidden="true" />
        {online ? (placing ? t('checkout.toPaymentBusy') : t('checkout.toPayment')) : placing ? t('checkout.placing') : t('checkout.placeOrder')}
      </button>
      <p className="mt-3 text-center text-xs text-muted">{online ? t('checkout.termsOnline') : t('checkout.terms')}</p>
    </aside>
  );
}
