import { useTranslation } from '../../app/i18n-view';
import type { Order } from '../../../shared/schemas/checkout';
import { findGovernorate } from '../../../shared/domain/governorates';
import { formatPiastres } from '../../../shared/domain/currency';
import { PhoneNumber } from '../ui/phone-number';
import { keyIn } from '../../app/translation-keys';

/** What every view of an order shows: lines and amounts; how it is paid names the total (to pay on delivery, or paid online). */
type Amounts = Pick<Order, 'lines' | 'subtotal' | 'shippingFee' | 'total'> & Partial<Pick<Order, 'paymentMethod' | 'promotions'>>;
/** Who and where: shown only to the order's link and its account, not to a look-up by number and phone. */
type Delivery = Pick<Order, 'customerName' | 'phone' | 'address' | 'city' | 'governorate'>;

/** An order's lines and totals, always in EGP: the amount the courier will collect (or the amount paid online); then who and where, when given. */
export function OrderSummary({ order }: { order: Amounts & Partial<Delivery> }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const egp = (piastres: number) => formatPiastres(piastres, lng);
  const gov = order.governorate ? findGovernorate(order.governorate) : undefined;
  return (
    <div className="rounded-3xl bg-white p-5 shadow-soft sm:p-7">
      <ul className="divide-y divide-line">
        {order.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-4 py-3 text-sm" data-testid="order-line">
            <div>
              <p className="font-semibold">{l.name}</p>
              <p className="text-muted">
                {[l.color && t(keyIn('colors', l.color)), l.size && t(keyIn('sizes', l.size))].filter(Boolean).join(' · ')}
                {(l.color || l.size) && ' · '}
                {l.quantity} × {egp(l.unitPaid)}
              </p>
            </div>
            <p className="font-semibold">{egp(l.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">{t('cart.subtotal')}</dt>
          <dd>{egp(order.subtotal)}</dd>
        </div>
        {order.promotions
          ?.filter((p) => p.kind !== 'free_delivery')
          .map((p, i) => (
            <div key={i} className="flex justify-between text-emerald-800" data-testid="order-promotion">
              <dt>{t('coupon.discount', { name: p.code ?? p.name })}</dt>
              <dd>−{egp(p.amount)}</dd>
            </div>
          ))}
        <div className="flex justify-between">
          <dt className="text-muted">{t('cart.shipping')}</dt>
          <dd>
            {order.shippingFee === 0 ? t('checkout.free') : egp(order.shippingFee)}
            {order.promotions
              ?.filter((p) => p.kind === 'free_delivery' && p.amount > 0)
              .map((p) => (
                <span key={p.name} className="block text-end text-xs text-emerald-800">
                  {p.code ?? p.name}
                </span>
              ))}
          </dd>
        </div>
        <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
          <dt>{order.paymentMethod && order.paymentMethod !== 'cod' ? t('cart.total') : t('success.toPay')}</dt>
          <dd data-testid="order-total">{egp(order.total)}</dd>
        </div>
      </dl>
      {order.customerName !== undefined && order.phone !== undefined && order.address !== undefined && (
        <div className="mt-5 grid gap-1 rounded-2xl bg-sand/60 p-4 text-sm">
          <p className="font-semibold">{order.customerName}</p>
          <p>
            <PhoneNumber value={order.phone} />
          </p>
          <p>
            {order.address}, {order.city}, {gov ? (lng === 'ar' ? gov.ar : gov.en) : order.governorate}
          </p>
        </div>
      )}
    </div>
  );
}
